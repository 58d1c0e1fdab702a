// Issue 19, acceptance 1: a friend who registers with an invite code is the inviter's; the friend's
// plays (Lightning Flip on a scripted price path: a bet, then its loss) pay the configured rewards to
// the friend and to the inviter exactly once, also when the rewarder runs again over the same events;
// a frozen inviter is never paid; a vault that owes its money on open bets holds rewards back until it
// can pay them; the audit stays clean.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as routes from '@tradeflip/api/routes';
import { translate } from '@tradeflip/i18n';
import { Decimal } from '@tradeflip/money';
import { adminCommand, adminApi, balanceOf, credit } from '../../test/accounts';
import {
  adminCall,
  adminCallRoute,
  callRoute,
  describeEachDatabase,
  describeOnPostgres,
  registerUser,
  type TestDatabase,
  uniqueEmail,
  userOf,
} from '../../test/harness';
import { FlipTable } from '../flip/test-helpers';
import { nicknameOf } from './service';

const T0 = '2030-06-01T00:00:00Z';

/** An inviter and a friend who registered with their code, holding 1,000 USDT. */
async function inviterAndFriend(table: FlipTable) {
  const inviter = await registerUser(table.t, uniqueEmail('inviter'));
  const code = String(inviter.user.inviteCode);
  const friend = await registerUser(table.t, uniqueEmail('friend'), undefined, { inviteCode: code });
  await credit(table.t, friend.email, '1000');
  return { inviter, friend, code };
}

/** The friend bets 100 Up at 100 for 30 s and loses it (the close at 99). */
async function friendLosesAFlip(table: FlipTable, friendToken: string) {
  await table.price('BTCUSDT', '100');
  await table.opened(friendToken, {
    symbol: 'BTCUSDT',
    direction: 'up',
    amount: '100',
    duration: 30,
    token: 'USDT',
  });
  table.wait(29);
  await table.price('BTCUSDT', '99');
  table.wait(1.5);
  await table.settle();
}

/** A friend's 100 USDT bet recorded as a game event straight away (the rewarder's input). */
const betEvent = (userId: number, id: number) => ({
  userId,
  game: 'flip' as const,
  kind: 'bet' as const,
  token: 'USDT',
  amount: new Decimal('100'),
  ref: { type: 'flip_position', id },
});

