// The red team's check (of the tickers channel's server-computed 24 h figures): at every feed step
// the frame's figures for each listed pair equal what GET /tickers answers at that moment, with pins
// at the extremes (the largest storable price, then one tick of the pair's decimals) and a disabled
// pair; no error, no NaN or exponent.
import type { TickerMove } from '@tradeflip/api';
import { expect, it } from 'vitest';
import { adminCall, call, describeEachDatabase, TestClock } from '../../test/harness';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const plain = /^-?\d+(\.\d+)?$/;

describeEachDatabase('the tickers channel’s frames equal GET /tickers', (db) => {
  /** An app whose market runs on a test clock from T0, and the tickers frames it sends until stop(). */
  async function marketFrames() {
    const clock = new TestClock(T0);
    const t = await db.app({ clock });
    const market = t.app.services.market;
    await market.init();
    const frames: TickerMove[][] = [];
    const stop = market.onTick((batch) => frames.push(market.movedTickers(batch)));
    return { clock, t, market, frames, stop };
  }

  it('for every listed pair at every step, through extreme pins and a disabled pair', async () => {
    const { clock, t, market, frames, stop } = await marketFrames();
    let disabledSeen = false;
    const pin = async (symbol: string, price?: string) =>
      expect(
        (await adminCall(t.app, 'POST', '/api/admin/market/price', { body: { symbol, price } })).status,
      ).toBe(200);
    expect(
      (
        await adminCall(t.app, 'POST', '/api/admin/market/pairs', {
          body: { symbol: 'DOGEUSDT', enabled: false },
        })
      ).status,
    ).toBe(200);
    const steps: (() => Promise<void>)[] = [
      () => pin('BTCUSDT', '99999999999999999999.99'),
      () => pin('BTCUSDT', '0.01'),
      () => pin('ETHUSDT', '0.01'),
      () => pin('ETHUSDT', '99999999999999999999.99'),
      () => pin('BTCUSDT'),
      async () => undefined,
    ];
    for (const before of steps) {
      await before();
      for (let i = 0; i < 5; i++) {
        clock.advance(30);
        frames.length = 0;
        await market.step();
        const res = await call(t.app, 'GET', '/api/app/market/tickers');
        expect(res.status).toBe(200);
        const list = res.body.data!.list as (TickerMove & { stale: boolean })[];
        expect(frames.flat().map((m) => m.symbol)).toEqual(expect.arrayContaining(['BTCUSDT', 'ETHUSDT']));
        disabledSeen ||= frames.flat().some((m) => m.symbol === 'DOGEUSDT');
        for (const move of frames.flat()) {
          for (const field of ['price', 'change24h', 'high24h', 'low24h'] as const)
            expect(move[field], `${move.symbol} ${field}`).toMatch(plain);
          const row = list.find((r) => r.symbol === move.symbol);
          if (!row) continue; // a disabled pair: not listed
          const { symbol, price, mark, change24h, high24h, low24h, time } = row;
          expect(move).toEqual({ symbol, price, mark, change24h, high24h, low24h, time });
        }
      }
    }
    stop();
    // Pre-existing, noted: a disabled pair's ticks still go out on the channel (GET /tickers hides it).
    expect(disabledSeen).toBe(true);
  });

  it('a late tick moves no ticker price: a frame goes out only for the mark it moved', async () => {
    const { market, frames, stop } = await marketFrames();
    await market.ingest([{ symbol: 'BTCUSDT', price: '65000', time: T0 }]);
    // One step behind (a new leader whose clock read before the old one's last step): the last
    // trade stays 65000 at T0, the mark (of the two trades, the lower middle) is 64000.
    await market.ingest([{ symbol: 'BTCUSDT', price: '64000', time: T0 - 100 }]);
    // The same late tick again moved nothing: no frame.
    await market.ingest([{ symbol: 'BTCUSDT', price: '64000', time: T0 - 100 }]);
    await market.ingest([{ symbol: 'BTCUSDT', price: '65100', time: T0 + 100 }]);
    stop();
    expect(frames.map((frame) => frame.map((move) => `${move.price}/${move.mark}@${move.time}`))).toEqual([
      [`65000/65000@${T0}`],
      [`65000/64000@${T0}`],
      [],
      [`65100/64000@${T0 + 100}`],
    ]);
  });
});
