// Issue 16, point 4: operators' terms are bounded (a negative close fee once unfroze 600 USDT of
// another position's margin; a negative funding rate made a liquidation take 110 from a 100 margin),
// by the schema the admin route and `npm run admin -- game:pair` share; and the audit reconciles each
// user's frozen balance with what holds it, failing on frozen money nobody can name.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { commands, type AdminApi } from '../../cli/commands';
import { formatAudit, runAudit } from '../ledger/audit';
import { adminApi, fundedUser } from '../../test/accounts';
import { adminCall, call, describeEachDatabase, TestClock, type TestApp } from '../../test/harness';
import { GameTable } from './test-helpers';

describeEachDatabase("the contract game's terms are bounded", (db) => {
  let t: TestApp;
  let api: AdminApi;

  beforeAll(async () => {
    t = await db.app({ clock: new TestClock(Date.parse('2030-05-01T00:00:00Z')) });
    api = adminApi(t);
  });

  const pairs = async () => (await adminCall(t.app, 'GET', '/api/admin/game/pairs')).body.data;
  const change = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    adminCall(t.app, 'POST', '/api/admin/game/pairs', {
      body: { symbol: 'BTCUSDT', ...body },
      ...(headers && { headers }),
    });

  it('refuses each term out of bounds with a 400 naming the field, changing nothing', async () => {
    const before = await pairs();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ openFeeRate: '-0.0005' }, 'openFeeRate', 'openFeeRate must be from 0 to 0.1 (10 %)'],
      [{ closeFeeRate: '-0.0005' }, 'closeFeeRate', 'closeFeeRate must be from 0 to 0.1 (10 %)'],
      [{ closeFeeRate: '0.1000001' }, 'closeFeeRate', 'closeFeeRate must be from 0 to 0.1 (10 %)'],
      [{ fundingRate: '-0.0001' }, 'fundingRate', 'fundingRate must be from 0 to 0.01 (1 % per interval)'],
      [{ fundingRate: '0.02' }, 'fundingRate', 'fundingRate must be from 0 to 0.01 (1 % per interval)'],
      [{ mmr: '0' }, 'mmr', 'mmr must be above 0 and below 1 / max leverage'],
      [{ mmr: '0.01', maxLeverage: 100 }, 'mmr', 'mmr must be above 0 and below 1 / max leverage'],
      // BTCUSDT's max leverage is 1000: 0.001 · 1000 = 1 would liquidate a 1000x position at once.
      [{ mmr: '0.001' }, 'mmr', 'mmr must be above 0 and below 1 / max leverage'],
      // Its mmr is 0.0005: 2000x would be 1.
      [{ maxLeverage: 2000 }, 'maxLeverage', 'maxLeverage must be a whole number from 1 to 1000'],
      [{ maxLeverage: 0 }, 'maxLeverage', 'maxLeverage must be a whole number from 1 to 1000'],
      [{ maxLeverage: 10.5 }, 'maxLeverage', 'maxLeverage must be a whole number from 1 to 1000'],
      [{ maxLeverage: '10' }, 'maxLeverage', 'maxLeverage must be a whole number from 1 to 1000'],
      [{ minMargin: '0' }, 'minMargin', 'minMargin must be a number greater than 0'],
      [{ maxMargin: '-1' }, 'maxMargin', 'maxMargin must be a number greater than 0'],
      [{ profitCapMultiple: '0' }, 'profitCapMultiple', 'profitCapMultiple must be a number greater than 0'],
      [
        { profitCapMultiple: '1e3' },
        'profitCapMultiple',
        'profitCapMultiple must be a number greater than 0',
      ],
      [{ minMargin: '10', maxMargin: '5' }, 'minMargin', 'minMargin must not exceed maxMargin'],
      // BTCUSDT's max margin is 100000.
      [{ minMargin: '200000' }, 'minMargin', 'minMargin must not exceed maxMargin'],
      // A position of the largest margin at the highest leverage must fit NUMERIC(38,18) (the open
      // answered 500): 10^17 × 1000 = 10^20 does not; checked against the stored leverage too.
      [
        { maxMargin: '100000000000000000', maxLeverage: 1000 },
        'maxMargin',
        'maxMargin × maxLeverage must be below 100000000000000000000 (the largest position size)',
      ],
      [
        { maxMargin: '100000000000000000' },
        'maxMargin',
        'maxMargin × maxLeverage must be below 100000000000000000000 (the largest position size)',
      ],
    ];
    for (const [body, field, msg] of cases) {
      const res = await change(body);
      expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.msg).toBe(msg);
      expect(Object.keys(res.body.data!.fields!)).toEqual([field]);
    }
    const zh = await change({ closeFeeRate: '-0.0005' }, { 'x-lang': 'zh-CN' });
    expect(zh.body.msg).toBe('closeFeeRate 须在 0 到 0.1（10%）之间');
    expect(await pairs()).toEqual(before);

    // The bounds themselves are terms an operator may set.
    const edge = await change({
      openFeeRate: '0.1',
      closeFeeRate: '0',
      fundingRate: '0.01',
      mmr: '0.000999',
    });
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
    expect(await change({ minMargin: '100000' })).toMatchObject({ status: 200 });
    expect(await change({ maxMargin: '99999999999999999.999999' })).toMatchObject({ status: 200 });
    // Raising the leverage is checked against the stored max margin.
    expect(await change({ maxLeverage: 100, maxMargin: '900000000000000000' })).toMatchObject({
      status: 200,
    });
    const higher = await change({ maxLeverage: 1000 });
    expect(higher.body.msg).toBe(
      'maxMargin × maxLeverage must be below 100000000000000000000 (the largest position size)',
    );
    const restored = await change({
      openFeeRate: '0.0005',
      closeFeeRate: '0.0005',
      fundingRate: '0.0001',
      mmr: '0.0005',
      minMargin: '1',
      maxMargin: '100000',
      maxLeverage: 1000,
    });
    expect(restored.status).toBe(200);
  });

  it('game:pair checks the same schema before it calls, and changes terms within it', async () => {
    const command = commands.find((c) => c.name === 'game:pair')!;
    await expect(command.run(api, ['BTCUSDT', '--close-fee', '-0.0005'])).rejects.toThrow(
      '--close-fee must be from 0 to 0.1 (10 %)',
    );
    await expect(command.run(api, ['BTCUSDT', '--max-leverage', '1001'])).rejects.toThrow(
      '--max-leverage must be a whole number from 1 to 1000',
    );
    // One side of a pair of bounds is checked against the other as stored, by the server.
    await expect(command.run(api, ['BTCUSDT', '--mmr', '0.002'])).rejects.toThrow(
      'mmr must be above 0 and below 1 / max leverage',
    );
    expect(await command.run(api, ['BTCUSDT', '--funding', '0.0002', '--profit-cap', '5'])).toMatch(
      /BTCUSDT\s+USDT\s+1000x\s+0\.0005\s+0\.0005\s+0\.0002\s+28800 s\s+0\.0005\s+1\.\.100000\s+5x\s+yes/,
    );
    expect(await command.run(api, ['BTCUSDT', '--funding', '0.0001', '--profit-cap', '10'])).toMatch(
      /0\.0001\s+28800 s\s+0\.0005\s+1\.\.100000\s+10x/,
    );
  });

  it('an open beyond the database’s range under terms stored before the bound answers 400, not 500', async () => {
    // Terms written before maxMargin × maxLeverage was bounded (by hand here): 10^17 at 1000×.
    await db.handle.db.execute(
      sql`update game_pairs set max_margin = 100000000000000000, max_leverage = 1000 where symbol = 'BTCUSDT'`,
    );
    // The service reads terms at most every 2 s: forget what it read, as a restart would.
    (t.app.services.game as unknown as { pairCache: unknown }).pairCache = undefined;
    const user = await fundedUser(t, '200000000000000000');
    await t.app.services.operatorMoney.fundVault({ token: 'USDT', amount: '50000000000000000000' });
    await t.app.services.market.init();
    await t.app.services.market.pin('BTCUSDT', '60000');
    const res = await call(t.app, 'POST', '/api/app/game/open', {
      token: user.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '100000000000000000', leverage: 1000 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    await db.handle.db.execute(
      sql`update game_pairs set max_margin = 100000, max_leverage = 1000 where symbol = 'BTCUSDT'`,
    );
  });
});

