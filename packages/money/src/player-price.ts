// The price of a moment the player chooses (a flip's open, a position's open, the player's own close).
// The games settle at the mark, the median of the last second's trades, so right after a step of the
// market it still stands at the old price: a player reading the exchange's public stream would bet on
// a move already made. So such a price is the worse for the player of the mark and the newest trade,
// and knowing the newest trades earns nothing; and there is none while the two lie further apart than
// a small band (the market is moving fast, or one print is off: one bad print never prices an order).
// Liquidation, take-profit, stop-loss and a flip's expiry settle at the mark alone.
import { Decimal } from './decimal';

type Num = Decimal | string | number;

/**
 * Which way the player trades at that price: buying (a long's open, an Up flip, a short's close) is
 * worse the higher the price, selling (a short's open, a Down flip, a long's close) the lower.
 */
export type PlayerTrade = 'buy' | 'sell';

/** A long opens buying and closes selling; a short the other way. */
export function tradeOf(side: 'long' | 'short', at: 'open' | 'close'): PlayerTrade {
  return (side === 'long') === (at === 'open') ? 'buy' : 'sell';
}

/**
 * The price a player's order takes: of the mark and the newest trade, the higher when buying and the
 * lower when selling (the mark alone before any trade). With `band` (a fraction of the mark), none
 * while the newest trade lies further than that from the mark.
 */
export function playerPrice(trade: PlayerTrade, mark: Num, last?: Num, band?: Num): Decimal | undefined {
  const m = new Decimal(mark);
  if (last === undefined) return m;
  const l = new Decimal(last);
  if (band !== undefined && l.sub(m).abs().gt(m.mul(band))) return undefined;
  return trade === 'buy' ? Decimal.max(m, l) : Decimal.min(m, l);
}
