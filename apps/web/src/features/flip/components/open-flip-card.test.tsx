// An open flip's card: the countdown ring's seconds, and where it stands at the live price (the
// settlement's own comparison: up wins above the open price, down below it, equal is even).
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { FlipPosition } from '@tradeflip/api';
import { OpenFlipCard, ringText } from './open-flip-card';

const OPENED = Date.parse('2030-03-01T00:00:00Z');
const flip: FlipPosition = {
  id: '5',
  orderNo: 'F203003010000100001',
  symbol: 'BTCUSDT',
  token: 'USDT',
  direction: 'up',
  stake: '10',
  durationSeconds: 30,
  payoutRate: '0.85',
  profit: '8.5',
  openPrice: '60000',
  markPrice: '60000',
  closePrice: null,
  status: 'open',
  result: null,
  realizedPnl: null,
  openedAt: new Date(OPENED).toISOString(),
  expiresAt: new Date(OPENED + 30_000).toISOString(),
  settledAt: null,
};

function card(price: string | undefined, secondsIn: number, item: Partial<FlipPosition> = {}) {
  render(
    <OpenFlipCard
      item={{ ...flip, ...item }}
      pair={{ base: 'BTC', quote: 'USDT', priceDp: 2 }}
      price={price}
      now={OPENED + secondsIn * 1000}
      amountDp={6}
      onOpen={() => undefined}
    />,
  );
  return screen.getByTestId('open-flip-5');
}

describe('<OpenFlipCard />', () => {
  it('counts down the seconds left on its ring', () => {
    card('60000', 12.2);
    const ring = screen.getByTestId('flip-countdown');
    expect(ring.dataset.seconds).toBe('18');
    expect(ring.textContent).toBe('18');
    expect(ring.getAttribute('aria-label')).toBe('18 seconds left');
  });

  it('never shows more than the flip lasts (the page’s clock a moment behind the open)', () => {
    card('60000', -0.2);
    expect(screen.getByTestId('flip-countdown').dataset.seconds).toBe('30');
  });

  it('says it is settling once its time is up', () => {
    card('60000', 31);
    expect(screen.getByTestId('flip-countdown').dataset.seconds).toBe('0');
    expect(screen.getByTestId('open-flip-standing').textContent).toBe('Settling…');
  });

  it.each([
    ['up', '60000.01', 'winning', 'Winning+8.5 USDT if it ends now'],
    ['up', '59999.99', 'losing', 'Losing-10 USDT if it ends now'],
    ['down', '59999.99', 'winning', 'Winning+8.5 USDT if it ends now'],
    ['down', '60000.01', 'losing', 'Losing-10 USDT if it ends now'],
    ['up', '60000', 'even', 'EvenStake back if it ends now'],
  ] as const)('%s at %s is %s', (direction, price, standing, words) => {
    const element = card(price, 5, { direction });
    expect(element.dataset.standing).toBe(standing);
    expect(screen.getByTestId('open-flip-standing').textContent).toBe(words);
    expect(screen.getByTestId('open-flip-mark').textContent).toBe(
      // The pair's two decimals, grouped, as the card writes prices.
      { '60000.01': '60,000.01', '59999.99': '59,999.99', '60000': '60,000.00' }[price],
    );
    // Coloured by its move from the open price, as every price in the app (a risen price in the
    // down colour reads as a fall); where the flip stands is the line below, in its own colour.
    expect(screen.getByTestId('open-flip-mark').className).toBe(
      { '60000.01': 'is-up', '59999.99': 'is-down', '60000': '' }[price],
    );
    expect(element.className).toContain(`flip-card--${standing}`);
  });

  it("without a live price it stands where the server's mark put it", () => {
    const element = card(undefined, 5, { markPrice: '59000' });
    expect(element.dataset.standing).toBe('losing');
  });

  it.each([
    [42_000, '42'],
    [125_000, '2:05'],
    [3_600_000, '1:00:00'],
    [-5, '0'],
  ])('shows %i ms left as %s', (ms, text) => {
    expect(ringText(ms)).toBe(text);
  });
});
