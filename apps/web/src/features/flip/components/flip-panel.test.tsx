// The flip form: validateFlip's refusals as they are typed (the server's own check), Up / Down
// disabled with the reason beside them, a visitor asked to sign in, and the server's refusal shown on
// the field it is about.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { FlipConfig } from '@tradeflip/api';
import { fakeOrderServer } from '@/lib/http/test-order-server';
import { clearSession, setSession } from '@/lib/session';
import { FlipPanel } from './flip-panel';

const config: FlipConfig = {
  durations: [30, 60, 180],
  maxOpenPositions: 2,
  toleranceSeconds: 5,
  tokens: [{ token: 'USDT', minStake: '1', maxStake: '10000', amountDp: 6, enabled: true }],
  pairs: [
    {
      symbol: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      priceDp: 2,
      enabled: true,
      // 180 s is offered but pays nothing on this pair.
      payoutRates: { '30': '0.85', '60': '0.8' },
    },
  ],
};
const pair = config.pairs[0]!;

/** The opens sent, for the test to answer; the balances answered (1000 USDT). */
const opens = fakeOrderServer('/flip/open');

function renderPanel(openCount = 0, paused = false) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FlipPanel config={config} pair={pair} openCount={openCount} paused={paused} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;
const type = (value: string) => fireEvent.change(screen.getByTestId('flip-amount'), { target: { value } });
const up = () => screen.getByTestId('flip-up') as HTMLButtonElement;
const down = () => screen.getByTestId('flip-down') as HTMLButtonElement;

async function signedIn(openCount = 0) {
  setSession({ token: 't', user: { id: 'u1', email: 'a@b.co' } });
  renderPanel(openCount);
  await waitFor(() => expect(text('flip-available')).toBe('Available 1,000 USDT'));
}

beforeEach(() => {
  localStorage.clear();
});
// Unmounted before the session goes: a mounted panel would re-render outside act().
afterEach(() => {
  cleanup();
  clearSession();
});

describe('<FlipPanel />', () => {
  it.each([
    ['0', 'Amount must be greater than 0'],
    ['abc', 'Invalid amount or precision (up to 6 decimals)'],
    ['1.1234567', 'Invalid amount or precision (up to 6 decimals)'],
    ['0.5', 'Amount out of range: 1 to 10,000 USDT'],
    ['20000', 'Amount out of range: 1 to 10,000 USDT'],
    ['1500', 'Insufficient balance'],
  ])('typing %s shows "%s" at once, and Up / Down wait with the reason beside them', async (value, word) => {
    await signedIn();
    type(value);
    expect(text('flip-amount-error')).toBe(word);
    expect(text('flip-blocked')).toContain(word);
    expect(up().disabled).toBe(true);
    expect(down().disabled).toBe(true);
    expect(text('flip-profit')).toBe(word === 'Insufficient balance' ? '+1,275 USDT' : '--');
  });

  it('a valid stake shows the payout and the profit if it wins; a duration changes them', async () => {
    await signedIn();
    fireEvent.click(screen.getByTestId('flip-quick-10'));
    expect(text('flip-rate')).toBe('85%');
    expect(text('flip-profit')).toBe('+8.5 USDT');
    expect(text('flip-return')).toBe('18.5 USDT');
    fireEvent.click(screen.getByTestId('flip-duration-60'));
    expect(text('flip-profit')).toBe('+8 USDT');
    expect(up().disabled).toBe(false);
    expect(screen.queryByTestId('flip-blocked')).toBeNull();
  });

  it('a duration the pair pays nothing for says so, on the durations', async () => {
    await signedIn();
    type('10');
    fireEvent.click(screen.getByTestId('flip-duration-180'));
    expect(text('flip-duration-error')).toBe('No payout rate is configured for this pair and duration');
    expect(up().disabled).toBe(true);
  });

  it('too many open flips waits with the limit named by Up / Down, not under the stake', async () => {
    await signedIn(2);
    type('10');
    expect(text('flip-blocked')).toBe('Too many open flips (2 at most): wait for one to end');
    expect(screen.queryByTestId('flip-amount-error')).toBeNull();
    expect(down().disabled).toBe(true);
  });

  it('an empty stake says so only when Up is pressed, and focuses it', async () => {
    await signedIn();
    expect(screen.queryByTestId('flip-amount-error')).toBeNull();
    expect(up().disabled).toBe(false);
    fireEvent.click(up());
    expect(text('flip-amount-error')).toBe('Amount must be greater than 0');
    expect(document.activeElement).toBe(screen.getByTestId('flip-amount'));
    expect(opens).toHaveLength(0);
  });

  it('a visitor is asked to sign in at Up', () => {
    renderPanel();
    type('10');
    fireEvent.click(up());
    expect(text('flip-sign-in')).toContain('Please sign in first');
    expect(opens).toHaveLength(0);
  });

  it("sends the flip with an Idempotency-Key and puts the server's refusal on its field", async () => {
    await signedIn();
    type('10');
    fireEvent.click(up());
    await waitFor(() => expect(opens).toHaveLength(1));
    const sent = opens[0]!;
    expect(sent.body).toEqual({
      symbol: 'BTCUSDT',
      direction: 'up',
      amount: '10',
      duration: 30,
      token: 'USDT',
      // The rate the form showed (85 %): the server refuses the flip if it is another by now.
      payoutRate: '0.85',
    });
    expect(sent.header('Idempotency-Key')).toBeTruthy();
    const word = 'The house cannot cover this payout right now. Try a smaller amount or later';
    sent.respond(409, { code: 409, reason: 'conflict', msg: word, data: { fields: { amount: word } } });
    await waitFor(() => expect(text('flip-amount-error')).toBe(word));
    // Typed again: the server's word goes.
    type('5');
    expect(screen.queryByTestId('flip-amount-error')).toBeNull();
  });

  it('a refusal about no field (the price stopped) sits by the buttons', async () => {
    await signedIn();
    type('10');
    fireEvent.click(down());
    await waitFor(() => expect(opens).toHaveLength(1));
    opens[0]!.respond(503, { code: 503, reason: 'price_unavailable', msg: 'Price fetch failed' });
    await waitFor(() => expect(text('flip-blocked')).toBe('Price fetch failed'));
  });

  it('starts from the last flip placed: its stake, and its duration where this pair pays it', async () => {
    localStorage.setItem('app.flipLast', JSON.stringify({ amount: '25', duration: '60' }));
    await signedIn();
    expect((screen.getByTestId('flip-amount') as HTMLInputElement).value).toBe('25');
    expect(screen.getByTestId('flip-duration-60').getAttribute('aria-checked')).toBe('true');
  });

  it('a last duration this pair does not pay for starts at one it does', async () => {
    localStorage.setItem('app.flipLast', JSON.stringify({ amount: '5', duration: '180' }));
    await signedIn();
    expect(screen.getByTestId('flip-duration-30').getAttribute('aria-checked')).toBe('true');
  });

  it('a paused price holds Up and Down with the reason', () => {
    renderPanel(0, true);
    expect(screen.getByTestId('flip-stale')).toBeTruthy();
    expect(up().disabled).toBe(true);
  });
});
