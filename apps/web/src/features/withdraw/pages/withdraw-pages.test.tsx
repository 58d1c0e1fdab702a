import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from 'antd-mobile';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WithdrawalRecord, WithdrawConfig } from '@tradeflip/api';
import {
  currentPath,
  envelope,
  renderApp,
  savePrecisions,
  stubGets,
  toastText,
  type Answer,
} from '@/app/test-utils';
import { errorUnder } from '@/components/form/test-helpers';
import { ANTI_REPEAT_MS } from '@/lib/anti-repeat';
import { formatDateTime } from '@/lib/format-time';
import { ApiError, http } from '@/lib/http';
import { setLanguage } from '@/lib/i18n';

const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TX = `0x${'cd'.repeat(28)}87654321`;

let config: WithdrawConfig;

function withdrawal(n: number, over: Partial<WithdrawalRecord> = {}): WithdrawalRecord {
  return {
    id: String(n),
    orderNo: `W2026112100000${n}`,
    token: 'USDT',
    network: 'BEP20',
    address: TO,
    amount: '50',
    fee: '0.5',
    arrivalAmount: '50',
    status: 'reviewing',
    rejectReason: null,
    failureReason: null,
    txHash: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    processedAt: null,
    estimatedArrival: '2026-11-22T10:00:00.000Z',
    cancellable: false,
    explorerTxUrl: null,
    ...over,
  };
}

let answer: Answer;
let get: ReturnType<typeof stubGets>;

const urls = () => get.mock.calls.map(([url]) => url);

beforeEach(() => {
  vi.restoreAllMocks();
  setLanguage('en-US');
  savePrecisions({ USDT: 6 });
  config = {
    token: 'USDT',
    available: '100.5',
    networks: [
      { network: 'ERC20', minWithdrawal: '10', fee: '5', amountDp: 6, enabled: true },
      { network: 'BEP20', minWithdrawal: '2', fee: '0.5', amountDp: 2, enabled: true },
    ],
  };
  answer = (url, opts) => {
    if (url === '/api/app/asset/withdraw/config') return Promise.resolve(config);
    if (url === '/api/app/asset/withdraw/detail')
      return Promise.resolve(withdrawal(Number(opts?.params?.id)));
    return Promise.reject(new Error(`unexpected ${url}`));
  };
  get = stubGets(() => answer);
});

async function openWithdraw(path = '/pages/wallet/withdraw', fakeTimers = false) {
  const user = userEvent.setup({
    pointerEventsCheck: 0,
    ...(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {}),
  });
  const utils = renderApp(path, { signedIn: true });
  await screen.findByTestId('withdraw-available');
  return { user, ...utils };
}

const amountInput = () => screen.getByTestId('withdraw-amount') as HTMLInputElement;

