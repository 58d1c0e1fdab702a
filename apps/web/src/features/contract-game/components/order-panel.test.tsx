import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { GamePair } from '@tradeflip/api';
import { fakeOrderServer } from '@/lib/http/test-order-server';
import { setLanguage } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session';
import { OrderPanel } from './order-panel';
import { btcPair } from './test-fixtures';

// BTCUSDT's terms: fee 0.05 % of the notional, maintenance 0.5 %, 6 amount and 2 price decimals.
const pair: GamePair = { ...btcPair, maxMargin: '10000' };

let balance = '1000';
/** The opens sent, for the test to answer; the balances answered (balance USDT). */
const opens = fakeOrderServer('/game/open', () => balance);

function panel(
  terms: Partial<GamePair> = {},
  price?: string,
  paused = false,
  client = new QueryClient(),
  last?: string,
) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderPanel pair={{ ...pair, ...terms }} price={price} last={last} paused={paused} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

function renderPanel(terms: Partial<GamePair> = {}, price = '60000') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(panel(terms, price, false, client));
}

const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const text = (id: string) => screen.getByTestId(id).textContent;
const openLong = () => screen.getByTestId('order-submit-long') as HTMLButtonElement;
const openShort = () => screen.getByTestId('order-submit-short') as HTMLButtonElement;

async function signedIn(available = '1000') {
  balance = available;
  setSession({ token: 't', user: { id: 'u1', email: 'a@b.co' } });
  renderPanel();
  await waitFor(() => expect(screen.getByTestId('order-available')).toBeTruthy());
}

beforeEach(() => {
  localStorage.clear();
});
// Unmounted before the session goes: a mounted panel would re-render outside act().
afterEach(() => {
  cleanup();
  clearSession();
});

