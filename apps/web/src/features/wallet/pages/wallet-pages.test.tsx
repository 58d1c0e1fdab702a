import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityItem, Balance } from '@tradeflip/api';
import { renderApp, savePrecisions, stubGets, type Answer } from '@/app/test-utils';
import { ApiError } from '@/lib/http';
import { setLanguage } from '@/lib/i18n';
import { storageKeys } from '@/lib/storage-keys';
import { liveRefresh } from '@/lib/live-refresh';

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

function adjustment(n: number, over: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: `entry:${n}`,
    token: 'USDT',
    category: 'other',
    kind: 'adjustment',
    state: 'done',
    amount: '25.1234567',
    availableDelta: '25.1234567',
    frozenDelta: '0',
    refType: 'admin',
    refId: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    steps: [
      {
        id: String(n),
        kind: 'credited',
        availableDelta: '25.1234567',
        frozenDelta: '0',
        availableAfter: '1234.567891',
        frozenAfter: '10',
        createdAt: '2026-11-21T10:00:00.000Z',
      },
    ],
    ...over,
  };
}

/** A withdrawal of 20 + 0.5 fee, rejected: frozen, then refunded. */
const rejected: ActivityItem = {
  id: 'withdrawal:7',
  token: 'USDT',
  category: 'withdrawals',
  kind: 'withdrawal_rejected',
  state: 'refunded',
  amount: '-20.5',
  availableDelta: '0',
  frozenDelta: '0',
  refType: 'withdrawal',
  refId: '7',
  createdAt: '2026-11-21T11:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
  steps: [
    {
      id: '40',
      kind: 'frozen',
      availableDelta: '-20.5',
      frozenDelta: '20.5',
      availableAfter: '1214.067891',
      frozenAfter: '30.5',
      createdAt: '2026-11-21T11:00:00.000Z',
    },
    {
      id: '41',
      kind: 'refunded',
      availableDelta: '20.5',
      frozenDelta: '-20.5',
      availableAfter: '1234.567891',
      frozenAfter: '10',
      createdAt: '2026-11-21T12:00:00.000Z',
    },
  ],
};

let answer: Answer;
let get: ReturnType<typeof stubGets>;

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  setLanguage('en-US');
  // The precision map says ETH shows 4 decimals (the server's balance says 5): the map wins.
  savePrecisions({ USDT: 6, ETH: 4 });
  answer = (url) => {
    if (url === '/api/app/asset/balances') return Promise.resolve({ list: balances });
    if (url === '/api/app/asset/overview') {
      return Promise.resolve({
        totalUsdt: '1676.642891',
        availableUsdt: '1666.642891',
        frozenUsdt: '10',
        pricedAt: '2026-11-21T10:00:00.000Z',
        positions: [],
        flips: [],
      });
    }
    return Promise.reject(new Error(`unexpected ${url}`));
  };
  get = stubGets(() => answer);
});

const activityCalls = () =>
  get.mock.calls.filter(([url]) => url === '/api/app/asset/activity').map(([, o]) => o?.params);

