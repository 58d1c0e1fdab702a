import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Balance, FlowEntry } from '@tradeflip/contract';
import { renderApp } from '@/app/test-utils';
import { ApiError, http, type RequestOptions } from '@/lib/http';
import { setLanguage } from '@/lib/i18n';
import { resetPrecisions } from '@/lib/precisions';
import { storageKeys } from '@/lib/storage-keys';

const balances: Balance[] = [
  {
    token: 'USDT',
    available: '1234.567891',
    frozen: '10',
    total: '1244.567891',
    price: '1',
    usdtValue: '1244.567891',
    amountDp: 6,
    priceDp: 4,
  },
  {
    token: 'ETH',
    available: '0.12345',
    frozen: '0',
    total: '0.12345',
    price: '3500',
    usdtValue: '432.075',
    amountDp: 5,
    priceDp: 2,
  },
  {
    token: 'BTC',
    available: '0',
    frozen: '0',
    total: '0',
    price: '65000',
    usdtValue: '0',
    amountDp: 6,
    priceDp: 2,
  },
];

function entry(n: number, over: Partial<FlowEntry> = {}): FlowEntry {
  return {
    id: String(n),
    token: 'USDT',
    type: 'admin_adjust',
    availableDelta: '25.1234567',
    frozenDelta: '0',
    availableAfter: '1234.567891',
    frozenAfter: '10',
    refType: 'admin',
    refId: null,
    memo: 'welcome bonus',
    createdAt: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}

type Get = (url: string, opts?: RequestOptions) => Promise<unknown>;
let answer: Get;
let get: { mock: { calls: [string, RequestOptions?][] } };

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  resetPrecisions();
  setLanguage('en-US');
  // The precision map says ETH shows 4 decimals (the server's balance says 5): the map wins.
  localStorage.setItem(
    storageKeys.precisions,
    JSON.stringify({ savedAt: Date.now(), data: { price_dp: {}, amount_dp: { USDT: 6, ETH: 4 } } }),
  );
  answer = (url) => {
    if (url === '/api/app/asset/balances') return Promise.resolve({ list: balances });
    if (url === '/api/app/asset/overview') {
      return Promise.resolve({
        totalUsdt: '1676.642891',
        availableUsdt: '1666.642891',
        frozenUsdt: '10',
        pricedAt: '2026-11-21T10:00:00.000Z',
      });
    }
    return Promise.reject(new Error(`unexpected ${url}`));
  };
  get = vi
    .spyOn(http, 'get')
    .mockImplementation(((url: string, opts?: RequestOptions) => answer(url, opts)) as never);
});

const flowCalls = () =>
  get.mock.calls.filter(([url]) => url === '/api/app/asset/flows').map(([, o]) => o?.params);

describe('Total assets', () => {
  it('shows the total, then each token with available, frozen and ≈ USDT, truncated', async () => {
    renderApp('/pages/asset/total', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('asset-total-usdt').textContent).toBe('≈ 1,676.64'));
    const eth = await screen.findByTestId('asset-row-ETH');
    expect(within(eth).getByTestId('asset-row-total').textContent).toBe('0.1234');
    expect(within(eth).getByTestId('asset-row-usdt').textContent).toBe('≈ 432.07 USDT');
    const usdt = screen.getByTestId('asset-row-USDT');
    expect(within(usdt).getByTestId('asset-row-available').textContent).toBe('1,234.567891');
    expect(within(usdt).getByTestId('asset-row-frozen').textContent).toBe('10.000000');
    // Largest holding first.
    const rows = within(screen.getByTestId('asset-list')).getAllByRole('button');
    expect(rows.map((r) => r.dataset.testid)).toEqual(['asset-row-USDT', 'asset-row-ETH', 'asset-row-BTC']);
  });

  it('hides zero balances on request and opens a token', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/pages/asset/total', { signedIn: true });
    await screen.findByTestId('asset-row-BTC');
    await user.click(screen.getByTestId('asset-hide-zero'));
    expect(screen.queryByTestId('asset-row-BTC')).toBeNull();
    answer = (url) =>
      url === '/api/app/asset/flows'
        ? Promise.resolve({ list: [], total: 0, page: 1, pageSize: 20 })
        : answer(url);
    await user.click(screen.getByTestId('asset-row-ETH'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=ETH'));
  });

  it('offers a retry when the balances cannot be loaded', async () => {
    const ok = answer;
    answer = (url) =>
      url === '/api/app/asset/balances'
        ? Promise.reject(new ApiError('Network error, please try again', { kind: 'network', code: -1 }))
        : ok(url);
    const user = userEvent.setup();
    renderApp('/pages/asset/total', { signedIn: true });
    const error = await screen.findByTestId('load-error');
    answer = ok;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('asset-row-USDT')).toBeTruthy();
  });
});