describe('<OrderPanel />', () => {
  it.each([
    ['order-leverage', '5000', 'order-leverage-error', 'Leverage must be a whole number from 1 to 1000'],
    ['order-leverage', '0', 'order-leverage-error', 'Leverage must be a whole number from 1 to 1000'],
    ['order-margin', 'abc', 'order-margin-error', 'Invalid amount or precision (up to 6 decimals)'],
    ['order-margin', '1.1234567', 'order-margin-error', 'Invalid amount or precision (up to 6 decimals)'],
    ['order-margin', '-5', 'order-margin-error', 'Invalid amount or precision (up to 6 decimals)'],
    ['order-margin', '0.5', 'order-margin-error', 'Margin must be between 1 and 10000 USDT'],
    [
      'order-tp',
      '59000',
      'order-tp-error',
      'Take-profit must be above the entry price for a long and below it for a short',
    ],
  ])(
    'typing %s = %s shows the reason at once, no preview, Open disabled',
    async (id, value, errorId, message) => {
      await signedIn();
      type('order-margin', '100');
      type(id, value);
      expect(text(errorId)).toBe(message);
      expect(text('preview-size')).toBe('--');
      expect(text('preview-cost')).toBe('--');
      expect(openLong().disabled).toBe(true);
      // A take-profit below the price is a short's: Open short stays usable (see below).
      expect(openShort().disabled).toBe(id !== 'order-tp');
    },
  );

  it('targets that suit one side only never leave both Open buttons dead', async () => {
    await signedIn();
    type('order-margin', '100');
    // Above the price: a long's take-profit, not a short's.
    type('order-tp', '61000');
    expect(openLong().disabled).toBe(false);
    expect(openShort().disabled).toBe(false);
    fireEvent.click(openShort());
    // The press chose Short and says why it cannot open; Long is still one tap away.
    expect(text('order-tp-error')).toBe(
      'Take-profit must be above the entry price for a long and below it for a short',
    );
    expect(openShort().disabled).toBe(true);
    expect(openLong().disabled).toBe(false);
    expect(opens).toHaveLength(0);
    fireEvent.click(openLong());
    await waitFor(() => expect(opens).toHaveLength(1));
    expect(opens[0]!.body).toEqual({
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '100',
      leverage: 10,
      takeProfit: '61000',
    });
  });

  it('previews a valid order with its cost: 100 × 10 → size 1,000, fee 0.5, cost 100.5', async () => {
    await signedIn();
    type('order-margin', '100');
    type('order-leverage', '10');
    expect(text('preview-size')).toBe('1,000 USDT');
    expect(text('preview-fee')).toBe('0.5 USDT');
    expect(text('preview-cost')).toBe('100.5 USDT');
    // long: liquidation 60000·(1 − (100 − 1000·0.0005)/1000) = 54030
    // Prices in the pair's decimals, zeros kept (no width jump as the price moves).
    expect(text('preview-liquidation')).toBe('54,030.00');
    expect(text('preview-break-even')).toBe('60,060.03');
    expect(openLong().disabled).toBe(false);
    expect(screen.queryByTestId('order-warning')).toBeNull();
  });

  it('shows the funding rate, the time to the next charge and what this order would pay then', async () => {
    vi.useFakeTimers({
      now: new Date('2026-03-01T13:30:00Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
    try {
      renderPanel({ fundingRate: '0.00015' });
      // Every 8 h, on the clock's multiples (16:00 UTC next): 2 h 30 min from now.
      expect(text('order-funding')).toBe('Funding rate 0.0150% every 8 h · next charge in 02:30:00');
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(text('order-funding')).toBe('Funding rate 0.0150% every 8 h · next charge in 02:29:59');
      expect(text('preview-funding')).toBe('--');
      // 123.456789 × 7 = 864.197523 of size; × 0.00015 = 0.12962962845 → 0.12963 (half-up, 6 decimals).
      type('order-margin', '123.456789');
      type('order-leverage', '7');
      expect(text('preview-funding')).toBe('0.12963 USDT');
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the largest margin the balance pays with its fee, and offers Deposit when it is short', async () => {
    await signedIn('10');
    type('order-leverage', '100');
    // 10 / (1 + 100·0.0005) = 9.523809…
    expect(text('order-max')).toBe('Max 9.523809 USDT');
    fireEvent.click(screen.getByTestId('order-max'));
    expect(field('order-margin').value).toBe('9.523809');
    expect(screen.queryByTestId('order-short')).toBeNull();
    type('order-margin', '11');
    expect(text('order-margin-error')).toBe('Insufficient balance');
    expect(screen.getByTestId('order-deposit').getAttribute('href')).toBe('/pages/wallet/deposit');
    // Open is disabled: the reason and Deposit also sit by the buttons, in the bar a phone keeps.
    expect(openLong().disabled).toBe(true);
    const bar = screen.getByTestId('order-bar');
    expect(bar.querySelector('[data-testid="order-short"]')?.textContent).toBe('Insufficient balanceDeposit');
    expect(bar.querySelector('[data-testid="order-bar-deposit"]')?.getAttribute('href')).toBe(
      '/pages/wallet/deposit',
    );
    type('order-margin', '10');
    expect(text('order-margin-error')).toBe(
      'Insufficient fee: leave some balance for the opening fee (0.5 USDT)',
    );
    expect(screen.getByTestId('order-deposit')).toBeTruthy();
    expect(text('order-short')).toBe(
      'Insufficient fee: leave some balance for the opening fee (0.5 USDT)Deposit',
    );
    type('order-margin', '5');
    expect(screen.queryByTestId('order-short')).toBeNull();
  });

  it('from 50× warns with the fee’s share and the distance to liquidation, and asks to confirm', async () => {
    await signedIn();
    type('order-margin', '100');
    type('order-leverage', '50');
    // size 5000, fee 2.5 = 2.5 % of 100; liquidation 60000·(1 − (100 − 5000·0.0005)/5000) = 58830, 1.95 % away.
    expect(text('order-warning')).toBe(
      'High leverage: 50x The open fee is 2.5% of your margin, and a 1.95% move against you liquidates the position.',
    );
    fireEvent.click(openLong());
    expect(await screen.findByTestId('open-confirm')).toBeTruthy();
    expect(opens).toHaveLength(0);
    expect(text('open-confirm-cost')).toBe('Cost: 102.5 USDT');
    fireEvent.click(screen.getByTestId('open-confirm-ok'));
    await waitFor(() => expect(opens).toHaveLength(1));
    expect(opens[0]!.body).toEqual({ symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 50 });
  });

  it('while the price is paused, Open waits with the reason beside it and comes back by itself', async () => {
    await signedIn();
    type('order-margin', '100');
    expect(openLong().disabled).toBe(false);
    const client = new QueryClient();
    const { rerender } = render(panel({}, undefined, true, client));
    const paused = screen.getAllByTestId('order-bar')[1]!;
    expect(paused.querySelector('[data-testid="order-stale"]')?.textContent).toBe(
      'Price paused: no update for a while. New orders wait until it moves again.',
    );
    for (const button of paused.querySelectorAll('button')) expect(button.disabled).toBe(true);
    // The next tick: the reason goes, Open is back.
    rerender(panel({}, '60000', false, client));
    expect(paused.querySelector('[data-testid="order-stale"]')).toBeNull();
    expect(paused.querySelector<HTMLButtonElement>('[data-testid="order-submit-long"]')!.disabled).toBe(
      false,
    );
  });

  it('says the connection, not the market, stopped the price when this device is offline', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(panel({}, undefined, true));
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(text('order-stale')).toBe(
      'Connection lost, reconnecting. Prices and new orders wait until it is back.',
    );
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(text('order-stale')).toBe(
      'Price paused: no update for a while. New orders wait until it moves again.',
    );
    online.mockRestore();
  });

  it('asks for the margin at Open, not before', async () => {
    await signedIn();
    expect(screen.queryByTestId('order-margin-error')).toBeNull();
    fireEvent.click(openLong());
    expect(text('order-margin-error')).toBe('Please enter the margin');
    expect(opens).toHaveLength(0);
  });

  it('below 50× opens at once', async () => {
    await signedIn();
    type('order-margin', '100');
    type('order-leverage', '20');
    fireEvent.click(screen.getByTestId('order-submit-short'));
    await waitFor(() => expect(opens).toHaveLength(1));
    expect(opens[0]!.body).toMatchObject({ side: 'short', leverage: 20 });
    expect(screen.queryByTestId('open-confirm')).toBeNull();
  });

  it('picks leverage by its marks and remembers it per pair', async () => {
    await signedIn();
    fireEvent.click(screen.getByTestId('leverage-mark-5'));
    expect(field('order-leverage').value).toBe('5');
    fireEvent.change(screen.getByTestId('order-leverage-slider'), { target: { value: '466' } });
    expect(field('order-leverage').value).toBe('25');
    expect(JSON.parse(localStorage.getItem('app.gameLeverage')!)).toEqual({ BTCUSDT: 25 });
  });

  it('asks a visitor to sign in at Open, and comes back to the page', async () => {
    renderPanel();
    expect(screen.queryByTestId('order-available')).toBeNull();
    type('order-margin', '100');
    expect(text('preview-cost')).toBe('100.5 USDT');
    fireEvent.click(openLong());
    expect(text('order-sign-in')).toContain('Please sign in first');
    expect(opens).toHaveLength(0);
  });

  it('previews a short with its liquidation above the price, and follows the side chosen', async () => {
    await signedIn();
    type('order-margin', '100');
    fireEvent.click(screen.getByTestId('side-short'));
    // short: liquidation 60000·(1 + (100 − 1000·0.0005)/1000) = 65970
    expect(text('preview-liquidation')).toBe('65,970.00');
    expect(text('preview-cost')).toBe('100.5 USDT');
    fireEvent.click(screen.getByTestId('side-long'));
    expect(text('preview-liquidation')).toBe('54,030.00');
  });

  it('previews at the price the order opens at: the worse for the player of the mark and the newest trade', async () => {
    balance = '1000';
    setSession({ token: 't', user: { id: 'u1', email: 'a@b.co' } });
    // The newest trade is 0.1 % above the mark: a long opens at it, a short at the mark.
    render(panel({}, '60000', false, new QueryClient(), '60060'));
    await waitFor(() => expect(screen.getByTestId('order-available')).toBeTruthy());
    type('order-margin', '100');
    // long: 60060·(1 − (100 − 1000·0.0005)/1000) = 54084.03
    expect(text('preview-liquidation')).toBe('54,084.03');
    fireEvent.click(screen.getByTestId('side-short'));
    expect(text('preview-liquidation')).toBe('65,970.00');
  });

  /** Opens 100 USDT long; the server refuses it with `word` about `field`. */
  async function refusedOpen(field: string, word: string) {
    await signedIn();
    type('order-margin', '100');
    fireEvent.click(openLong());
    await waitFor(() => expect(opens).toHaveLength(1));
    opens[0]!.respond(400, {
      code: 400,
      reason: 'validation',
      message: word,
      data: { fields: { [field]: word } },
    });
  }

  it("puts the server's word under the field it is about, until that field is typed in again", async () => {
    const word = 'Margin must be between 1 and 50 USDT';
    await refusedOpen('margin', word);
    expect((await screen.findByTestId('order-margin-error')).textContent).toBe(word);
    type('order-margin', '40');
    expect(screen.queryByTestId('order-margin-error')).toBeNull();
    expect(text('preview-cost')).toBe('40.2 USDT');
  });

  it("says the server's word about the pair itself above the buttons", async () => {
    const word = 'This pair is not open for trading';
    await refusedOpen('symbol', word);
    expect(await screen.findByText(word)).toBeTruthy();
    type('order-leverage', '20');
    expect(screen.queryByText(word)).toBeNull();
  });

  it('speaks Chinese', async () => {
    await act(() => setLanguage('zh-CN'));
    try {
      await signedIn('10');
      type('order-margin', '11');
      expect(text('order-margin-error')).toBe('余额不足');
      expect(text('order-deposit')).toBe('充值');
    } finally {
      await act(() => setLanguage('en-US'));
    }
  });
});
