import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositInfo, DepositOptions, DepositRecord } from '@tradeflip/api';
import { currentPath, renderApp, savePrecisions, stubGets, toastText, type Answer } from '@/app/test-utils';
import { formatDateTime } from '@/lib/format-time';
import { ApiError } from '@/lib/http';
import { setLanguage } from '@/lib/i18n';
import { liveRefresh } from '@/lib/live-refresh';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const TX = `0x${'ab'.repeat(28)}12345678`;

const options: DepositOptions = {
  list: [
    {
      token: 'USDT',
      name: 'Tether USD',
      enabled: true,
      networks: [
        { network: 'ERC20', minDeposit: '10', confirmations: 12, enabled: true },
        { network: 'BEP20', minDeposit: '1.5', confirmations: 15, enabled: false },
      ],
    },
  ],
};

function info(network: 'ERC20' | 'BEP20'): DepositInfo {
  return {
    token: 'USDT',
    network,
    address: ADDRESS,
    minDeposit: network === 'ERC20' ? '10.000000000000000000' : '1.5',
    confirmations: network === 'ERC20' ? 12 : 15,
    chainId: 31337,
    contractAddress: CONTRACT,
    explorerAddressUrl: null,
  };
}

function deposit(n: number, over: Partial<DepositRecord> = {}): DepositRecord {
  return {
    id: String(n),
    token: 'USDT',
    network: 'BEP20',
    address: ADDRESS,
    fromAddress: '0x1111111111111111111111111111111111111111',
    txHash: TX,
    amount: '25.1234567',
    confirmations: 15,
    requiredConfirmations: 15,
    status: 'completed',
    belowMinimum: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    processedAt: '2026-11-21T10:01:00.000Z',
    explorerTxUrl: null,
    ...over,
  };
}

let answer: Answer;
let get: ReturnType<typeof stubGets>;

const callsTo = (path: string) =>
  get.mock.calls.filter(([url]) => url === path).map(([, o]) => o?.params ?? {});

beforeEach(() => {
  vi.restoreAllMocks();
  setLanguage('en-US');
  savePrecisions({ USDT: 6 });
  answer = (url, opts) => {
    if (url === '/api/app/asset/deposit/options') return Promise.resolve(options);
    if (url === '/api/app/asset/deposit/info') {
      return Promise.resolve(info(opts?.params?.network as 'ERC20' | 'BEP20'));
    }
    if (url === '/api/app/asset/deposit/list')
      return Promise.resolve({ list: [], total: 0, page: 1, pageSize: 20 });
    return Promise.reject(new Error(`unexpected ${url}`));
  };
  get = stubGets(() => answer);
});