describe('Total assets', () => {
  it('shows the total, then each token with its total, frozen and ≈ USDT, truncated and trimmed', async () => {
    renderApp('/pages/asset/total', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('asset-total-usdt').textContent).toBe('≈ 1,676.64'));
    const eth = await screen.findByTestId('asset-row-ETH');
    expect(within(eth).getByTestId('asset-row-total').textContent).toBe('0.1234');
    expect(within(eth).getByTestId('asset-row-usdt').textContent).toBe('≈ 432.07 USDT');
    const usdt = screen.getByTestId('asset-row-USDT');
    expect(within(usdt).getByTestId('asset-row-total').textContent).toBe('1,244.567891');
    expect(within(usdt).getByTestId('asset-row-frozen').textContent).toBe('10');
    // Largest holding first; each row is a link to the token.
    const rows = within(screen.getByTestId('asset-list')).getAllByRole('link');
    expect(rows.map((r) => r.dataset.testid)).toEqual(['asset-row-USDT', 'asset-row-ETH', 'asset-row-BTC']);
    expect(rows[1]!.getAttribute('href')).toBe('/pages/wallet/token?id=ETH');
  });

  it('masks every balance behind the eye, and remembers it', async () => {
    const user = userEvent.setup();
    const first = renderApp('/pages/asset/total', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('asset-total-usdt').textContent).toBe('≈ 1,676.64'));
    await user.click(screen.getByTestId('hide-balances'));
    expect(screen.getByTestId('asset-total-usdt').textContent).toBe('****');
    expect(within(screen.getByTestId('asset-row-ETH')).getByTestId('asset-row-total').textContent).toBe(
      '****',
    );
    // No "≈ **** USDT": an approximation of a figure nobody sees.
    expect(within(screen.getByTestId('asset-row-ETH')).getByTestId('asset-row-usdt').textContent).toBe(
      '****',
    );
    expect(localStorage.getItem(storageKeys.hideBalances)).toBe('1');
    first.unmount();
    const token = renderApp('/pages/wallet/token?id=USDT', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('token-total').textContent).toBe('****'));
    expect(screen.getByTestId('token-usdt').textContent).toBe('****');
    token.unmount();
    renderApp('/pages/user/index', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('balance-summary-total').textContent).toBe('****'));
    await user.click(screen.getByTestId('hide-balances'));
    expect(screen.getByTestId('balance-summary-total').textContent).toBe('≈ 1,676.64');
    expect(localStorage.getItem(storageKeys.hideBalances)).toBeNull();
  });

  it('hides zero balances on request', async () => {
    const user = userEvent.setup();
    renderApp('/pages/asset/total', { signedIn: true });
    await screen.findByTestId('asset-row-BTC');
    await user.click(screen.getByTestId('asset-hide-zero'));
    expect(screen.queryByTestId('asset-row-BTC')).toBeNull();
  });

  it('says "check your connection" only when there was no answer, the server’s words otherwise', async () => {
    const ok = answer;
    answer = (url) =>
      url === '/api/app/asset/balances'
        ? Promise.reject(new ApiError('Network error, please try again', { kind: 'network', code: -1 }))
        : ok(url);
    const user = userEvent.setup();
    const first = renderApp('/pages/asset/total', { signedIn: true });
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Check your connection');
    answer = ok;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('asset-row-USDT')).toBeTruthy();
    first.unmount();

    answer = (url) =>
      url === '/api/app/asset/balances'
        ? Promise.reject(
            new ApiError('Server busy. Try again later', { kind: 'http', code: 503, status: 503 }),
          )
        : ok(url);
    renderApp('/pages/asset/total', { signedIn: true });
    const busy = await screen.findByTestId('load-error');
    expect(busy.textContent).toContain('Server busy. Try again later');
    expect(busy.textContent).not.toContain('Check your connection');
  });
});

