// Issue 16, point 8: the mark price on scripted sequences of trades: the median of the last second,
// of the last three trades when that second had fewer, a move beyond the band held until trades keep it there
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
    // Three trades a step: of one or two, a print is no median.
    const three = (price: string) => [price, price, price];
    at(0, ...three('100'));
    expect(at(1500, ...three('120'))).toBe('100'); // held since 1500
    expect(at(3000, ...three('80'))).toBe('100'); // the other way: held since 3000
    expect(at(4600, ...three('80'))).toBe('100'); // 1.6 s of 80 is not 3 s (the 120 hold would have been)
    expect(at(5700, ...three('101'))).toBe('101'); // back within the band: the hold is forgotten
    expect(at(6800, ...three('130'))).toBe('101'); // held since 6800
    expect(at(9000, ...three('130'))).toBe('101');
    expect(at(9800, ...three('130'))).toBe('130');
  });

  it('never takes a lone print beyond the band that no trade follows', () => {
    const { marks, at } = market();
    at(0, '90000');
    at(500, '1');
    // The second's trades are gone; the last trade is the bad print, but nothing keeps it alive.
    for (let time = 1500; time <= 10_000; time += 1000)
      expect(marks.update(BTC, time)!.mark.price.toFixed()).toBe('90000');
  });

  it('does not move for one bad print within the band on a pair that trades about once a second', () => {
    const { marks, at } = market();
    for (let time = 0; time < 4500; time += 900) at(time, String(90000 + time / 100));
    // One print 5 % down (a 100x long's liquidation is 1 % away): with one good trade in the second,
    // or none, it is no median.
    expect(at(4500, '90045')).toBe('90036'); // 90027 90036 90045: the last three trades
    expect(at(5000, '85500')).toBe('90036');
    expect(marks.update(BTC, 6500)!.mark.price.toFixed()).toBe('90036');
    expect(at(6800, '90070')).toBe('90045');
  });

  it('takes the level that persisted, not a burst of bad prints as the hold ends', () => {
    const { at } = market();
    at(0, '90000');
    // A real drop of 11 %, traded every 250 ms: held...
    const marks: string[] = [];
    for (let time = 250; time <= 3000; time += 250) marks.push(at(time, '80000'));
    // ...and as its 3 s run out, a burst at 1.00 outnumbers the second's trades.
    const burst = Array.from({ length: 10 }, () => '1');
    marks.push(at(3100, ...burst), at(3300, ...burst));
    // The mark moves to what trades kept beyond the band for 3 s (80,000), never to 1.00.
    expect(marks.every((price) => price === '90000' || price === '80000')).toBe(true);
    expect(marks.at(-1)).toBe('80000');
  });

  it('never takes two lone prints beyond the band with silence between them', () => {
    const { marks, at } = market();
    at(0, '90000');
    at(500, '1');
    for (let time = 1500; time <= 3500; time += 1000) marks.update(BTC, time);
    // A second bad print 3.1 s after the first: the silence between kept nothing alive.
    expect(at(3600, '1')).toBe('90000');
  });

  it('starts over after no trade for longer than the staleness limit: the old mark is no reference', () => {
    const { at } = market();
    at(0, '90000');
    expect(at(10_000, '70000')).toBe('90000'); // 10 s: still a reference, held
    expect(at(20_001, '60000', '60010', '59990')).toBe('60000'); // 10.001 s without a trade
  });

  it('has no mark after an outage until three trades came, so one bad print after it is no mark', () => {
    const { marks, at } = market();
    at(0, '90000');
    marks.trade(BTC, new Decimal('1'), 20_001); // the first print after 20 s of silence: a bad one
    expect(marks.update(BTC, 20_001)).toBeUndefined();
    expect(marks.current(BTC)).toBeUndefined(); // the games refuse ('price fetch failed') meanwhile
    expect(at(20_200, '60000', '60010')).toBe('60000'); // the median of 1, 60000, 60010
  });

  it('starts over when the clock steps back by more than the staleness limit: the old second is no median', () => {
    const { marks, at } = market();
    at(1_000_000, '90000', '90000', '90000', '90000', '90000');
    // Ten minutes back: the old trades would stay "in the last second" until the clock caught up.
    marks.trade(BTC, new Decimal('91000'), 400_000);
    expect(marks.update(BTC, 400_000)).toBeUndefined();
    expect(at(400_100, '91010', '91020')).toBe('91010');
    expect(at(401_500, '91030', '91040', '91050')).toBe('91040');
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