describe('Deposit', () => {
  it('asks for the network first, then shows the address with a QR code, the warning before it, copies it', async () => {
    const user = userEvent.setup();
    renderApp('/pages/wallet/deposit', { signedIn: true });
    // No network is chosen for the person: sending on the wrong one loses the funds.
    expect((await screen.findByTestId('deposit-choose-network')).textContent).toContain(
      'Choose the network you send from',
    );
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(callsTo('/api/app/asset/deposit/info')).toEqual([]);
    expect(screen.getByTestId('deposit-token-USDT').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('deposit-network-ERC20').getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByTestId('deposit-network-ERC20'));
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(ADDRESS);
    expect(callsTo('/api/app/asset/deposit/info')).toEqual([{ token: 'USDT', network: 'ERC20' }]);
    // The warning comes before the address in the page.
    const warning = screen.getByTestId('deposit-warning');
    expect(warning.compareDocumentPosition(screen.getByTestId('deposit-address'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getByTestId('deposit-save-qr')).toBeTruthy();

    const qr = screen.getByTestId('deposit-qr');
    expect(qr.dataset.value).toBe(ADDRESS);
    await waitFor(() => expect(qr.querySelector('svg path')).not.toBeNull());

    expect(screen.getByTestId('deposit-min').textContent).toBe('10 USDT');
    expect(screen.getByTestId('deposit-confirmations').textContent).toBe('12 blocks');
    expect(screen.getByTestId('deposit-warning').textContent).toContain(
      'Send only USDT on ERC20 to this address.',
    );
    expect(screen.getByTestId('deposit-warning').textContent).toContain(
      'Deposits below 10 USDT are recorded but not credited.',
    );

    await user.click(screen.getByTestId('deposit-copy'));
    await waitFor(() => expect(toastText()).toBe('Copied'));
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);

    expect(screen.getByTestId('deposit-records').getAttribute('href')).toBe('/pages/wallet/depositList');
    expect(screen.getByTestId('deposit-records-link').getAttribute('href')).toBe('/pages/wallet/depositList');
  });

  it("says 'Deposit is not available for this token' on a disabled network, without asking for an address", async () => {
    const user = userEvent.setup();
    renderApp('/pages/wallet/deposit?token=usdt&network=ERC20', { signedIn: true });
    await screen.findByTestId('deposit-address');
    await user.click(screen.getByTestId('deposit-network-BEP20'));
    expect((await screen.findByTestId('deposit-unavailable')).textContent).toContain(
      'Deposit is not available for this token',
    );
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(callsTo('/api/app/asset/deposit/info')).toEqual([{ token: 'USDT', network: 'ERC20' }]);
  });

  it('opens on the network asked for, and says a disabled token in Chinese', async () => {
    answer = (url, opts) =>
      url === '/api/app/asset/deposit/options'
        ? Promise.resolve({
            list: [
              {
                ...options.list[0]!,
                networks: options.list[0]!.networks.map((n) => ({ ...n, enabled: true })),
              },
              { token: 'BTC', name: 'Bitcoin', enabled: false, networks: [] },
            ],
          })
        : url === '/api/app/asset/deposit/list'
          ? Promise.resolve({ list: [], total: 0, page: 1, pageSize: 20 })
          : Promise.resolve(info(opts?.params?.network as 'BEP20'));
    const user = userEvent.setup();
    const first = renderApp('/pages/wallet/deposit?network=bsc', { signedIn: true });
    await screen.findByTestId('deposit-address');
    expect(callsTo('/api/app/asset/deposit/info')).toEqual([{ token: 'USDT', network: 'BEP20' }]);
    expect(screen.getByTestId('deposit-min').textContent).toBe('1.5 USDT');
    await user.click(screen.getByTestId('deposit-token-BTC'));
    expect((await screen.findByTestId('deposit-unavailable')).textContent).toContain(
      'Deposit is not available for this token',
    );
    first.unmount();

    act(() => setLanguage('zh-CN'));
    renderApp('/pages/wallet/deposit?token=BTC', { signedIn: true });
    expect((await screen.findByTestId('deposit-unavailable')).textContent).toContain('该币种暂不支持充值');
  });

  it("says 'Failed to fetch deposit options' once, in place, when they cannot be loaded, and retries", async () => {
    const ok = answer;
    answer = (url) =>
      url === '/api/app/asset/deposit/options'
        ? Promise.reject(
            new ApiError('Server busy. Try again later', { kind: 'http', code: 503, status: 503 }),
          )
        : ok(url);
    const shown = vi.spyOn(Toast, 'show');
    const user = userEvent.setup();
    renderApp('/pages/wallet/deposit?network=ERC20', { signedIn: true });
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Failed to fetch deposit options');
    expect(error.textContent).toContain('Server busy. Try again later');
    // No toast repeats it: the call is silent and the page says it.
    expect(get.mock.calls[0]?.[1]).toEqual(expect.objectContaining({ silent: true }));
    expect(shown).not.toHaveBeenCalled();
    answer = ok;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('deposit-address')).toBeTruthy();
  });
});