describe('Token detail', () => {
  it('shows the balance and the history in the person’s words, pages on scroll, and opens an item', async () => {
    const base = answer;
    answer = (url, opts) => {
      if (url === '/api/app/asset/activity') {
        const page = Number(opts?.params?.page);
        const list =
          page === 1
            ? [rejected, ...Array.from({ length: 19 }, (_, i) => adjustment(i + 2))]
            : Array.from({ length: 5 }, (_, i) => adjustment(21 + i));
        return Promise.resolve({ list, total: 25, page, pageSize: 20 });
      }
      if (url === '/api/app/asset/precisions') {
        return Promise.resolve({
          list: [
            { symbol: 'USDT', price_precision: 4, amount_precision: 6, mainnet: 'ERC20' },
            { symbol: 'USDT', price_precision: 4, amount_precision: 6, mainnet: 'BEP20' },
          ],
        });
      }
      return base(url);
    };
    // jsdom lays nothing out; the infinite scroll only looks at elements that have an offset parent.
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement;
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/pages/wallet/token?id=usdt', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('token-available').textContent).toBe('1,234.567891'));
    expect(screen.getByTestId('token-frozen').textContent).toBe('10');
    await waitFor(() =>
      expect(screen.getByTestId('token-networks').textContent).toBe('Networks: ERC20 · BEP20'),
    );
    await waitFor(() => expect(screen.getAllByTestId('activity-item')).toHaveLength(25));
    expect(activityCalls()).toEqual([
      { token: 'USDT', page: 1, pageSize: 20 },
      { token: 'USDT', page: 2, pageSize: 20 },
    ]);
    const [refund, credit] = screen.getAllByTestId('activity-item');
    expect(within(refund!).getByTestId('activity-title').textContent).toBe('Withdrawal rejected');
    expect(within(refund!).getByTestId('activity-state').textContent).toBe('Refunded');
    expect(within(refund!).getByTestId('activity-amount').textContent).toBe('20.5');
    expect(within(credit!).getByTestId('activity-title').textContent).toBe('Adjustment');
    expect(within(credit!).getByTestId('activity-amount').textContent).toBe('+25.123456');

    await user.click(refund!);
    const detail = await screen.findByTestId('activity-detail');
    const steps = within(detail).getAllByTestId('activity-step');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('-20.5'),
      expect.stringContaining('+20.5'),
    ]);
    expect(within(detail).getByRole('link').getAttribute('href')).toBe('/pages/wallet/withdrawDetail?id=7');
  });

  it('lists once an item a record arriving between two pages pushed onto the next one', async () => {
    const base = answer;
    answer = (url, opts) => {
      if (url === '/api/app/asset/activity') {
        const page = Number(opts?.params?.page);
        // Page 1 was items 1–20; a record then arrived, so page 2 starts with item 20 again.
        const list =
          page === 1
            ? Array.from({ length: 20 }, (_, i) => adjustment(i + 1, { amount: String(i + 1) }))
            : Array.from({ length: 6 }, (_, i) => adjustment(20 + i, { amount: String(20 + i) }));
        return Promise.resolve({ list, total: 26, page, pageSize: 20 });
      }
      if (url === '/api/app/asset/precisions') return Promise.resolve({ list: [] });
      return base(url);
    };
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement;
    });
    renderApp('/pages/wallet/token?id=USDT', { signedIn: true });
    await waitFor(() => expect(activityCalls()).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('activity-item')).toHaveLength(25));
    const amounts = screen.getAllByTestId('activity-amount').map((cell) => cell.textContent);
    expect(amounts).toEqual(Array.from({ length: 25 }, (_, i) => `+${i + 1}`));
  });

  it('shows the open positions’ unrealised PnL on the margin token’s page only', async () => {
    const base = answer;
    answer = (url, opts) => {
      if (url === '/api/app/asset/overview')
        return Promise.resolve({
          totalUsdt: '1674.592891',
          availableUsdt: '1666.642891',
          frozenUsdt: '10',
          unrealizedPnlUsdt: '-3.05',
          closeNowUsdt: '-2.05',
          openPositions: 1,
          pricedAt: '2026-11-21T10:00:00.000Z',
          positions: [],
          flips: [],
        });
      if (url === '/api/app/asset/activity')
        return Promise.resolve({ list: [], total: 0, page: 1, pageSize: 20 });
      if (url === '/api/app/asset/precisions') return Promise.resolve({ list: [] });
      return base(url, opts);
    };
    const usdt = renderApp('/pages/wallet/token?id=USDT', { signedIn: true });
    expect((await screen.findByTestId('token-unrealized')).textContent).toBe('-3.05');
    expect(screen.getByText('Unrealized PnL')).toBeTruthy();
    expect(screen.getByTestId('token-close-now').textContent).toBe('-2.05');
    expect(screen.getByText('If closed now (after fee)')).toBeTruthy();
    usdt.unmount();
    renderApp('/pages/wallet/token?id=ETH', { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('token-total').textContent).toBe('0.1234'));
    expect(screen.queryByTestId('token-unrealized')).toBeNull();
  });

  it('filters by a few user categories and says when one has no records', async () => {
    const base = answer;
    answer = (url, opts) => {
      if (url === '/api/app/asset/activity') {
        const list = opts?.params?.category ? [] : [adjustment(1)];
        return Promise.resolve({ list, total: list.length, page: 1, pageSize: 20 });
      }
      return base(url);
    };
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/pages/wallet/token?id=USDT', { signedIn: true });
    await screen.findByTestId('activity-item');
    await user.click(screen.getByTestId('activity-filter'));
    const options = await screen.findByTestId('activity-filter-options');
    expect(
      within(options)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Deposits', 'Withdrawals', 'Games', 'Rewards', 'Other']);
    await user.click(within(options).getByRole('option', { name: 'Rewards' }));
    expect((await screen.findByTestId('activity-empty')).textContent).toContain('No Rewards records');
    expect(activityCalls().at(-1)).toEqual({ token: 'USDT', category: 'rewards', page: 1, pageSize: 20 });
    expect(screen.getByTestId('activity-filter').textContent).toBe('Rewards');
  });

  it('shows an empty history in Chinese, and an unknown token', async () => {
    setLanguage('zh-CN');
    const base = answer;
    answer = (url) =>
      url === '/api/app/asset/activity'
        ? Promise.resolve({ list: [], total: 0, page: 1, pageSize: 20 })
        : base(url);
    const first = renderApp('/pages/wallet/token?id=BTC', { signedIn: true });
    expect((await screen.findByTestId('activity-empty')).textContent).toContain('暂无记录');
    first.unmount();
    renderApp('/pages/wallet/token?id=NOPE', { signedIn: true });
    expect((await screen.findByTestId('unknown-token')).textContent).toContain('未知资产');
  });
});

