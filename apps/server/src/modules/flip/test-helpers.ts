// What Lightning Flip's suites share: an app on a test clock with the market loaded and the USDT vault
// funded; prices pinned on a scripted path (each pin is the mark at once, at the clock's time); a
// player's calls; the settler's pass at a moment of the clock.
import { expect } from 'vitest';
import * as routes from '@tradeflip/api/routes';
import type { FlipDetail, FlipPosition } from '@tradeflip/api';
import { callRoute, TestClock, type TestApp, type TestDatabase } from '../../test/harness';

export class FlipTable {
  private constructor(
    readonly t: TestApp,
    readonly clock: TestClock,
    private readonly startedAt: string,
  ) {}

  /** An app on `db` whose clock starts at `start` (an ISO time); the USDT vault holds `vault`. */
  static async start(db: TestDatabase, start: string, vault = '1000000') {
    const clock = new TestClock(Date.parse(start));
    const t = await db.app({ clock });
    await t.app.services.market.init();
    if (vault !== '0') await t.app.services.operatorMoney.fundVault({ token: 'USDT', amount: vault });
    return new FlipTable(t, clock, start);
  }

  /** The pair's mark is exactly `price` from now on (a pin is the mark at once). */
  async price(symbol: string, price: string) {
    await this.t.app.services.market.pin(symbol, price);
  }

  /** Moves the clock on by `seconds`. */
  wait(seconds: number) {
    this.clock.advance(seconds);
  }

  open(token: string, body: Record<string, unknown>, headers?: Record<string, string>) {
    return callRoute(this.t.app, routes.flip.open, { token, body, ...(headers && { headers }) });
  }

  /** Opens a flip and answers it (failing the test if the open is refused). */
  async opened(token: string, body: Record<string, unknown>): Promise<FlipPosition> {
    const res = await this.open(token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  /** The market writes the marks it heard until now (the feed's leader does so once a second). */
  async flush() {
    await this.t.app.services.market.flush(this.clock.now().getTime());
  }

  /**
   * Another process starting `seconds` after the table's start, on the same database with nothing
   * in memory from before (this one died): answers its settler's pass.
   */
  async settleInProcessStartedAt(db: TestDatabase, seconds: number): Promise<number> {
    const started = Date.parse(this.startedAt) + seconds * 1000;
    const restarted = await db.app({ clock: new TestClock(started) });
    await restarted.app.services.market.init();
    return restarted.app.services.flip.settleDue();
  }

  /** The settler's pass now. */
  settle(): Promise<number> {
    return this.t.app.services.flip.settleDue();
  }

  async detail(token: string, id: string): Promise<FlipDetail> {
    const res = await callRoute(this.t.app, routes.flip.position, { token, query: { id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }
}