describe('Deposit: a deposit arriving while the page is open', () => {
  it("says 'Deposit detected, confirming n/N' by itself, then that it was credited", async () => {
    const ok = answer;
    let arriving: DepositRecord[] = [];
    answer = (url, opts) =>
      url === '/api/app/asset/deposit/list'
        ? Promise.resolve({ list: arriving, total: arriving.length, page: 1, pageSize: 20 })
        : ok(url, opts);
    // The page's looks at the records, every 30 ms instead of every few seconds (real time).
    const intervals = { ...liveRefresh };
    liveRefresh.watchMs = 30;
    liveRefresh.inFlightMs = 30;
    try {
      renderApp('/pages/wallet/deposit?network=ERC20', { signedIn: true });
      await screen.findByTestId('deposit-address');
      expect(screen.queryByTestId('deposit-arriving')).toBeNull();

      // The chain watcher sees a deposit: the page's next look (no reload) shows it.
      arriving = [
        deposit(9, { status: 'confirming', confirmations: 2, requiredConfirmations: 15, processedAt: null }),
      ];
      const banner = await screen.findByTestId('deposit-arriving');
      expect(banner.textContent).toContain('Deposit detected, confirming 2/15');
      expect(banner.getAttribute('href')).toBe('/pages/wallet/depositDetail?id=9');

      arriving = [deposit(9, { status: 'completed', processedAt: new Date().toISOString() })];
      await waitFor(() =>
        expect(screen.getByTestId('deposit-arriving').textContent).toContain('25.123456 USDT credited'),
      );
    } finally {
      Object.assign(liveRefresh, intervals);
    }
  });
});

describe('Deposit records', () => {
  it('lists each status in its own colour, pages on scroll, and opens a record', async () => {
    const statuses: DepositRecord[] = [
      deposit(1, { status: 'completed' }),
      deposit(2, { status: 'confirming', confirmations: 3, requiredConfirmations: 12, processedAt: null }),
      deposit(3, { status: 'pending', confirmations: 0, processedAt: null }),
      deposit(4, { status: 'failed' }),
      deposit(5, { status: 'processing', network: 'ERC20' }),
    ];
    answer = (url, opts) => {
      if (url === '/api/app/asset/deposit/list') {
        const page = Number(opts?.params?.page);
        const list =
          page === 1
            ? [...statuses, ...Array.from({ length: 15 }, (_, i) => deposit(10 + i))]
            : [deposit(40, { belowMinimum: true, amount: '0.5' })];
        return Promise.resolve({ list, total: 21, page, pageSize: 20 });
      }
      if (url === '/api/app/asset/deposit/detail') return Promise.resolve(deposit(Number(opts?.params?.id)));
      return Promise.reject(new Error(`unexpected ${url}`));
    };
    // jsdom lays nothing out; the infinite scroll only looks at elements that have an offset parent.
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement;
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { router } = renderApp('/pages/wallet/depositList', { signedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('deposit-item')).toHaveLength(21));
    expect(callsTo('/api/app/asset/deposit/list')).toEqual([
      { page: 1, pageSize: 20 },
      { page: 2, pageSize: 20 },
    ]);

    const tags = screen.getAllByTestId('deposit-item-status').slice(0, 5);
    expect(tags.map((t) => t.textContent)).toEqual([
      'Completed',
      'Confirming (3/12)',
      'Pending',
      'Failed',
      'Processing',
    ]);
    expect(new Set(tags.map((t) => t.className)).size).toBe(5);
    expect(tags.map((t) => t.dataset.status)).toEqual([
      'completed',
      'confirming',
      'pending',
      'failed',
      'processing',
    ]);

    const first = screen.getAllByTestId('deposit-item')[0]!;
    expect(within(first).getByTestId('deposit-item-amount').textContent).toBe('+25.123456 USDT');
    expect(within(first).getByTestId('deposit-item-network').textContent).toBe('BEP20');
    // A failed deposit was never credited: no plus sign.
    const failed = screen.getAllByTestId('deposit-item')[3]!;
    expect(within(failed).getByTestId('deposit-item-amount').textContent).toBe('25.123456 USDT');
    expect(within(first).getByTestId('deposit-item-time').textContent).toBe(
      formatDateTime('2026-11-21T10:00:00.000Z'),
    );
    expect(screen.getAllByTestId('deposit-item').at(-1)!.textContent).toContain('Below minimum');

    await user.click(first);
    await waitFor(() => expect(currentPath(router)).toBe('/pages/wallet/depositDetail?id=1'));
    expect(await screen.findByTestId('deposit-detail')).toBeTruthy();
  });

  it('says so in Chinese when there are none, and offers a retry when they cannot be loaded', async () => {
    act(() => setLanguage('zh-CN'));
    answer = () => Promise.resolve({ list: [], total: 0, page: 1, pageSize: 20 });
    const first = renderApp('/pages/wallet/depositList', { signedIn: true });
    expect((await screen.findByTestId('deposit-empty')).textContent).toContain('暂无充值记录');
    first.unmount();

    act(() => setLanguage('en-US'));
    answer = () =>
      Promise.reject(new ApiError('Network error, please try again', { kind: 'network', code: -1 }));
    renderApp('/pages/wallet/depositList', { signedIn: true });
    expect(await screen.findByTestId('load-error')).toBeTruthy();
  });

  it('shows confirming (n/N) in Chinese', async () => {
    act(() => setLanguage('zh-CN'));
    answer = () =>
      Promise.resolve({
        list: [deposit(1, { status: 'confirming', confirmations: 3, requiredConfirmations: 12 })],
        total: 1,
        page: 1,
        pageSize: 20,
      });
    renderApp('/pages/wallet/depositList', { signedIn: true });
    expect((await screen.findByTestId('deposit-item-status')).textContent).toBe('确认中（3/12）');
  });
});