describeEachDatabase("the audit reconciles each user's frozen balance with what holds it", (db) => {
  let t: TestApp;

  let game: GameTable;

  beforeAll(async () => {
    game = await GameTable.start(db, '2030-05-01T00:00:00Z', { lead: false });
    t = game.t;
    await t.app.services.market.pin('BTCUSDT', '60000');
  });

  it('holds after opens, funding and closes, and fails, naming user, token, frozen and held, on frozen money nobody holds', async () => {
    const users = [await fundedUser(t, '1000'), await fundedUser(t, '1000')];
    const ids: string[] = [];
    for (const user of users) {
      for (const margin of ['100', '50'])
        ids.push(await game.opened(user.token, { symbol: 'BTCUSDT', side: 'long', margin, leverage: 10 }));
    }
    // Funding comes out of the frozen margin: what holds it is the margin left.
    t.clock.advance(8 * 3600);
    await t.app.services.gameEngine.fundingPass();
    await game.close(users[0]!.token, ids[0]!);
    await db.expectAuditClean();

    // A bug's movement: margin frozen for no position (the ledger itself keeps its books).
    const userId = Number((users[1]!.user as { id: string | number }).id);
    await t.app.services.ledger.freeze({
      userId,
      token: 'USDT',
      amount: '5',
      type: 'margin_lock',
      ref: { type: 'game_position', id: ids[3]! },
    });
    const orphan = await runAudit(db.handle.db);
    expect(orphan.ok).toBe(false);
    expect(Object.fromEntries(orphan.checks.map((c) => [c.name, c.differences]))).toMatchObject({
      balance: 0,
      conservation: 0,
      negative: 0,
      running_balance: 0,
      frozen: 1,
    });
    // 100 + 50 frozen, 0.1 + 0.05 of funding paid from it, then 5 more.
    expect(orphan.differences).toEqual([
      {
        check: 'frozen',
        detail: `user ${userId} (${users[1]!.email}) USDT: frozen 154.85, held 149.85 (open positions and flips 149.85, withdrawals 0)`,
      },
    ]);
    expect(formatAudit(orphan)).toMatch(/FAIL frozen\s+1 difference/);
    // The operators' audit (npm run audit's call) says the same.
    const viaApi = await adminCall(t.app, 'GET', '/api/admin/audit');
    expect(viaApi.body.data).toMatchObject({ ok: false, differences: orphan.differences });

    await t.app.services.ledger.unfreeze({
      userId,
      token: 'USDT',
      amount: '5',
      type: 'margin_unfreeze',
      ref: { type: 'game_position', id: ids[3]! },
    });
    await db.expectAuditClean();

    // By hand: a position's margin changed under its frozen balance (the ledger's checks still pass).
    await db.handle.db.execute(sql`update game_positions set margin = margin + 1 where id = ${ids[2]!}`);
    const edited = await runAudit(db.handle.db);
    // Its profit cap changed too: the vault's running total no longer matches it.
    expect(edited.checks.filter((c) => c.differences > 0).map((c) => c.name)).toEqual(['frozen', 'exposure']);
    expect(edited.differences[0]!.detail).toBe(
      `user ${userId} (${users[1]!.email}) USDT: frozen 149.85, held 150.85 (open positions and flips 150.85, withdrawals 0)`,
    );
    await db.handle.db.execute(sql`update game_positions set margin = margin - 1 where id = ${ids[2]!}`);
    await db.expectAuditClean();
  });
});

