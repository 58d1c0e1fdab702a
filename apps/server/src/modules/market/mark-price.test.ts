// Issue 16, point 8: the mark price on scripted sequences of trades: the median of the last second,
// the last trade when that second had none, a move beyond the band held until trades keep it there
// for the hold time, an operator's pin at once.
import { describe, expect, it } from 'vitest';
import { Decimal } from '@tradeflip/money';
import { MarkPrices } from './mark-price';

const BTC = 'BTCUSDT';

function market() {
  const marks = new MarkPrices({
    windowMs: 1000,
    band: new Decimal('0.1'),
    holdMs: 3000,
    restartAfterMs: 10_000,
  });
  /** Trades at `time` (ms), then the mark the leader computes at that time. */
  const at = (time: number, ...prices: string[]) => {
    for (const price of prices) marks.trade(BTC, new Decimal(price), time);
    return marks.update(BTC, time)!.mark.price.toFixed();
  };
  return { marks, at };
}

describe('the mark price', () => {
  it('is the median of the last second’s trades (of an even count the lower middle one)', () => {
    const { at } = market();
    expect(at(0, '90000')).toBe('90000');
    expect(at(100, '90030', '90010')).toBe('90010');
    expect(at(200, '90020')).toBe('90010'); // 90000 90010 90020 90030
    // A second on, the first trade has left the window.
    expect(at(1050, '90040')).toBe('90020'); // 90010 90020 90030 90040
  });

  it('is the last trade when the last second had none', () => {
    const { marks, at } = market();
    expect(at(0, '90000', '90100', '90050', '90070')).toBe('90050');
    expect(marks.update(BTC, 2000)).toEqual({
      mark: { price: new Decimal('90070'), time: 2000 },
      changed: true,
    });
    expect(marks.update(BTC, 2500)!.changed).toBe(false);
  });

  it('does not move for one bad print among the second’s trades', () => {
    const { at } = market();
    at(0, '90000', '90010');
    expect(at(100, '1')).toBe('90000');
    expect(at(200, '90020', '90015')).toBe('90010');
  });

  it('holds a 300 ms burst of bad prints beyond the band, and forgets it once it stops', () => {
    const { at } = market();
    for (let time = 0; time < 1000; time += 100) at(time, String(90000 + time / 10));
    const marks: string[] = [];
    // 300 ms of trades at 1.00, outnumbering the second's good ones: the median is 1.00, held.
    const burst = Array.from({ length: 10 }, () => '1');
    for (let time = 1000; time < 1300; time += 100) marks.push(at(time, ...burst));
    // Good trades again; the bad ones leave the window within a second: never held for 3 s.
    for (let time = 1300; time <= 5000; time += 100) marks.push(at(time, String(90100 + time / 100)));
    expect(marks.every((price) => new Decimal(price).gte('90000'))).toBe(true);
    expect(marks.at(-1)).toBe('90145');
  });

  it('moves beyond the band once trades kept it there for the hold time, at once within it', () => {
    const { at } = market();
    at(0, '90000');
    // A real drop of 20 %: held while it lasts under 3 s...
    expect(at(250, '72000')).toBe('90000');
    expect(at(1250, '72010')).toBe('90000');
    expect(at(3200, '72020')).toBe('90000');
    // ...and the mark from 3 s on.
    expect(at(3250, '72030')).toBe('72020'); // 72020 72030: the lower middle
    // Moves within the band count at once.
    expect(at(3400, '75000')).toBe('72030'); // 72020 72030 75000
    expect(at(4500, '75000')).toBe('75000');
  });

  it('starts the hold over when the price comes back within the band or turns the other way', () => {
    const { at } = market();
    at(0, '100');
    expect(at(1500, '120')).toBe('100'); // held since 1500
    expect(at(3000, '80')).toBe('100'); // the other way: held since 3000
    expect(at(4600, '80')).toBe('100'); // 1.6 s of 80 is not 3 s (the 120 hold would have been)
    expect(at(5700, '101')).toBe('101'); // back within the band: the hold is forgotten
    expect(at(6800, '130')).toBe('101'); // held since 6800
    expect(at(9000, '130')).toBe('101');
    expect(at(9800, '130')).toBe('130');
  });

  it('never takes a lone print beyond the band that no trade follows', () => {
    const { marks, at } = market();
    at(0, '90000');
    at(500, '1');
    // The second's trades are gone; the last trade is the bad print, but nothing keeps it alive.
    for (let time = 1500; time <= 10_000; time += 1000)
      expect(marks.update(BTC, time)!.mark.price.toFixed()).toBe('90000');
  });

  it('starts over after no trade for longer than the staleness limit: the old mark is no reference', () => {
    const { at } = market();
    at(0, '90000');
    expect(at(10_000, '70000')).toBe('90000'); // 10 s: still a reference, held
    expect(at(20_001, '60000')).toBe('60000'); // 10.001 s without a trade
  });

  it('takes an operator’s pin at once, whatever the band, and goes on from it', () => {
    const { marks, at } = market();
    at(0, '90000');
    marks.pin(BTC, new Decimal('45000'), 100);
    expect(marks.current(BTC)).toEqual({ price: new Decimal('45000'), time: 100 });
    expect(at(200, '45000')).toBe('45000');
    expect(at(300, '45010')).toBe('45000');
  });

  it('follows the leader’s mark on a follower', () => {
    const { marks, at } = market();
    at(0, '90000');
    marks.accept(BTC, { price: new Decimal('1'), time: 50 });
    expect(marks.current(BTC)).toEqual({ price: new Decimal('1'), time: 50 });
  });
});