describe('balance summary', () => {
  it('counts the open positions in words that agree with the number', async () => {
    const base = answer;
    let open = 1;
    answer = (url) =>
      url === '/api/app/asset/overview'
        ? Promise.resolve({
            totalUsdt: '1020',
            availableUsdt: '900',
            frozenUsdt: '100',
            unrealizedPnlUsdt: '20',
            openPositions: open,
            pricedAt: '2026-11-21T10:00:00.000Z',
            positions: [],
            flips: [],
          })
        : base(url);
    const one = renderApp('/pages/user/index', { signedIn: true });
    expect((await screen.findByTestId('balance-summary-positions')).textContent).toBe(
      '1 open position · Unrealized PnL\u00a0+20',
    );
    one.unmount();
    open = 2;
    renderApp('/pages/user/index', { signedIn: true });
    await waitFor(() =>
      expect(screen.getByTestId('balance-summary-positions').textContent).toBe(
        '2 open positions · Unrealized PnL\u00a0+20',
      ),
    );
  });

  it('follows the market while a position is open: its unrealized PnL is asked again, not only on the user’s events', async () => {
    const base = answer;
    const pnls = ['20', '26.5'];
    let asked = 0;
    answer = (url) =>
      url === '/api/app/asset/overview'
        ? Promise.resolve({
            totalUsdt: '1020',
            availableUsdt: '900',
            frozenUsdt: '100',
            unrealizedPnlUsdt: pnls[Math.min(asked++, pnls.length - 1)],
            openPositions: 1,
            pricedAt: '2026-11-21T10:00:00.000Z',
            positions: [],
            flips: [],
          })
        : base(url);
    const interval = liveRefresh.openPnlMs;
    liveRefresh.openPnlMs = 50;
    try {
      renderApp('/pages/user/index', { signedIn: true });
      expect((await screen.findByTestId('balance-summary-positions')).textContent).toBe(
        '1 open position · Unrealized PnL\u00a0+20',
      );
      await waitFor(() =>
        expect(screen.getByTestId('balance-summary-positions').textContent).toBe(
          '1 open position · Unrealized PnL\u00a0+26.5',
        ),
      );
    } finally {
      liveRefresh.openPnlMs = interval;
    }
  });

  it('lists the plays still running on Home: each position’s net PnL, each flip’s time left, each opening its game', async () => {
    const base = answer;
    answer = (url) =>
      url === '/api/app/asset/overview'
        ? Promise.resolve({
            totalUsdt: '1018.97',
            availableUsdt: '900',
            frozenUsdt: '110',
            unrealizedPnlUsdt: '14.61',
            openPositions: 1,
            openFlips: 1,
            pricedAt: '2026-11-21T10:00:00.000Z',
            positions: [
              {
                id: '7',
                symbol: 'BTCUSDT',
                pair: 'BTC/USDT',
                side: 'long',
                leverage: 10,
                token: 'USDT',
                pnl: '14.61',
              },
            ],
            flips: [
              {
                id: '9',
                symbol: 'ETHUSDT',
                pair: 'ETH/USDT',
                direction: 'down',
                stake: '10',
                token: 'USDT',
                expiresAt: new Date(Date.now() + 20_000).toISOString(),
              },
            ],
          })
        : base(url);
    renderApp('/', { signedIn: true });
    const list = await screen.findByTestId('home-open-plays');
    const position = within(list).getByTestId('home-open-position');
    expect(position.textContent).toBe('BTC/USDTLong 10×+14.61 USDT');
    expect(position.getAttribute('href')).toBe('/pages/game/detail?id=BTCUSDT');
    const flip = within(list).getByTestId('home-open-flip');
    expect(flip.textContent).toMatch(/^ETH\/USDTDown · 10 USDT(19|20)s left$/);
    expect(flip.getAttribute('href')).toBe('/pages/flip-lightning/index');
  });

  it('shows the total on Profile and links to Total assets', async () => {
    renderApp('/pages/user/index', { signedIn: true });
    const summary = await screen.findByTestId('balance-summary');
    await waitFor(() =>
      expect(within(summary).getByTestId('balance-summary-total').textContent).toBe('≈ 1,676.64'),
    );
    expect(within(summary).getByTestId('balance-summary-link').getAttribute('href')).toBe(
      '/pages/asset/total',
    );
  });
});
