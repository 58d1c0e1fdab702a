// Whether this process hears the market's marks, which the jobs settling at the mark ask before they
// lead (workers/jobs.ts): the feed's own steps count, an operator's pin does not (it is made in any
// process, cut off or not), and a silence beyond MARKET_STALE_SECONDS names why it must not lead.
import { expect, it, vi } from 'vitest';
import { loadTestSettings } from '../../config';
import { adminCall, describeEachDatabase, TestClock } from '../../test/harness';

const settings = loadTestSettings();

describeEachDatabase('marks heard', (db) => {
  it('waits for the first mark quietly, counts the feed’s, and names a silence beyond the limit', async () => {
    const clock = new TestClock(Date.parse('2030-01-01T00:00:00Z'));
    const t = await db.app({ clock });
    const market = t.app.services.market;
    await market.init();
    expect(market.marksUnheard()).toEqual({
      reason: 'no price mark heard yet since the start',
      starting: true,
    });
    // A pin is the mark at once, but says nothing of whether this process hears the feed.
    const pinned = await adminCall(t.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'BTCUSDT', price: '60000' },
    });
    expect(pinned.status).toBe(200);
    expect(market.marksUnheard()).toMatchObject({ starting: true });
    clock.advance(10.5);
    expect(market.marksUnheard()).toEqual({
      reason:
        'no price mark heard for 10 s (more than MARKET_STALE_SECONDS, 10 s): the price feed is down, or this process does not lead it (without REDIS_URL only its leader hears the marks)',
      starting: false,
    });
    await market.step();
    expect(market.marksUnheard()).toBeUndefined();
    clock.advance(10);
    expect(market.marksUnheard()).toBeUndefined();
    clock.advance(1);
    expect(market.marksUnheard()).toMatchObject({ starting: false });
    expect(market.marksUnheard()!.reason).toMatch(/^no price mark heard for 11 s/);
    // After a silence the mark restarts from three trades (mark-price.ts): heard at the third.
    await market.step();
    clock.advance(0.1);
    await market.step();
    expect(market.marksUnheard()).toMatchObject({ starting: false });
    clock.advance(0.1);
    await market.step();
    expect(market.marksUnheard()).toBeUndefined();
  });

  it.runIf(Boolean(settings.redisUrl) || settings.ci)(
    'counts the leader’s marks relayed through Redis, not those of a pin made elsewhere',
    async () => {
      if (!settings.redisUrl) throw new Error('CI=true but TEST_REDIS_URL is not set');
      const clock = new TestClock(Date.parse('2030-01-01T00:00:00Z'));
      const env = { REDIS_URL: settings.redisUrl };
      // Two processes on the same database and Redis: the leader steps the feed, the other listens.
      const leader = (await db.app({ clock, env })).app.services.market;
      const other = await db.app({ clock, env });
      const market = other.app.services.market;
      await Promise.all([leader.init(), market.init()]);
      // A pin made in the other process reaches the leader; the leader's own pin reaches the other:
      // neither is a mark of the feed. (Pinned again until heard: each relay subscribes on its own.)
      await vi.waitFor(async () => {
        await adminCall(other.app, 'POST', '/api/admin/market/price', {
          body: { symbol: 'ETHUSDT', price: '3000' },
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(leader.markPrice('ETHUSDT')?.price).toBe('3000');
      }, 10_000);
      await vi.waitFor(async () => {
        await leader.pin('BTCUSDT', '60000');
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(market.markPrice('BTCUSDT')?.price).toBe('60000');
      }, 10_000);
      expect(market.marksUnheard()).toMatchObject({ starting: true });
      clock.advance(11);
      expect(market.marksUnheard()).toMatchObject({ starting: false });
      expect(market.marksUnheard()!.reason).toContain('another Redis than the feed’s leader');
      // The feed's marks, relayed, are heard.
      await leader.step();
      await vi.waitFor(() => expect(market.marksUnheard()).toBeUndefined());
    },
  );
});