describeEachDatabase('the terms a position opened with', (db) => {
  let game: GameTable;
  let t: TestApp;

  beforeAll(async () => {
    game = await GameTable.start(db, '2030-05-02T00:00:00Z');
    t = game.t;
  });

  const price = (symbol: string, value: string) => game.price(symbol, value);

  // The cap was margin × multiple unrounded: 1.23 × 1.23456789012345678 has 19 decimals, a payout
  // the ledger refuses, so the position could never close in profit (400 'Invalid amount' on Close,
  // the engine failing at every tick past the cap price).
  it('pays the cap at the token’s decimals: the position closes at its cap price', async () => {
    const changed = await adminCall(t.app, 'POST', '/api/admin/game/pairs', {
      body: { symbol: 'ETHUSDT', profitCapMultiple: '1.23456789012345678' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await price('ETHUSDT', '3000');
    const user = await fundedUser(t, '100');
    const id = await game.opened(user.token, {
      symbol: 'ETHUSDT',
      side: 'long',
      margin: '1.23',
      leverage: 10,
    });

    // The cap, 1.5185185048..., is paid as 1.518518 (USDT's 6 decimals, down) when the price
    // passes the cap price (3000 · (1 + 1.2345.../10) = 3370.37...).
    await price('ETHUSDT', '4000');
    expect(await game.position(user.token, id)).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      pnl: '1.518518',
      profitUnpaid: '0',
    });
    await db.expectAuditClean();
  });

  it('stay its own when an operator changes the pair: liquidation, funding, close fee and cap', async () => {
    await price('BTCUSDT', '60000');
    const user = await fundedUser(t, '1000');
    const id = await game.opened(user.token, {
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '100',
      leverage: 10,
    });
    const positionOf = () => game.position(user.token, id);
    // Every term at its bound, and a cap (0.5 × 100 = 50) below what the position will win.
    const changed = await adminCall(t.app, 'POST', '/api/admin/game/pairs', {
      body: {
        symbol: 'BTCUSDT',
        closeFeeRate: '0.1',
        fundingRate: '0.01',
        fundingIntervalSeconds: 60,
        mmr: '0.000999',
        profitCapMultiple: '0.5',
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await positionOf()).toMatchObject({ liquidationPrice: '54030', status: 'open' });
    // Funding at its own rate and interval: nothing after a minute, 1,000 · 0.0001 after 8 hours.
    game.clock.advance(60);
    await t.app.services.gameEngine.fundingPass();
    expect(await positionOf()).toMatchObject({ fundingPaid: '0' });
    game.clock.advance(8 * 3600);
    await t.app.services.gameEngine.fundingPass();
    expect(await positionOf()).toMatchObject({ fundingPaid: '0.1', liquidationPrice: '54036' });
    // 70,000 is past the new terms' cap price (63,000): still open, and it closes by hand at its own
    // close fee (1,000 · 70,000 / 60,000 · 0.0005), its profit uncapped.
    await price('BTCUSDT', '70000');
    expect(await positionOf()).toMatchObject({ status: 'open' });
    const closed = await game.close(user.token, id);
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      closeReason: 'manual',
      pnl: '166.666666',
      closeFee: '0.583333',
      profitUnpaid: '0',
    });
    await db.expectAuditClean();
  });
});
