// Issue 16, point 4: operators' terms are bounded (a negative close fee once unfroze 600 USDT of
// another position's margin; a negative funding rate made a liquidation take 110 from a 100 margin),
// by the schema the admin route and `npm run admin -- game:pair` share; and the audit reconciles each
// user's frozen balance with what holds it, failing on frozen money nobody can name.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { commands, type AdminApi } from '../../cli/commands';
import { formatAudit, runAudit } from '../ledger/audit';
import {
  adminCall,
  call,
  describeEachDatabase,
  expectAuditClean,
  registerUser,
  TestClock,
  useDatabase,
  type TestApp,
} from '../../test/harness';

describeEachDatabase("the contract game's terms are bounded", (target) => {
  const db = useDatabase(target);
  let t: TestApp;
  let api: AdminApi;

  beforeAll(async () => {
    t = await db.app({ clock: new TestClock(Date.parse('2030-05-01T00:00:00Z')) });
    api = {
      async call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
        const res = await adminCall(t.app, method, path, { body });
        if (res.body.code !== 0) throw new Error(res.body.msg);
        return res.body.data as T;
      },
    };
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
    const restored = await change({
      openFeeRate: '0.0005',
      closeFeeRate: '0.0005',
      fundingRate: '0.0001',
      mmr: '0.0005',
      minMargin: '1',
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
});

describeEachDatabase("the audit reconciles each user's frozen balance with what holds it", (target) => {
  const db = useDatabase(target);
  let t: TestApp;

  beforeAll(async () => {
    const clock = new TestClock(Date.parse('2030-05-01T00:00:00Z'));
    t = await db.app({ clock });
    await t.app.services.market.init();
    await t.app.services.ledger.fundVault({ token: 'USDT', amount: '1000000' });
    await t.app.services.market.pin('BTCUSDT', '60000');
  });

  it('holds after opens, funding and closes, and fails, naming user, token, frozen and held, on frozen money nobody holds', async () => {
    const users = [await registerUser(t), await registerUser(t)];
    const ids: string[] = [];
    for (const user of users) {
      await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
        body: { email: user.email, token: 'USDT', amount: '1000', reason: 'test' },
      });
      for (const margin of ['100', '50']) {
        const opened = await call(t.app, 'POST', '/api/app/game/open', {
          token: user.token,
          body: { symbol: 'BTCUSDT', side: 'long', margin, leverage: 10 },
        });
        expect(opened.status, JSON.stringify(opened.body)).toBe(200);
        ids.push((opened.body.data as { id: string }).id);
      }
    }
    // Funding comes out of the frozen margin: what holds it is the margin left.
    t.clock.advance(8 * 3600);
    await t.app.services.gameEngine.fundingPass();
    await call(t.app, 'POST', '/api/app/game/close', { token: users[0]!.token, body: { id: ids[0] } });
    await expectAuditClean(db.handle.db);

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
        detail: `user ${userId} (${users[1]!.email}) USDT: frozen 154.85, held 149.85 (open positions 149.85, withdrawals 0)`,
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
    await expectAuditClean(db.handle.db);

    // By hand: a position's margin changed under its frozen balance (the ledger's checks still pass).
    await db.handle.db.execute(sql`update game_positions set margin = margin + 1 where id = ${ids[2]!}`);
    const edited = await runAudit(db.handle.db);
    expect(edited.checks.filter((c) => c.differences > 0).map((c) => c.name)).toEqual(['frozen']);
    expect(edited.differences[0]!.detail).toBe(
      `user ${userId} (${users[1]!.email}) USDT: frozen 149.85, held 150.85 (open positions 150.85, withdrawals 0)`,
    );
    await db.handle.db.execute(sql`update game_positions set margin = margin - 1 where id = ${ids[2]!}`);
    await expectAuditClean(db.handle.db);
  });
});
