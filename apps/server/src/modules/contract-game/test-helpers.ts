// What the contract game's suites share: an app on a test clock with the pairs loaded, the USDT vault
// funded and the engine leading; prices pinned tick by tick (the engine acts on each); a player's
// calls (open, close, the position); and the vault's balance, set to a figure to run it short.
import { expect } from 'vitest';
import { Decimal } from '@tradeflip/money';
import type { Env } from '../../config';
import { call, TestClock, type TestApp, type TestDatabase } from '../../test/harness';

interface GameStart {
  /** The USDT vault's first funding; null for none (default 1,000,000). */
  vault?: string | null;
  /** Whether this app's engine leads (default yes). */
  lead?: boolean;
  /** The app's environment beyond the harness's. */
  env?: Env;
}

export class GameTable {
  private constructor(
    readonly t: TestApp,
    readonly clock: TestClock,
  ) {}

  /** An app on `db` whose clock starts at `start` (an ISO time). */
  static async start(db: TestDatabase, start: string, options: GameStart = {}) {
    const clock = new TestClock(Date.parse(start));
    const t = await db.app({ clock, ...(options.env && { env: options.env }) });
    await t.app.services.market.init();
    const vault = options.vault === undefined ? '1000000' : options.vault;
    if (vault) await t.app.services.operatorMoney.fundVault({ token: 'USDT', amount: vault });
    if (options.lead ?? true) await t.app.services.gameEngine.lead();
    return new GameTable(t, clock);
  }

  /** Every later tick of the pair is exactly this price; the engine sees it and acts. */
  async price(symbol: string, value: string) {
    this.clock.advance(0.25);
    await this.t.app.services.market.pin(symbol, value);
    await this.t.app.services.gameEngine.idle();
  }

  open(token: string, body: Record<string, unknown>, headers?: Record<string, string>) {
    return call(this.t.app, 'POST', '/api/app/game/open', { token, body, ...(headers && { headers }) });
  }

  /** Opens a position and answers its id (failing the test if the open is refused). */
  async opened(token: string, body: Record<string, unknown>): Promise<string> {
    const res = await this.open(token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { id: string }).id;
  }

  close(token: string, id: string) {
    return call(this.t.app, 'POST', '/api/app/game/close', { token, body: { id } });
  }

  /** A position as its owner reads it (GET /api/app/game/position). */
  async position<P>(token: string, id: string): Promise<P> {
    const res = await call(this.t.app, 'GET', `/api/app/game/position?id=${id}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as P;
  }

  /** What the USDT vault holds. */
  async vault(): Promise<Decimal> {
    const house = await this.t.app.services.ledger.houseAccounts();
    return new Decimal(house.find((row) => row.kind === 'vault' && row.token === 'USDT')?.available ?? 0);
  }

  /** Sets the USDT vault to exactly `amount`; `belowOwed` lets it go below what positions could win. */
  async vaultAt(amount: string, options: { belowOwed?: boolean } = {}) {
    const change = new Decimal(amount).sub(await this.vault());
    if (change.isZero()) return;
    await this.t.app.services.operatorMoney.fundVault({
      token: 'USDT',
      amount: change.toFixed(),
      ...(options.belowOwed && { belowOwed: true }),
    });
  }
}
