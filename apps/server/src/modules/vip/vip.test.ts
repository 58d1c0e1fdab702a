// Issue 19, acceptance 2: the VIP level moves at the exact turnover threshold, not a cent before;
// the progress and what is still to go are exact; operators change the table only in order.
import { expect, it } from 'vitest';
import * as routes from '@tradeflip/api/routes';
import { translate } from '@tradeflip/i18n';
import { Decimal } from '@tradeflip/money';
import { adminApi, adminCommand } from '../../test/accounts';
import { adminCall, adminCallRoute, callRoute, describeEachDatabase, registerUser } from '../../test/harness';

describeEachDatabase('VIP levels', (db) => {
  it('moves up at the exact threshold of turnover, not a cent before', async () => {
    const t = await db.app();
    const user = await registerUser(t);
    const userId = Number(user.user.id);
    const events = t.app.services.gameEvents;
    let play = 0;
    /** A bet of `usdt` (its stake is its turnover), recorded as the games record them. */
    const bet = (usdt: string) =>
      db.handle.db.transaction(async (tx) =>
        events.record(
          tx,
          [
            {
              userId,
              game: 'flip',
              kind: 'bet',
              token: 'USDT',
              amount: new Decimal(usdt),
              ref: { type: 'test_play', id: ++play },
            },
          ],
          await events.prices(['USDT']),
        ),
      );
    const status = async () => (await callRoute(t.app, routes.vip.status, { token: user.token })).body.data;

    expect(await status()).toMatchObject({
      level: 0,
      turnover: '0',
      next: { level: 1, minTurnover: '1000', remaining: '1000' },
      progress: '0',
    });
    await bet('999.99');
    expect(await status()).toMatchObject({
      level: 0,
      turnover: '999.99',
      next: { level: 1, remaining: '0.01' },
      progress: '99.99',
    });
    await bet('0.01');
    expect(await status()).toMatchObject({
      level: 1,
      turnover: '1000',
      rewardBonus: '0.1',
      next: { level: 2, minTurnover: '10000', remaining: '9000' },
      progress: '0',
    });
    const table = (await status()).levels;
    expect(table.map((row: { level: number }) => row.level)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('lets operators change the table only in order, in both languages', async () => {
    const t = await db.app();
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const refused = await adminCallRoute(t.app, routes.vip.adminSetLevel, {
        body: { level: 3, minTurnover: '5', rewardBonus: '0.3' },
        headers: { 'x-lang': lang },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.data.fields).toEqual({ minTurnover: translate(lang, 'vip.levelInvalid') });
      // A bonus beyond 100 % is the bonus's fault, and said so.
      const tooMuch = await adminCallRoute(t.app, routes.vip.adminSetLevel, {
        body: { level: 3, minTurnover: '50000', rewardBonus: '1.5' },
        headers: { 'x-lang': lang },
      });
      expect(tooMuch.body.data.fields).toEqual({ rewardBonus: translate(lang, 'vip.levelInvalid') });
    }
    const shown = await adminCommand('vip:levels').run(adminApi(t), []);
    expect(shown).toMatch(/VIP3\s+50000\s+0\.3/);
    const added = await adminCommand('vip:levels').run(adminApi(t), [
      '--level',
      '6',
      '--min',
      '5000000',
      '--bonus',
      '0.6',
    ]);
    expect(added).toMatch(/VIP6\s+5000000\s+0\.6/);
    await adminCommand('vip:levels').run(adminApi(t), ['--level', '6', '--min', '5000000', '--bonus', '0.6']);
    const back = await adminCallRoute(t.app, routes.vip.adminLevels, {});
    expect(back.body.data.list).toHaveLength(7);
    // A level past a gap, or one giving less than the level below it, is refused and changes nothing.
    const set = (level: number, minTurnover: string, rewardBonus: string) =>
      adminCallRoute(t.app, routes.vip.adminSetLevel, {
        body: { level, minTurnover, rewardBonus },
        headers: { 'x-lang': 'zh-CN' },
      });
    const gap = await set(9, '99999999999999999999', '0.7');
    expect(gap.status).toBe(400);
    expect(gap.body.msg).toBe(translate('zh-CN', 'vip.levelGap', { next: 7 }));
    const lower = await set(7, '99999999999999999999', '0.05');
    expect(lower.status).toBe(400);
    expect(lower.body.data.fields).toEqual({ rewardBonus: translate('zh-CN', 'vip.bonusOrder') });
    expect((await adminCallRoute(t.app, routes.vip.adminLevels, {})).body.data.list).toHaveLength(7);
    // A mistyped top level can be taken away; only the top one, never VIP0.
    for (const level of [5, 0]) {
      const refused = await adminCall(t.app, 'POST', '/api/admin/vip/levels/remove', { body: { level } });
      expect(refused.status).toBe(400);
    }
    const removed = await adminCommand('vip:levels').run(adminApi(t), ['--remove', '6']);
    expect(removed).not.toMatch(/VIP6/);
    expect((await adminCallRoute(t.app, routes.vip.adminLevels, {})).body.data.list).toHaveLength(6);
  });
});