describe('Token detail', () => {
  it('shows the balance and the history, pages on scroll, and opens an entry', async () => {
    const base = answer;
    answer = (url, opts) => {
      if (url === '/api/app/asset/flows') {
        const page = Number(opts?.params?.page);
        const list = Array.from({ length: page === 1 ? 20 : 5 }, (_, i) => entry((page - 1) * 20 + i + 1));
        return Promise.resolve({ list, total: 25, page, pageSize: 20 });
      }
      if (url === '/api/app/asset/flow') return Promise.resolve(entry(Number(opts?.params?.id)));
      return base(url);
    };
    // jsdom lays nothing out; the infinite scroll only looks at elements that have an offset parent.
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement;
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/pages/wallet/token?id=usdt', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('token-available').textContent).toBe('1,234.567891'));
    expect(screen.getByTestId('token-frozen').textContent).toBe('10.000000');
    await waitFor(() => expect(screen.getAllByTestId('flow-item')).toHaveLength(25));
    expect(flowCalls()).toEqual([
      { token: 'USDT', page: 1, pageSize: 20 },
      { token: 'USDT', page: 2, pageSize: 20 },
    ]);
    const first = screen.getAllByTestId('flow-item')[0]!;
    expect(within(first).getByTestId('flow-type').textContent).toBe('Admin adjustment');
    expect(within(first).getByTestId('flow-delta').textContent).toBe('+25.123456');

    await user.click(first);
    const detail = await screen.findByTestId('flow-detail');
    expect(within(detail).getByTestId('flow-detail-memo').textContent).toBe('welcome bonus');
    expect(within(detail).getByText('Operator')).toBeTruthy();
  });

  it('filters by business type and says when a type has no records', async () => {
    const base = answer;
    answer = (url, opts) => {
      if (url === '/api/app/asset/flows') {
        const list = opts?.params?.type ? [] : [entry(1)];
        return Promise.resolve({ list, total: list.length, page: 1, pageSize: 20 });
      }
      return base(url);
    };
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/pages/wallet/token?id=USDT', { signedIn: true });
    await screen.findByTestId('flow-item');
    await user.click(screen.getByTestId('flow-filter'));
    const options = await screen.findByTestId('flow-filter-options');
    expect(within(options).getAllByRole('option')).toHaveLength(24);
    await user.click(within(options).getByRole('option', { name: 'Airdrop' }));
    expect((await screen.findByTestId('flows-empty')).textContent).toContain('No Airdrop records');
    expect(flowCalls().at(-1)).toEqual({ token: 'USDT', type: 'airdrop', page: 1, pageSize: 20 });
    expect(screen.getByTestId('flow-filter').textContent).toBe('Airdrop');
  });

  it('shows an empty history in Chinese, and an unknown token', async () => {
    setLanguage('zh-CN');
    const base = answer;
    answer = (url) =>
      url === '/api/app/asset/flows'
        ? Promise.resolve({ list: [], total: 0, page: 1, pageSize: 20 })
        : base(url);
    const first = renderApp('/pages/wallet/token?id=BTC', { signedIn: true });
    expect((await screen.findByTestId('flows-empty')).textContent).toContain('暂无记录');
    first.unmount();
    renderApp('/pages/wallet/token?id=NOPE', { signedIn: true });
    expect((await screen.findByTestId('unknown-token')).textContent).toContain('未知资产');
  });
});

describe('balance summary', () => {
  it('shows the total on Profile and links to Total assets', async () => {
    renderApp('/pages/user/index', { signedIn: true });
    const summary = await screen.findByTestId('balance-summary');
    await waitFor(() =>
      expect(within(summary).getByTestId('balance-summary-total').textContent).toBe('≈ 1,676.64'),
    );
    expect(summary.getAttribute('href')).toBe('/pages/asset/total');
  });
});
