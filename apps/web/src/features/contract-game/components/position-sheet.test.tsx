// Issue 16: a position's detail. A closed one shows no estimate of where it would end (liquidation,
// break-even): those are an open position's. Where the money went lists each real effect once — the
// margin back in full beside the close fee, not net of it — and the effects add up to the net shown.
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PositionDetail } from '@tradeflip/api';
import { setLanguage } from '@/lib/i18n';
import '@/features/contract-game/texts';
import { Detail, sharedPosition } from './position-sheet';
import { btcPair, openLong } from './test-fixtures';

const pair = btcPair;

const line = (id: string, kind: PositionDetail['movements'][number]['kind'], amount: string) => ({
  id,
  kind,
  amount,
  createdAt: '2026-11-25T10:00:00.000Z',
});

/** Long 100 × 10 at 60,000, closed by hand at 61,200 (the e2e's position): +20, fees 0.5 and 0.51. */
const closed: PositionDetail = {
  ...openLong,
  fundingPaid: '0',
  liquidationPrice: '54030',
  breakEvenPrice: '60060.03',
  status: 'closed',
  currentPrice: '61200',
  pnl: '20',
  realizedPnl: '18.99',
  returnRate: '0.1899',
  closePrice: '61200',
  closeFee: '0.51',
  closeReason: 'manual',
  profitUnpaid: '0',
  closedAt: '2026-11-25T11:00:00.000Z',
  entries: [],
  movements: [
    line('1', 'margin_locked', '100'),
    line('2', 'open_fee', '-0.5'),
    line('3', 'close_fee', '-0.51'),
    line('4', 'margin_released', '100'),
    line('5', 'profit', '20'),
  ],
};

beforeEach(() => setLanguage('en-US'));

describe('a position’s detail', () => {
  it('a closed one shows no estimated liquidation or break-even price; an open one does', () => {
    const { unmount } = render(<Detail item={closed} pair={pair} price="61300" />);
    expect(screen.queryByText('Est. liquidation price')).toBeNull();
    expect(screen.queryByText('Break-even price')).toBeNull();
    expect(screen.queryByTestId('sheet-liquidation')).toBeNull();
    expect(screen.queryByTestId('sheet-break-even')).toBeNull();
    unmount();
    render(
      <Detail
        item={{
          ...closed,
          status: 'open',
          closePrice: null,
          closeFee: null,
          closeReason: null,
          closedAt: null,
        }}
        pair={pair}
        price="61300"
      />,
    );
    expect(screen.getByTestId('sheet-liquidation').textContent).toBe('54,030.00');
    expect(screen.getByTestId('sheet-break-even').textContent).toBe('60,060.03');
    // Its headline is the unrealized PnL (the price's move, no fee), and what closing now would add
    // stands beside it, labelled: +21.666666 at 61,300 less the close fee 1000·61300/60000·0.0005
    // = 0.510833 (the open fee has left already: not taken again).
    expect(screen.getByTestId('sheet-pnl').textContent).toContain('Unrealized PnL');
    expect(screen.getByTestId('sheet-pnl-value').textContent).toBe('+21.666666 USDT');
    expect(screen.getByTestId('sheet-return').textContent).toBe('+21.67%');
    expect(screen.getByTestId('sheet-net-now').textContent).toBe('+21.155833');
  });

  it('lists each line as the server gives it; the effects, not the margin’s lines, add up to the realized PnL', () => {
    render(<Detail item={closed} pair={pair} price={undefined} />);
    const lines = screen.getAllByTestId('sheet-entry').map((entry) => entry.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^Margin locked100 USDT/),
      expect.stringMatching(/^Open fee-0\.5 USDT/),
      expect.stringMatching(/^Close fee-0\.51 USDT/),
      expect.stringMatching(/^Margin returned100 USDT/),
      expect.stringMatching(/^Profit\+20 USDT/),
    ]);
    // −0.5 − 0.51 + 20: the realized PnL at the top.
    expect(within(screen.getByTestId('sheet-net')).getByText(/USDT/).textContent).toBe('+18.99 USDT');
    expect(screen.getByTestId('sheet-pnl').textContent).toContain('+18.99 USDT');
  });
});

describe('a closed position’s share card', () => {
  it('writes its realized PnL as History’s card does, at the token’s decimals', () => {
    const shared = sharedPosition({ ...closed, realizedPnl: '14.392307' }, pair)!;
    expect(shared.pnlText).toBe('+14.392307 USDT');
    expect(shared.returnPercent.toFixed()).toBe('14.39');
    expect(sharedPosition({ ...closed, realizedPnl: '-3.5' }, pair)!.pnlText).toBe('-3.5 USDT');
  });
});
