// Issue 19, acceptance 2: the VIP level moves at the exact turnover threshold, not a cent before;
// the progress and what is still to go are exact; operators change the table only in order.
import { expect, it } from 'vitest';
import * as routes from '@tradeflip/api/routes';
import { translate } from '@tradeflip/i18n';
import { Decimal } from '@tradeflip/money';
import { adminApi, adminCommand } from '../../test/accounts';
import { adminCallRoute, callRoute, describeEachDatabase, registerUser } from '../../test/harness';

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
  });
});
