import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { GamePair } from '@tradeflip/contract';
import { installFakeAdapter, type FakeRequest } from '@/lib/http/test-adapter';
import { setLanguage } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session';
import { OrderPanel } from './order-panel';

// BTCUSDT's terms: fee 0.05 % of the notional, maintenance 0.5 %, 6 amount and 2 price decimals.
const pair: GamePair = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  marginToken: 'USDT',
  maxLeverage: 1000,
  openFeeRate: '0.0005',
  closeFeeRate: '0.0005',
  fundingRate: '0.0001',
  fundingIntervalSeconds: 28800,
  mmr: '0.0005',
  minMargin: '1',
  maxMargin: '10000',
  profitCapMultiple: '10',
  priceDp: 2,
  amountDp: 6,
  enabled: true,
};

let server: ReturnType<typeof installFakeAdapter>;
let balance = '1000';
let stopAnswering: () => void;
const opens: FakeRequest[] = [];

/** Answers the balances as the server would; keeps the opens for the test to answer. */
function answer() {
  const seen = new Set<FakeRequest>();
  const timer = setInterval(() => {
    for (const request of server.requests) {
      if (seen.has(request) || request.aborted) continue;
      seen.add(request);
      if (request.url.includes('/game/open')) opens.push(request);
      else if (request.url.includes('precision-map'))
        request.respond(200, { code: 0, data: { price_dp: {} } });
      else
        request.respond(200, {
          code: 0,
          data: { list: [{ token: 'USDT', available: balance, frozen: '0', usdtValue: balance }] },
        });
    }
  }, 5);
  return () => clearInterval(timer);
}

function renderPanel(terms: Partial<GamePair> = {}, price = '60000') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderPanel pair={{ ...pair, ...terms }} price={price} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const text = (id: string) => screen.getByTestId(id).textContent;
const openLong = () => screen.getByTestId('order-submit-long') as HTMLButtonElement;

async function signedIn(available = '1000') {
  balance = available;
  setSession({ token: 't', user: { id: 'u1', email: 'a@b.co' } });
  renderPanel();
  await waitFor(() => expect(screen.getByTestId('order-available')).toBeTruthy());
}

beforeEach(() => {
  localStorage.clear();
  opens.length = 0;
  server = installFakeAdapter();
  stopAnswering = answer();
});
afterEach(() => {
  stopAnswering();
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
      expect((screen.getByTestId('order-submit-short') as HTMLButtonElement).disabled).toBe(true);
    },
  );

  it('previews a valid order with its cost: 100 × 10 → size 1,000, fee 0.5, cost 100.5', async () => {
    await signedIn();
    type('order-margin', '100');
    type('order-leverage', '10');
    expect(text('preview-size')).toBe('1,000 USDT');
    expect(text('preview-fee')).toBe('0.5 USDT');
    expect(text('preview-cost')).toBe('100.5 USDT');
    // long: liquidation 60000·(1 − (100 − 1000·0.0005)/1000) = 54030
    expect(text('preview-liquidation')).toMatch(/^54,030(\.00)?$/);
    expect(openLong().disabled).toBe(false);
    expect(screen.queryByTestId('order-warning')).toBeNull();
  });

  it('names the largest margin the balance pays with its fee, and offers Deposit when it is short', async () => {
    await signedIn('10');
    type('order-leverage', '100');
    // 10 / (1 + 100·0.0005) = 9.523809…
    expect(text('order-max')).toBe('Max 9.523809 USDT');
    fireEvent.click(screen.getByTestId('order-max'));
    expect(field('order-margin').value).toBe('9.523809');
    type('order-margin', '11');
    expect(text('order-margin-error')).toBe('Insufficient balance');
    expect(screen.getByTestId('order-deposit').getAttribute('href')).toBe('/pages/wallet/deposit');
    type('order-margin', '10');
    expect(text('order-margin-error')).toBe(
      'Insufficient fee: leave some balance for the opening fee (0.5 USDT)',
    );
    expect(screen.getByTestId('order-deposit')).toBeTruthy();
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