describe('Withdraw', () => {
  it('shows the available balance, fee, minimum and arrival amount of the chosen network', async () => {
    const { user } = await openWithdraw('/pages/wallet/withdraw?token=usdt');
    expect(get.mock.calls[0]).toEqual([
      '/api/app/asset/withdraw/config',
      expect.objectContaining({ params: { token: 'USDT' } }),
    ]);
    expect(screen.getByTestId('withdraw-available').textContent).toBe('100.5');
    expect(screen.getByTestId('withdraw-network-ERC20').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('5 USDT');
    expect(screen.getByTestId('withdraw-min').textContent).toBe('10 USDT');
    expect(screen.getByTestId('withdraw-arrival').textContent).toBe('-- USDT');

    await user.click(screen.getByTestId('withdraw-network-BEP20'));
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('0.5 USDT');
    expect(screen.getByTestId('withdraw-min').textContent).toBe('2 USDT');
    await user.type(amountInput(), '12.5');
    expect(screen.getByTestId('withdraw-arrival').textContent).toBe('12.5 USDT');
    expect(screen.getByTestId('withdraw-total').textContent).toBe('13 USDT');
    // No figures for an amount the rules refuse: too fine, below the minimum, beyond the balance.
    for (const refused of ['1.999', '1', '100.01']) {
      await user.clear(amountInput());
      await user.type(amountInput(), refused);
      expect(screen.getByTestId('withdraw-arrival').textContent, refused).toBe('-- USDT');
      expect(screen.getByTestId('withdraw-total').textContent, refused).toBe('-- USDT');
    }
    expect(
      screen.getByText('Withdrawals are reviewed before they are sent, expected within 24 h.'),
    ).toBeTruthy();
  });

  it("fills 'Max' with the available balance less the fee, truncated, never negative", async () => {
    config.available = '100.129999';
    const first = await openWithdraw();
    await first.user.click(screen.getByTestId('withdraw-max'));
    expect(amountInput().value).toBe('95.129999');
    await first.user.click(screen.getByTestId('withdraw-network-BEP20'));
    await first.user.click(screen.getByTestId('withdraw-max'));
    // 99.629999 truncated to BEP20's 2 decimals.
    expect(amountInput().value).toBe('99.62');
    first.unmount();

    config.available = '0.2';
    const second = await openWithdraw();
    await second.user.click(screen.getByTestId('withdraw-max'));
    expect(amountInput().value).toBe('0');
  });

  it('says what is wrong under each field, in the spec’s words', async () => {
    const post = vi.spyOn(http, 'post');
    const shown = vi.spyOn(Toast, 'show');
    const { user } = await openWithdraw();
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(errorUnder('Withdrawal address')).toBe('Please enter the withdrawal address');
    expect(errorUnder(/^Amount/)).toBe('Please enter an amount');
    // Said once, under the field: no toast repeats it.
    expect(shown).not.toHaveBeenCalled();

    const address = screen.getByTestId('withdraw-address');
    const check = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.type(field, text);
      await user.click(screen.getByTestId('withdraw-submit'));
    };
    await check(address, '0x123');
    expect(errorUnder('Withdrawal address')).toBe('Invalid address');
    await check(address, `${TO}z`);
    expect(errorUnder('Withdrawal address')).toBe('Invalid address');
    await check(address, TO);
    expect(errorUnder('Withdrawal address')).toBe('');

    await user.click(screen.getByTestId('withdraw-network-BEP20'));
    await check(amountInput(), '2.125');
    expect(errorUnder(/^Amount/)).toBe('Up to 2 decimals');
    await check(amountInput(), '1.99');
    expect(errorUnder(/^Amount/)).toBe('Amount must be ≥ minimum 2');
    await check(amountInput(), '100.51');
    expect(errorUnder(/^Amount/)).toBe('Amount exceeds the available balance');
    await check(amountInput(), '100.25');
    expect(errorUnder(/^Amount/)).toBe('Insufficient balance for the 0.5 USDT network fee');
    await check(amountInput(), '0');
    expect(errorUnder(/^Amount/)).toBe('Amount must be ≥ minimum 2');
    // Every rule it breaks, at once, one line each: too fine and below the minimum.
    await check(amountInput(), '1.999');
    expect(errorUnder(/^Amount/)).toBe('Up to 2 decimals\nAmount must be ≥ minimum 2');
    await check(amountInput(), '100.511');
    expect(errorUnder(/^Amount/)).toBe('Up to 2 decimals\nAmount exceeds the available balance');

    // Switching network re-checks the amount against its own minimum. (Typed, not submitted: a valid
    // form would open the confirm sheet.)
    await user.clear(amountInput());
    await user.type(amountInput(), '5');
    await waitFor(() => expect(errorUnder(/^Amount/)).toBe(''));
    await user.click(screen.getByTestId('withdraw-network-ERC20'));
    expect(errorUnder(/^Amount/)).toBe('Amount must be ≥ minimum 10');
    expect(screen.queryByTestId('withdraw-sheet')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('says it in Chinese', async () => {
    act(() => {
      setLanguage('zh-CN');
    });
    const { user } = await openWithdraw();
    await user.type(screen.getByTestId('withdraw-address'), 'abc');
    await user.click(screen.getByTestId('withdraw-network-BEP20'));
    await user.type(amountInput(), '3.141');
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(errorUnder('提现地址')).toBe('地址无效');
    expect(errorUnder(/^数量/)).toBe('最多 2 位小数');
  });

  it('asks for the login password in a sheet, then submits and opens the withdrawal, reviewing', async () => {
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    const post = vi.spyOn(http, 'post').mockResolvedValue(envelope(withdrawal(7)) as never);
    const { user, router } = await openWithdraw();
    await user.click(screen.getByTestId('withdraw-network-BEP20'));
    await user.type(screen.getByTestId('withdraw-address'), ` ${TO} `);
    await user.type(amountInput(), '50');
    await user.click(screen.getByTestId('withdraw-submit'));

    const sheet = await screen.findByTestId('withdraw-sheet');
    expect(within(sheet).getByTestId('withdraw-sheet-amount').textContent).toBe('50 USDT');
    expect(within(sheet).getByTestId('withdraw-sheet-address').textContent).toBe(TO);
    expect(within(sheet).getByTestId('withdraw-sheet-fee').textContent).toBe('0.5 USDT');
    expect(within(sheet).getByTestId('withdraw-sheet-total').textContent).toBe('50.5 USDT');

    // The password is required.
    await user.click(within(sheet).getByTestId('withdraw-confirm'));
    expect(errorUnder('Sign-in password')).toBe('Please enter your password');
    expect(post).not.toHaveBeenCalled();

    await user.type(within(sheet).getByTestId('withdraw-password'), 'secret123');
    await user.click(within(sheet).getByTestId('withdraw-confirm'));
    await waitFor(() => expect(currentPath(router)).toBe('/pages/wallet/withdrawDetail?id=7'));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      '/api/app/asset/withdraw',
      { token: 'USDT', network: 'BEP20', address: TO, amount: '50', password: 'secret123' },
      expect.objectContaining({ idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
    );
    expect(await screen.findByTestId('withdrawal-detail-status')).toHaveProperty(
      'textContent',
      'Reviewing (expected within 24 h)',
    );
    // Assets, the balance summary and the records refresh.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['asset'] });
    expect(toastText()).toBe('Withdrawal submitted');
  });

  it('puts the server’s words on the field they are about, and retries with the same key after no answer', async () => {
    const post = vi
      .spyOn(http, 'post')
      .mockRejectedValueOnce(new ApiError('Network error, please try again', { kind: 'network', code: -1 }))
      .mockRejectedValueOnce(
        new ApiError('The sign-in password is incorrect', {
          kind: 'envelope',
          code: 400,
          status: 400,
          reason: 'validation',
          body: {
            code: 400,
            reason: 'validation',
            data: { fields: { password: 'The sign-in password is incorrect' } },
          },
        }),
      )
      .mockRejectedValueOnce(
        new ApiError('Invalid address', {
          kind: 'envelope',
          code: 400,
          status: 400,
          reason: 'validation',
          body: { code: 400, reason: 'validation', data: { fields: { address: 'Invalid address' } } },
        }),
      );
    // Real time runs on; the anti-repeat window (800 ms) is skipped on purpose.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openWithdraw('/pages/wallet/withdraw', true);
    await user.type(screen.getByTestId('withdraw-address'), TO);
    await user.type(amountInput(), '20');
    await user.click(screen.getByTestId('withdraw-submit'));
    const sheet = await screen.findByTestId('withdraw-sheet');
    await user.type(within(sheet).getByTestId('withdraw-password'), 'secret123');

    // No answer: the sheet stays, and the retry is the same withdrawal (same key).
    await user.click(within(sheet).getByTestId('withdraw-confirm'));
    await waitFor(() => expect(toastText()).toBe('Network error, please try again'));
    act(() => {
      vi.advanceTimersByTime(ANTI_REPEAT_MS);
    });
    await user.click(within(sheet).getByTestId('withdraw-confirm'));
    await waitFor(() => expect(errorUnder('Sign-in password')).toBe('The sign-in password is incorrect'));
    const keys = post.mock.calls.map(([, , o]) => o?.idempotencyKey);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);

    // An answered attempt is done: the next one is a new key.
    act(() => {
      vi.advanceTimersByTime(ANTI_REPEAT_MS);
    });
    await user.clear(within(sheet).getByTestId('withdraw-password'));
    await user.type(within(sheet).getByTestId('withdraw-password'), 'secret124');
    await user.click(within(sheet).getByTestId('withdraw-confirm'));
    await waitFor(() => expect(errorUnder('Withdrawal address')).toBe('Invalid address'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-sheet')).toBeNull());
    expect(post.mock.calls[2]?.[2]?.idempotencyKey).not.toBe(keys[0]);
  });

  it('falls back to /withdrawConfig on a 404, and only on a 404', async () => {
    answer = (url) => {
      if (url === '/api/app/asset/withdraw/config') {
        return Promise.reject(
          new ApiError('Not found', { kind: 'envelope', code: 404, status: 404, reason: 'not_found' }),
        );
      }
      if (url === '/api/app/asset/withdrawConfig') return Promise.resolve(config);
      return Promise.reject(new Error(`unexpected ${url}`));
    };
    const first = await openWithdraw();
    expect(urls()).toEqual(['/api/app/asset/withdraw/config', '/api/app/asset/withdrawConfig']);
    expect(get.mock.calls[1]?.[1]).toEqual(expect.objectContaining({ params: { token: 'USDT' } }));
    first.unmount();

    get.mock.calls.length = 0;
    const shown = vi.spyOn(Toast, 'show');
    answer = (url) =>
      url === '/api/app/asset/withdraw/config'
        ? Promise.reject(
            new ApiError('Server busy. Try again later', { kind: 'http', code: 500, status: 500 }),
          )
        : Promise.resolve(config);
    renderApp('/pages/wallet/withdraw', { signedIn: true });
    // Said once, in place: the page, not a toast.
    expect((await screen.findByTestId('load-error')).textContent).toContain('Server busy. Try again later');
    expect(shown).not.toHaveBeenCalled();
    expect(urls()).toEqual(['/api/app/asset/withdraw/config']);
  });

  it('says when a network is not available', async () => {
    config.networks[1]!.enabled = false;
    const { user } = await openWithdraw();
    expect(screen.getByTestId('withdraw-network-BEP20').textContent).toContain('Unavailable');
    await user.click(screen.getByTestId('withdraw-network-BEP20'));
    expect(screen.getByTestId('withdraw-network-unavailable').textContent).toBe(
      'Withdrawal is not available for this token on this network',
    );
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Withdrawal records', () => {
  it('lists each status in both languages in its own colour, and opens one', async () => {
    const statuses = [
      'reviewing',
      'approved',
      'processing',
      'completed',
      'rejected',
      'failed',
      'pending',
      'confirming',
    ] as const;
    answer = (url, opts) => {
      if (url === '/api/app/asset/withdraw/list') {
        return Promise.resolve({
          list: statuses.map((status, i) => withdrawal(i + 1, { status })),
          total: statuses.length,
          page: 1,
          pageSize: 20,
        });
      }
      if (url === '/api/app/asset/withdraw/detail')
        return Promise.resolve(withdrawal(Number(opts?.params?.id)));
      return Promise.reject(new Error(`unexpected ${url}`));
    };
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { router, unmount } = renderApp('/pages/wallet/withdrawList', { signedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-item')).toHaveLength(8));
    const tags = screen.getAllByTestId('withdrawal-item-status');
    expect(tags.map((t) => t.textContent)).toEqual([
      'Reviewing',
      'Approved',
      'On-chain processing',
      'Completed',
      'Rejected',
      'Failed',
      'Pending',
      'Confirming',
    ]);
    expect(new Set(tags.map((t) => t.className)).size).toBe(8);
    const first = screen.getAllByTestId('withdrawal-item')[0]!;
    expect(first.textContent).toContain('Expected within 24 h');
    // What left the balance: the amount and its fee, the fee on its own line.
    expect(within(first).getByTestId('withdrawal-item-amount').textContent).toBe('-50.5 USDT');
    expect(within(first).getByTestId('withdrawal-item-detail').textContent).toBe('Network fee 0.5 USDT');
    expect(within(first).getByTestId('withdrawal-item-network').textContent).toBe('BEP20');
    await user.click(first);
    await waitFor(() => expect(currentPath(router)).toBe('/pages/wallet/withdrawDetail?id=1'));
    unmount();

    act(() => {
      setLanguage('zh-CN');
    });
    renderApp('/pages/wallet/withdrawList', { signedIn: true });
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-item')).toHaveLength(8));
    expect(screen.getAllByTestId('withdrawal-item-status').map((t) => t.textContent)).toEqual([
      '审核中',
      '已批准',
      '链上处理中',
      '已完成',
      '已拒绝',
      '失败',
      '待处理',
      '确认中',
    ]);
    expect(screen.getAllByTestId('withdrawal-item')[0]!.textContent).toContain('预计 24 小时内');
  });

  it('says so when there are none', async () => {
    answer = () => Promise.resolve({ list: [], total: 0, page: 1, pageSize: 20 });
    renderApp('/pages/wallet/withdrawList', { signedIn: true });
    expect((await screen.findByTestId('withdrawal-empty')).textContent).toContain('No withdrawals yet');
  });
});

describe('Withdrawal detail', () => {
  it('shows every field of a withdrawal on chain', async () => {
    answer = () =>
      Promise.resolve(
        withdrawal(3, {
          status: 'completed',
          txHash: TX,
          processedAt: '2026-11-21T12:00:00.000Z',
          estimatedArrival: null,
          amount: '20.123456789',
          fee: '0.5',
          arrivalAmount: '20.123456789',
        }),
      );
    renderApp('/pages/wallet/withdrawDetail?id=3', { signedIn: true });
    const detail = await screen.findByTestId('withdrawal-detail');
    const field = (id: string) => within(detail).getByTestId(id).textContent;
    expect(get.mock.calls[0]).toEqual([
      '/api/app/asset/withdraw/detail',
      expect.objectContaining({ params: { id: '3' } }),
    ]);
    expect(field('withdrawal-detail-status')).toBe('Completed');
    // The headline is what left the balance (amount + fee); the amount and the fee are rows below.
    expect(within(detail).getByText('Total deducted')).toBeTruthy();
    expect(field('withdrawal-detail-amount')).toBe('-20.623456 USDT');
    expect(field('withdrawal-detail-amount-row')).toBe('20.123456 USDT');
    expect(field('withdrawal-detail-order')).toBe('W20261121000003');
    expect(field('withdrawal-detail-token')).toBe('USDT');
    expect(field('withdrawal-detail-network')).toBe('BEP20');
    expect(field('withdrawal-detail-address')).toBe(TO);
    expect(field('withdrawal-detail-fee')).toBe('0.5 USDT');
    expect(field('withdrawal-detail-arrival')).toBe('20.123456 USDT');
    expect(field('withdrawal-detail-submitted')).toBe(formatDateTime('2026-11-21T10:00:00.000Z'));
    expect(field('withdrawal-detail-processed')).toBe(formatDateTime('2026-11-21T12:00:00.000Z'));
    expect(field('withdrawal-detail-txhash')).toBe(`${TX.slice(0, 8)}…${TX.slice(-6)}`);
    expect(within(detail).getByTestId('withdrawal-detail-txhash').dataset.value).toBe(TX);
    expect(within(detail).queryByTestId('withdrawal-detail-estimated')).toBeNull();
  });

  it('shows the estimated arrival while reviewing, and the reason of a rejection', async () => {
    const first = renderApp('/pages/wallet/withdrawDetail?id=1', { signedIn: true });
    const detail = await screen.findByTestId('withdrawal-detail');
    expect(within(detail).getByTestId('withdrawal-detail-status').textContent).toBe(
      'Reviewing (expected within 24 h)',
    );
    expect(within(detail).getByTestId('withdrawal-detail-estimated').textContent).toBe(
      formatDateTime('2026-11-22T10:00:00.000Z'),
    );
    expect(within(detail).getByTestId('withdrawal-detail-txhash').textContent).toBe('--');
    first.unmount();

    act(() => {
      setLanguage('zh-CN');
    });
    answer = () =>
      Promise.resolve(
        withdrawal(2, {
          status: 'rejected',
          rejectReason: 'Address flagged',
          processedAt: '2026-11-21T11:00:00.000Z',
          estimatedArrival: null,
        }),
      );
    renderApp('/pages/wallet/withdrawDetail?id=2', { signedIn: true });
    const rejected = await screen.findByTestId('withdrawal-detail');
    expect(within(rejected).getByTestId('withdrawal-detail-status').textContent).toBe('已拒绝');
    expect(within(rejected).getByTestId('withdrawal-detail-reject-reason').textContent).toBe(
      'Address flagged',
    );
    expect(within(rejected).getByText('拒绝原因')).toBeTruthy();
    // The operator's words are labelled as theirs (they may not be in the reader's language).
    expect(within(rejected).getByText('审核人员的说明（原文）：')).toBeTruthy();
    // Nothing left: no sign on the total that came back, no arrival amount.
    expect(within(rejected).getByText('合计退回')).toBeTruthy();
    expect(within(rejected).getByTestId('withdrawal-detail-amount').textContent).toBe('50.5 USDT');
    expect(within(rejected).queryByTestId('withdrawal-detail-arrival')).toBeNull();
    expect(within(rejected).queryByTestId('withdrawal-cancel')).toBeNull();
    expect(within(rejected).getByTestId('withdrawal-detail-returned').textContent).toBe(
      '提现数量和手续费已退回您的可用余额。',
    );
  });

  it('lets the owner cancel it while in review; the funds come back', async () => {
    let record = withdrawal(4, { cancellable: true });
    answer = () => Promise.resolve(record);
    const post = vi.spyOn(http, 'post').mockImplementation((() => {
      record = withdrawal(4, { status: 'cancelled', cancellable: false, estimatedArrival: null });
      return Promise.resolve(envelope(record));
    }) as never);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/pages/wallet/withdrawDetail?id=4', { signedIn: true });
    await user.click(await screen.findByTestId('withdrawal-cancel'));
    const sheet = await screen.findByTestId('withdrawal-cancel-sheet');
    expect(sheet.textContent).toContain('50 USDT and the 0.5 USDT fee return to your available balance.');
    await user.click(within(sheet).getByTestId('withdrawal-cancel-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('withdrawal-detail-status').dataset.status).toBe('cancelled'),
    );
    expect(post).toHaveBeenCalledWith('/api/app/asset/withdraw/cancel', { id: '4' }, expect.anything());
    expect(screen.queryByTestId('withdrawal-cancel')).toBeNull();
    await waitFor(() =>
      expect(toastText()).toBe('Withdrawal cancelled. The funds are back in your available balance.'),
    );
  });

  it('says so when the operator reviewed it first, and shows what it became', async () => {
    let record = withdrawal(5, { cancellable: true });
    answer = () => Promise.resolve(record);
    vi.spyOn(http, 'post').mockImplementation((() => {
      record = withdrawal(5, { status: 'approved', cancellable: false, estimatedArrival: null });
      return Promise.reject(
        new ApiError('This withdrawal can no longer be cancelled', {
          kind: 'envelope',
          code: 409,
          status: 409,
          reason: 'conflict',
        }),
      );
    }) as never);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/pages/wallet/withdrawDetail?id=5', { signedIn: true });
    await user.click(await screen.findByTestId('withdrawal-cancel'));
    await user.click(await screen.findByTestId('withdrawal-cancel-confirm'));
    await waitFor(() =>
      expect(toastText()).toBe('This withdrawal was already reviewed and can no longer be cancelled.'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('withdrawal-detail-status').dataset.status).toBe('approved'),
    );
    expect(screen.queryByTestId('withdrawal-cancel')).toBeNull();
  });
});