/** Resolves once `n` other sessions of the database wait for a lock, or `settled` has. */
async function lockWaiters(db: TestDatabase, n: number, settled: () => boolean = () => false) {
  for (;;) {
    const result = (await db.handle.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n >= n || settled()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase('invites and their rewards', (db) => {
  const rewarder = (table: FlipTable) => table.t.app.services.invite.rewardPass();

  it('pays the friend’s plays’ rewards to both levels exactly once, and shows them to both', async () => {
    const table = await FlipTable.start(db, T0);
    const { inviter, friend, code } = await inviterAndFriend(table);

    const before = await callRoute(table.t.app, routes.invite.summary, { token: inviter.token });
    expect(before.body.data).toMatchObject({
      inviteCode: code,
      invitePath: `/pages/register/index?code=${code}`,
      friends: 1,
      rewards: [],
    });
    expect(before.body.data.rules).toContainEqual({ kind: 'bet', level: 'upline', rate: '0.002' });

    await friendLosesAFlip(table, friend.token);
    expect(await rewarder(table)).toBeGreaterThanOrEqual(2);
    // The default rules: a bet pays 0.1 % to the player and 0.2 % to the inviter, a loss 0.5 % and 1 %.
    expect(await balanceOf(table.t, friend.token)).toEqual({ available: '900.6', frozen: '0' });
    expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '1.2', frozen: '0' });

    const summary = await callRoute(table.t.app, routes.invite.summary, { token: inviter.token });
    expect(summary.body.data.rewards).toEqual([
      { token: 'USDT', amount: '1.2', ownPlays: '0', friendsPlays: '1.2' },
    ]);
    // The friend's own rewards are theirs, on their own plays: the two parts are told apart.
    const friendOwn = await callRoute(table.t.app, routes.invite.summary, { token: friend.token });
    expect(friendOwn.body.data.rewards).toEqual([
      { token: 'USDT', amount: '0.6', ownPlays: '0.6', friendsPlays: '0' },
    ]);
    const friends = await callRoute(table.t.app, routes.invite.friends, {
      token: inviter.token,
      query: { page: 1, pageSize: 20 },
    });
    expect(friends.body.data.list).toEqual([
      {
        nickname: nicknameOf(friend.email),
        registeredAt: expect.any(String),
        rewards: [{ token: 'USDT', amount: '1.2' }],
      },
    ]);
    expect(friends.body.data.list[0]!.nickname).not.toContain(friend.email.split('@')[0]);
    const rewards = await callRoute(table.t.app, routes.invite.rewards, {
      token: inviter.token,
      query: { page: 1, pageSize: 20 },
    });
    expect(rewards.body.data.list.map((row) => [row.kind, row.level, row.amount, row.friend])).toEqual([
      ['loss', 'upline', '1', nicknameOf(friend.email)],
      ['bet', 'upline', '0.2', nicknameOf(friend.email)],
    ]);
    const own = await callRoute(table.t.app, routes.invite.rewards, {
      token: friend.token,
      query: { page: 1, pageSize: 20 },
    });
    expect(own.body.data.list.map((row) => [row.kind, row.level, row.amount, row.friend])).toEqual([
      ['loss', 'self', '0.5', null],
      ['bet', 'self', '0.1', null],
    ]);

    // Run again over the same events (their marks cleared, as after a restore): nothing twice.
    await db.handle.db.execute(sql`update game_events set rewarded_at = null`);
    await rewarder(table);
    expect(await balanceOf(table.t, friend.token)).toEqual({ available: '900.6', frozen: '0' });
    expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '1.2', frozen: '0' });
    await db.expectAuditClean();
  });

  it('pays the friend’s contract plays too: a bet of its margin (its notional counted as turnover), its loss', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table); // what earlier tests left
    const { inviter, friend } = await inviterAndFriend(table);
    await table.price('BTCUSDT', '100');
    const opened = await callRoute(table.t.app, routes.contractGame.open, {
      token: friend.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    await table.price('BTCUSDT', '99'); // −1 % on a notional of 1,000: a loss of 10
    const closed = await callRoute(table.t.app, routes.contractGame.close, {
      token: friend.token,
      body: { id: opened.body.data.id },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await rewarder(table);
    // Bet 100: 0.1 to the friend, 0.2 up; loss 10: 0.05 to the friend, 0.1 up. The notional of 1,000
    // made the friend VIP1: +10 % on their own rewards (0.11, 0.055).
    expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '0.3', frozen: '0' });
    const own = await callRoute(table.t.app, routes.invite.rewards, {
      token: friend.token,
      query: { page: 1, pageSize: 20 },
    });
    expect(own.body.data.list.map((row) => [row.game, row.kind, row.amount])).toEqual([
      ['contract', 'loss', '0.055'],
      ['contract', 'bet', '0.11'],
    ]);
    expect(await table.t.app.services.gameEvents.turnoverOf(Number(friend.user.id))).toBe('1000');
    await db.expectAuditClean();
  });

  it('never pays more on a contract bet than the fee it paid: a round trip at leverage 1 earns nothing', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table);
    const { inviter, friend } = await inviterAndFriend(table);
    await table.price('BTCUSDT', '100');
    const opened = await callRoute(table.t.app, routes.contractGame.open, {
      token: friend.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 1 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const closed = await callRoute(table.t.app, routes.contractGame.close, {
      token: friend.token,
      body: { id: opened.body.data.id },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await rewarder(table);
    // The rates would pay 0.1 + 0.2 on a bet of 100; its opening fee was 0.05 (0.05 % of 100), so the
    // two levels share 0.05 as 1 : 2. Open and close cost 0.1 in fees: the pair of them is 0.05 down.
    const own = await balanceOf(table.t, friend.token);
    const up = await balanceOf(table.t, inviter.token);
    expect([own.available, up.available]).toEqual(['999.916666', '0.033333']);
    expect(new Decimal(own.available).add(up.available).lt('1000')).toBe(true);
    await db.expectAuditClean();
  });

  it('pays nothing on a refunded flip: a tie is no bet (the red team’s two accounts gained 6.2 on 1,000)', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table);
    const { inviter, friend } = await inviterAndFriend(table);
    await table.price('BTCUSDT', '100');
    await table.opened(friend.token, {
      symbol: 'BTCUSDT',
      direction: 'up',
      amount: '1000',
      duration: 30,
      token: 'USDT',
    });
    table.wait(31);
    await table.price('BTCUSDT', '100');
    table.wait(1.5);
    await table.settle();
    await rewarder(table);
    expect(await balanceOf(table.t, friend.token)).toEqual({ available: '1000', frozen: '0' });
    expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '0', frozen: '0' });
    expect(await table.t.app.services.gameEvents.turnoverOf(Number(friend.user.id))).toBe('0');
    await db.expectAuditClean();
  });

  it('never pays a hedged long and short more than their fees: a loss’s rewards stay within its close fee', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table);
    const { inviter, friend } = await inviterAndFriend(table);
    await credit(table.t, friend.email, '1000');
    await table.price('BTCUSDT', '100');
    const ids: string[] = [];
    for (const side of ['long', 'short'] as const) {
      const opened = await callRoute(table.t.app, routes.contractGame.open, {
        token: friend.token,
        body: { symbol: 'BTCUSDT', side, margin: '990', leverage: 2 },
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      ids.push(opened.body.data.id);
    }
    await table.price('BTCUSDT', '85');
    for (const id of ids) {
      const closed = await callRoute(table.t.app, routes.contractGame.close, {
        token: friend.token,
        body: { id },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    }
    await rewarder(table);
    // Without the caps the pair ended at 2,002.92 of 2,000; now every reward is within a fee paid.
    const own = await balanceOf(table.t, friend.token);
    const up = await balanceOf(table.t, inviter.token);
    expect(new Decimal(own.available).add(up.available).lt('2000')).toBe(true);
    await db.expectAuditClean();
  });

  it('never pays hedged flips back what they lose: each event’s rewards stay within a quarter of it', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table);
    const { inviter, friend } = await inviterAndFriend(table);
    await credit(table.t, friend.email, '1000');
    const summary = await callRoute(table.t.app, routes.invite.summary, { token: inviter.token });
    const defaults: { kind: string; level: string; rate: string }[] = summary.body.data.rules;
    const setRule = (kind: string, level: string, rate: string) =>
      adminCall(table.t.app, 'POST', '/api/admin/invite/rules', { body: { kind, level, rate } });
    const setPayout = (payoutRate: string) =>
      adminCallRoute(table.t.app, routes.flip.adminConfig, {
        body: { rate: { symbol: 'BTCUSDT', seconds: 30, payoutRate } },
      });
    try {
      // The highest rates the rules allow, and a payout that leaves the house 1 % (the red team's set).
      for (const [kind, rate] of [
        ['bet', '0.01'],
        ['loss', '0.05'],
        ['profit', '0.05'],
      ] as const) {
        for (const level of ['self', 'upline']) expect((await setRule(kind, level, rate)).status).toBe(200);
      }
      expect((await setPayout('0.99')).status).toBe(200);
      await table.price('BTCUSDT', '100');
      for (const direction of ['up', 'down'] as const) {
        await table.opened(friend.token, {
          symbol: 'BTCUSDT',
          direction,
          amount: '1000',
          duration: 30,
          token: 'USDT',
        });
      }
      table.wait(29);
      await table.price('BTCUSDT', '101');
      table.wait(1.5);
      await table.settle();
      await rewarder(table);
      // The pair lost 10 (won 990, lost 1,000); the rates alone would have paid 239 back. Four events
      // of at most 2.5 each: the two accounts end no better than they began.
      const own = await balanceOf(table.t, friend.token);
      const up = await balanceOf(table.t, inviter.token);
      expect(new Decimal(own.available).add(up.available).lte('2000')).toBe(true);
      expect(new Decimal(up.available).gt(0)).toBe(true);
      await db.expectAuditClean();
    } finally {
      expect((await setPayout('0.8')).status).toBe(200);
      // Lowered first: the sum of a kind's two rates is checked at each step.
      for (const level of ['upline', 'self']) {
        for (const kind of ['bet', 'loss', 'profit']) {
          const rate = defaults.find((r) => r.kind === kind && r.level === level)?.rate ?? '0';
          expect((await setRule(kind, level, rate)).status).toBe(200);
        }
      }
    }
  });

  it('pays an event waiting across an operator’s change at the rate of its time; later plays at the new one', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table); // what earlier tests left
    const { inviter, friend } = await inviterAndFriend(table);
    const setRule = (level: 'self' | 'upline', rate: string) =>
      adminCallRoute(table.t.app, routes.invite.adminSetRule, { body: { kind: 'bet', level, rate } });
    // The friend's bet and its loss are played (bet 0.1 % self, 0.2 % upline; loss 0.5 % and 1 %) and
    // wait, as when the vault is short or the server is down, while the operator raises the bet rates.
    await friendLosesAFlip(table, friend.token);
    table.wait(1);
    expect((await setRule('upline', '0.01')).status).toBe(200);
    expect((await setRule('self', '0.01')).status).toBe(200);
    await rewarder(table);
    // At the rates of its time: the friend 0.1 + 0.5 of the 100 lost, the inviter 0.2 + 1.
    expect(await balanceOf(table.t, friend.token)).toEqual({ available: '900.6', frozen: '0' });
    expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '1.2', frozen: '0' });
    // The next play, after the change: its bet at 1 % each (the loss rates as they were).
    await friendLosesAFlip(table, friend.token);
    await rewarder(table);
    expect(await balanceOf(table.t, friend.token)).toEqual({ available: '802.1', frozen: '0' });
    expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '3.2', frozen: '0' });
    for (const [level, rate] of [
      ['self', '0.001'],
      ['upline', '0.002'],
    ] as const)
      expect((await setRule(level, rate)).status).toBe(200);
    await db.expectAuditClean();
  });

  it('pays a flip opened before an operator’s change at the rates of its open, though it settles after', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table);
    const setRule = (level: 'self' | 'upline', rate: string) =>
      adminCallRoute(table.t.app, routes.invite.adminSetRule, { body: { kind: 'bet', level, rate } });
    const rewardsOf = async (token: string) =>
      (
        await callRoute(table.t.app, routes.invite.rewards, { token, query: { page: 1, pageSize: 20 } })
      ).body.data.list.map((row) => [row.kind, row.level, row.amount]);
    // A player of their own (no inviter): room under the bet's 2 % for their own rate to go to 2 %.
    const player = await registerUser(table.t, uniqueEmail('player'));
    await credit(table.t, player.email, '2000');
    expect((await setRule('upline', '0')).status).toBe(200);
    try {
      await table.price('BTCUSDT', '100');
      const flip = { symbol: 'BTCUSDT', direction: 'up', amount: '1000', duration: 30, token: 'USDT' };
      await table.opened(player.token, flip);
      // While it runs, the operator raises the player's own bet rate from 0.1 % to 2 % (the CLI).
      table.wait(10);
      const report = await adminCommand('invite:rules').run(adminApi(table.t), [
        '--event',
        'bet',
        '--to',
        'self',
        '--rate',
        '0.02',
      ]);
      expect(report).toMatch(/bet\s+self\s+0\.02/);
      table.wait(19);
      await table.price('BTCUSDT', '99');
      table.wait(1.5);
      expect(await table.settle()).toBe(1);
      await rewarder(table);
      // Its bet at 0.1 % of 1,000, with the +10 % of VIP1 its turnover of 1,000 reached: 1.1, not 22.
      expect(await rewardsOf(player.token)).toEqual([
        ['loss', 'self', '5.5'],
        ['bet', 'self', '1.1'],
      ]);
      // The next flip, opened after the change, at 2 %.
      await table.price('BTCUSDT', '100');
      await table.opened(player.token, flip);
      table.wait(29);
      await table.price('BTCUSDT', '99');
      table.wait(1.5);
      await table.settle();
      await rewarder(table);
      expect((await rewardsOf(player.token)).slice(0, 2)).toEqual([
        ['loss', 'self', '5.5'],
        ['bet', 'self', '22'],
      ]);
      await db.expectAuditClean();
    } finally {
      expect((await setRule('self', '0.001')).status).toBe(200);
      expect((await setRule('upline', '0.002')).status).toBe(200);
    }
  });

  it('pays a contract position opened before an operator’s change at the rates of its open, its close included', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table);
    const { inviter, friend } = await inviterAndFriend(table);
    const setLoss = (rate: string) =>
      adminCallRoute(table.t.app, routes.invite.adminSetRule, {
        body: { kind: 'loss', level: 'upline', rate },
      });
    await table.price('BTCUSDT', '100');
    const opened = await callRoute(table.t.app, routes.contractGame.open, {
      token: friend.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    // The position is open when the operator doubles the inviter's share of a loss (1 % to 2 %).
    expect((await setLoss('0.02')).status).toBe(200);
    try {
      await table.price('BTCUSDT', '99'); // a loss of 10
      const closed = await callRoute(table.t.app, routes.contractGame.close, {
        token: friend.token,
        body: { id: opened.body.data.id },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      await rewarder(table);
      // Its open is when it was played: the bet's 0.2 and the loss's 1 % of 10, not 2 %.
      expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '0.3', frozen: '0' });
      await db.expectAuditClean();
    } finally {
      expect((await setLoss('0.01')).status).toBe(200);
    }
  });

  it('never pays a frozen inviter; the player’s own reward still comes', async () => {
    const table = await FlipTable.start(db, T0);
    const { inviter, friend } = await inviterAndFriend(table);
    await adminApi(table.t).call('POST', '/api/admin/users/freeze', { email: inviter.email });
    await friendLosesAFlip(table, friend.token);
    await rewarder(table);
    expect(await balanceOf(table.t, friend.token)).toEqual({ available: '900.6', frozen: '0' });
    expect(await table.t.app.services.ledger.availableOf(Number(inviter.user.id), 'USDT')).toBe('0');
    await db.expectAuditClean();
  });

  it('holds rewards back while the vault owes its money on open bets, and pays them once it can', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table); // what earlier tests left
    const { inviter, friend } = await inviterAndFriend(table);
    await friendLosesAFlip(table, friend.token);
    // Another flip open: the vault owes its possible win.
    await table.opened(friend.token, {
      symbol: 'BTCUSDT',
      direction: 'up',
      amount: '100',
      duration: 30,
      token: 'USDT',
    });
    // The operator takes out all the vault holds beyond what it owes on open bets.
    const services = table.t.app.services;
    const owed = await services.ledger.exposureOf('USDT');
    const held = await services.ledger.availableIn({ kind: 'vault', token: 'USDT' });
    await services.operatorMoney.fundVault({ token: 'USDT', amount: owed.sub(held).toFixed() });
    await expect(rewarder(table)).rejects.toThrow();
    expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '0', frozen: '0' });
    await services.operatorMoney.fundVault({ token: 'USDT', amount: '2' });
    await rewarder(table);
    // The lost flip's bet and loss: 0.2 + 1 to the inviter, 0.1 + 0.5 to the friend.
    expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '1.2', frozen: '0' });
    expect(await balanceOf(table.t, friend.token)).toEqual({ available: '800.6', frozen: '100' });
    await db.expectAuditClean();
  });

  it('lets operators set a rule within bounds, in both languages; new events are rewarded at it', async () => {
    const table = await FlipTable.start(db, T0);
    await rewarder(table);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const refused = await adminCallRoute(table.t.app, routes.invite.adminSetRule, {
        body: { kind: 'bet', level: 'upline', rate: '0.6' },
        headers: { 'x-lang': lang },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.data.fields).toEqual({ rate: translate(lang, 'invite.rateRange') });
      // A number not written plainly is named as such (it was the generic "The request is invalid").
      for (const rate of ['1e-30', ' 0.001', 'NaN', '0x1']) {
        const odd = await adminCall(table.t.app, 'POST', '/api/admin/invite/rules', {
          body: { kind: 'bet', level: 'upline', rate },
          headers: { 'x-lang': lang },
        });
        expect(odd.status).toBe(400);
        expect(odd.body.data?.fields).toEqual({ rate: translate(lang, 'validation.decimalFormat') });
      }
      // With the player's own 0.1 %, 2 % to the inviter would pay 2.1 % of every bet, won or lost.
      const tooMuch = await adminCallRoute(table.t.app, routes.invite.adminSetRule, {
        body: { kind: 'bet', level: 'upline', rate: '0.02' },
        headers: { 'x-lang': lang },
      });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.msg).toBe(translate(lang, 'invite.rateSum.bet', { max: '0.02' }));
      // The event's kind in the reader's words, not the API's ('同一bet' was the red team's find).
      if (lang === 'zh-CN') expect(tooMuch.body.msg).toBe('投注奖励中自己与邀请人的比例之和不能超过 0.02');
    }
    // '-0' is 0, not a negative rate; the same rate again keeps no new change.
    const changes = async () =>
      Number(
        (
          (await db.handle.db.execute(
            sql`select count(*)::int as n from invite_reward_rule_changes`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    expect(
      (
        await adminCallRoute(table.t.app, routes.invite.adminSetRule, {
          body: { kind: 'profit', level: 'self', rate: '-0' },
        })
      ).status,
    ).toBe(200);
    const before = await changes();
    await adminCallRoute(table.t.app, routes.invite.adminSetRule, {
      body: { kind: 'profit', level: 'self', rate: '0' },
    });
    expect(await changes()).toBe(before);
    const report = await adminCommand('invite:rules').run(adminApi(table.t), [
      '--event',
      'bet',
      '--to',
      'upline',
      '--rate',
      '0.01',
    ]);
    expect(report).toMatch(/bet\s+upline\s+0\.01/);
    const { inviter, friend } = await inviterAndFriend(table);
    await friendLosesAFlip(table, friend.token);
    await rewarder(table);
    // 1 % of the bet of 100 and the default 1 % of its loss.
    expect(await balanceOf(table.t, inviter.token)).toEqual({ available: '2', frozen: '0' });
    // Back to the default for the suites after this one.
    await adminCall(table.t.app, 'POST', '/api/admin/invite/rules', {
      body: { kind: 'bet', level: 'upline', rate: '0.002' },
    });
    expect(new Decimal((await balanceOf(table.t, friend.token)).available).toFixed()).toBe('900.6');
    await db.expectAuditClean();
  });
});

it('masks a friend’s e-mail: never the whole name', () => {
  expect(nicknameOf('abcdef@gmail.com')).toBe('ab***@gmail.com');
  expect(nicknameOf('ab@x.io')).toBe('a***@x.io');
  expect(nicknameOf('a@x.io')).toBe('a***@x.io');
});

describeOnPostgres('invite rewards of games that commit out of order', (db) => {
  it('rewards an event whose game committed after a later event was rewarded', async () => {
    const table = await FlipTable.start(db, T0);
    const { gameEvents, invite } = table.t.app.services;
    await invite.rewardPass();
    const players = await Promise.all(
      ['late', 'early'].map((tag) => registerUser(table.t, uniqueEmail(tag)).then((u) => Number(u.user.id))),
    );
    const prices = await gameEvents.prices(['USDT']);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let recorded!: () => void;
    const inserted = new Promise<void>((resolve) => (recorded = resolve));
    // A game's transaction takes the lower id and is still running when another commits a higher one.
    const slow = db.handle.db.transaction(async (tx) => {
      await gameEvents.record(tx, [betEvent(players[0]!, 990_001)], prices);
      recorded();
      await gate;
    });
    await inserted;
    await db.handle.db.transaction((tx) => gameEvents.record(tx, [betEvent(players[1]!, 990_002)], prices));
    await invite.rewardPass();
    release();
    await slow;
    await invite.rewardPass();
    // Each player's own 0.1 % of 100, once.
    for (const userId of players) {
      expect(new Decimal(await table.t.app.services.ledger.availableOf(userId, 'USDT')).toFixed()).toBe(
        '0.1',
      );
    }
    await db.expectAuditClean();
  });
});

describeOnPostgres('invite rewards beside an operator’s freeze', (db) => {
  it('a reward pass waits for a rule change in flight, so no event after it is paid at the rate before', async () => {
    const table = await FlipTable.start(db, T0);
    const { gameEvents, invite } = table.t.app.services;
    await invite.rewardPass();
    const player = Number((await registerUser(table.t, uniqueEmail('pending'))).user.id);
    const prices = await gameEvents.prices(['USDT']);
    await db.handle.db.transaction((tx) => gameEvents.record(tx, [betEvent(player, 990_101)], prices));
    // A change holds the rules' lock from reading the events' numbering until it commits.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const change = db.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x494e5652})`);
      holding();
      await gate;
    });
    await held;
    let paid = false;
    const pass = invite.rewardPass().then(() => (paid = true));
    await lockWaiters(db, 1, () => paid);
    expect(paid).toBe(false);
    release();
    await Promise.all([change, pass]);
    expect(new Decimal(await table.t.app.services.ledger.availableOf(player, 'USDT')).toFixed()).toBe('0.1');
  });

  it('two rule changes at once cannot pass the two levels’ sum together', async () => {
    const t = await db.app();
    const setRule = (level: 'self' | 'upline', rate: string) =>
      adminCallRoute(t.app, routes.invite.adminSetRule, { body: { kind: 'loss', level, rate } });
    for (let round = 0; round < 8; round++) {
      expect((await setRule('self', '0')).status).toBe(200);
      expect((await setRule('upline', '0')).status).toBe(200);
      // Each alone fits (0.09 ≤ 0.1); both together would pay 0.18 of a loss.
      const answers = await Promise.all([setRule('self', '0.09'), setRule('upline', '0.09')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    }
    for (const [level, rate] of [
      ['self', '0.005'],
      ['upline', '0.01'],
    ] as const)
      expect((await setRule(level, rate)).status).toBe(200);
  });

  it('a freeze that comes while a reward batch waits on the inviter’s account lands after it, never before a payment', async () => {
    const table = await FlipTable.start(db, T0);
    await table.t.app.services.invite.rewardPass(); // what earlier tests left
    const { inviter, friend } = await inviterAndFriend(table);
    await friendLosesAFlip(table, friend.token);

    // Another movement of the inviter's money holds their account while the rewarder reaches it.
    const { ledger, invite, accounts } = table.t.app.services;
    const inviterId = (await userOf(db.handle.db, inviter.email)).id;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const other = db.handle.db.transaction(async (tx) => {
      await ledger.credit(
        {
          userId: inviterId,
          token: 'USDT',
          amount: '1',
          type: 'admin_adjust',
          ref: { type: 'test' },
        },
        tx,
      );
      holding();
      await gate;
    });
    await held;
    const order: string[] = [];
    const rewarding = invite.rewardPass().then(() => order.push('rewarded'));
    await lockWaiters(db, 1, () => false);
    // The operator freezes the inviter while the batch waits: it must not be paid after the freeze.
    const freezing = accounts.freeze(inviter.email).then(() => order.push('frozen'));
    await lockWaiters(db, 2, () => order.includes('frozen'));
    release();
    await Promise.all([other, rewarding, freezing]);

    const paid = new Decimal(await ledger.availableOf(inviterId, 'USDT')).sub(1);
    // The batch read the inviter as active: its payment lands, and the freeze after it.
    expect(paid.gt(0)).toBe(true);
    expect(order).toEqual(['rewarded', 'frozen']);
    await db.expectAuditClean();
  });
});