describe('Deposit detail', () => {
  it('shows every field, the hash shortened and copyable, and the below-minimum note', async () => {
    answer = (url) =>
      url === '/api/app/asset/deposit/detail'
        ? Promise.resolve(
            deposit(7, {
              status: 'confirming',
              confirmations: 4,
              requiredConfirmations: 15,
              processedAt: null,
              belowMinimum: true,
              amount: '0.5',
            }),
          )
        : Promise.reject(new Error(`unexpected ${url}`));
    const user = userEvent.setup();
    renderApp('/pages/wallet/depositDetail?id=7', { signedIn: true });
    const detail = await screen.findByTestId('deposit-detail');
    const field = (id: string) => within(detail).getByTestId(id).textContent;
    expect(field('deposit-detail-amount')).toBe('+0.5 USDT');
    expect(field('deposit-detail-status')).toBe('Confirming (4/15)');
    expect(field('deposit-detail-token')).toBe('USDT');
    expect(field('deposit-detail-network')).toBe('BEP20');
    expect(field('deposit-detail-confirmations')).toBe('4/15');
    expect(field('deposit-detail-txhash')).toBe(`${TX.slice(0, 8)}…${TX.slice(-6)}`);
    expect(within(detail).getByTestId('deposit-detail-txhash').dataset.value).toBe(TX);
    expect(field('deposit-detail-from')).toBe('0x1111111111111111111111111111111111111111');
    expect(field('deposit-detail-to')).toBe(ADDRESS);
    expect(field('deposit-detail-created')).toBe(formatDateTime('2026-11-21T10:00:00.000Z'));
    expect(field('deposit-detail-processed')).toBe('--');
    expect(field('deposit-detail-below-min')).toBe('Below the minimum deposit: recorded, not credited.');

    await user.click(within(detail).getByRole('button', { name: 'Transaction hash' }));
    expect(await navigator.clipboard.readText()).toBe(TX);
  });
});
