// Issue 32 point 7: the notification centre. Each event that changes a player's money or a request of
// theirs stores one notice in its own transaction (a close by liquidation, take-profit, stop-loss or an
// operator — never the player's own close —, a flip's result, a deposit credited, a withdrawal
// approved, rejected with its reason, completed or failed, one invite-reward notice per pass and player,
// a feedback reply); the owner's socket hears it as a `notice` frame, nobody else's; the list pages
// newest first with the unread count; marking read touches only the caller's own; bad input is a 400.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import * as routes from '@tradeflip/api/routes';
import type { WsServerMessage } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';
import { queryRows } from '../../db/rows';
import { adminApi, adminCommand, fundedUser } from '../../test/accounts';
import { offlineChains } from '../../test/chains';
import {
  adminCall,
  call,
  callRoute,
  describeEachDatabase,
  registerUser,
  uniqueEmail,
  type TestApp,
} from '../../test/harness';
import { Listener, listenForSockets } from '../../test/socket-listener';
import { GameTable } from '../contract-game/test-helpers';
import { creditDeposit } from '../deposit/crediting';
import { FlipTable } from '../flip/test-helpers';
import { requestWithdrawal } from '../withdraw/test-helpers';

type Player = { token: string; email: string; user: { id: string } };

async function noticesOf(t: TestApp, token: string, query: Record<string, string | number> = {}) {
  const res = await callRoute(t.app, routes.notifications.list, { token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describeEachDatabase('the notification centre', (db) => {
  let game: GameTable;
  let t: TestApp;

  beforeAll(async () => {
    game = await GameTable.start(db, '2030-04-01T00:00:00Z');
    t = game.t;
  });

  it('a liquidation, take-profit, stop-loss and an operator’s close are stored and told to the owner alone; their own close is not', async () => {
    const url = await listenForSockets(t.app);
    const owner = (await fundedUser(t, '1000')) as Player;
    const other = (await fundedUser(t, '1000')) as Player;
    const mine = await Listener.open(url);
    const theirs = await Listener.open(url);
    await mine.joinUserChannel(owner.token);
    await theirs.joinUserChannel(other.token);
    try {
      await game.price('BTCUSDT', '60000');
      const liquidated = await game.opened(owner.token, {
        symbol: 'BTCUSDT',
        side: 'long',
        margin: '10',
        leverage: 100,
      });
      const tp = await game.opened(owner.token, {
        symbol: 'BTCUSDT',
        side: 'short',
        margin: '10',
        leverage: 5,
        takeProfit: '59000',
      });
      const sl = await game.opened(owner.token, {
        symbol: 'BTCUSDT',
        side: 'short',
        margin: '10',
        leverage: 5,
        stopLoss: '61000',
      });
      const byOperator = await game.opened(owner.token, {
        symbol: 'BTCUSDT',
        side: 'long',
        margin: '10',
        leverage: 2,
      });
      const ownClose = await game.opened(owner.token, {
        symbol: 'BTCUSDT',
        side: 'long',
        margin: '10',
        leverage: 2,
      });
      expect((await game.close(owner.token, ownClose)).status).toBe(200);
      // 60000 · (1 − 9.5/1000) = 59430: the 100× long goes, then the short's take-profit at 59000.
      await game.price('BTCUSDT', '59430');
      // The owner's socket is told at once, naming the notice stored with the liquidation.
      const frame = (await mine.next((m) => m.type === 'notice')) as Extract<
        WsServerMessage,
        { type: 'notice' }
      >;
      const [first] = (await noticesOf(t, owner.token)).list;
      expect(first).toMatchObject({
        id: frame.id,
        kind: 'liquidation',
        params: {
          positionId: liquidated,
          symbol: 'BTCUSDT',
          side: 'long',
          closePrice: '59430',
          pnl: '-10',
          token: 'USDT',
        },
        readAt: null,
      });
      await game.price('BTCUSDT', '59000');
      await game.price('BTCUSDT', '61000');
      const closed = await adminCall(t.app, 'POST', '/api/admin/game/close', { body: { id: byOperator } });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);

      const listed = await noticesOf(t, owner.token);
      expect(listed.unread).toBe(4);
      expect(listed.total).toBe(4);
      // Newest first; the player's own close is not among them.
      expect(listed.list.map((n) => [n.kind, n.params.positionId])).toEqual([
        ['operator_close', byOperator],
        ['stop_loss', sl],
        ['take_profit', tp],
        ['liquidation', liquidated],
      ]);
      expect(listed.list[0]!.id).toBe(String(Number(listed.list[1]!.id) + 1));
      expect(listed.list.find((n) => n.kind === 'take_profit')!.params).toMatchObject({
        closePrice: '59000',
        side: 'short',
      });
      // The socket named each to the owner, and told the other player nothing.
      for (const kind of ['take_profit', 'stop_loss', 'operator_close']) {
        const id = listed.list.find((n) => n.kind === kind)!.id;
        await mine.next((m) => m.type === 'notice' && m.id === id);
      }
      expect(theirs.messages.some((m) => m.type === 'notice')).toBe(false);
      expect((await noticesOf(t, other.token)).total).toBe(0);
    } finally {
      mine.close();
      theirs.close();
    }
    await db.expectAuditClean();
  });

  it('a flip’s result, won or lost, with its stake and PnL', async () => {
    const table = await FlipTable.start(db, '2030-05-01T00:00:00Z', '0');
    const player = (await fundedUser(table.t, '1000')) as Player;
    await table.price('BTCUSDT', '100');
    const body = { symbol: 'BTCUSDT', amount: '10', duration: 30, token: 'USDT' };
    const up = await table.opened(player.token, { ...body, direction: 'up' });
    const down = await table.opened(player.token, { ...body, direction: 'down' });
    table.wait(28);
    await table.price('BTCUSDT', '101');
    table.wait(2.5);
    expect(await table.settle()).toBe(2);
    const { list } = await noticesOf(table.t, player.token);
    const byFlip = new Map(list.map((n) => [n.params.flipId, n]));
    expect(byFlip.get(up.id)).toMatchObject({
      kind: 'flip_result',
      params: { symbol: 'BTCUSDT', direction: 'up', result: 'won', stake: '10', token: 'USDT' },
    });
    expect(new Decimal(byFlip.get(up.id)!.params.pnl!).gt(0)).toBe(true);
    expect(byFlip.get(down.id)).toMatchObject({
      kind: 'flip_result',
      params: { direction: 'down', result: 'lost', pnl: '-10' },
    });
    expect(list).toHaveLength(2);
  });

  it('a deposit credited, a withdrawal approved, rejected with its reason, completed or failed', async () => {
    const wallet = await db.app({ chains: offlineChains() });
    const player = (await fundedUser(wallet, '1000')) as Player;
    const userId = Number(player.user.id);
    const now = wallet.clock.now();
    // A deposit the chain watcher found confirmed (no chain here: its row as the watcher writes it).
    const txHash = `0x${'ab'.repeat(32)}`;
    const logIndex = Math.floor(Math.random() * 1e6);
    const [found] = await queryRows<{ id: string }>(
      db.handle.db,
      sql`insert into deposits (user_id, token, network, address, from_address, tx_hash, log_index,
            block_number, block_hash, amount, confirmations, required_confirmations, status, created_at,
            updated_at)
          values (${userId}, 'USDT', 'ERC20', ${'0x' + '01'.repeat(20)}, ${'0x' + '02'.repeat(20)},
            ${txHash}, ${logIndex}, 1, ${'0x' + 'cd'.repeat(32)},
            '25.5', 1, 1, 'confirming', ${now.toISOString()}, ${now.toISOString()})
          returning id`,
    );
    const deposit = {
      id: Number(found!.id),
      userId,
      token: 'USDT',
      network: 'ERC20',
      amount: '25.5',
      txHash,
      logIndex,
    } as Parameters<typeof creditDeposit>[1];
    const deps = { db: db.handle.db, clock: wallet.clock, ledger: wallet.app.services.ledger };
    expect(await creditDeposit(deps, deposit)).toBe(true);
    // Credited once: a second try changes nothing, and tells nothing.
    expect(await creditDeposit(deps, deposit)).toBe(false);

    const approved = await requestWithdrawal(wallet, player.token, '20');
    const rejected = await requestWithdrawal(wallet, player.token, '30');
    const failed = await requestWithdrawal(wallet, player.token, '40');
    for (const id of [approved, failed]) {
      const res = await adminCall(wallet.app, 'POST', '/api/admin/withdrawals/approve', { body: { id } });
      expect(res.status).toBe(200);
    }
    const reject = await adminCall(wallet.app, 'POST', '/api/admin/withdrawals/reject', {
      body: { id: rejected, reason: 'Address on a sanctions list' },
    });
    expect(reject.status).toBe(200);
    // The sender's two outcomes, as it reports them.
    for (const id of [approved, failed]) {
      await db.handle.db.execute(
        sql`update withdrawals set status = 'processing', updated_at = ${now.toISOString()} where id = ${Number(id)}`,
      );
    }
    expect(await wallet.app.services.withdrawals.complete(Number(approved), 10n)).toBe(true);
    expect(await wallet.app.services.withdrawals.fail(Number(failed), 'errors.withdrawalReverted')).toBe(
      true,
    );

    const { list, unread } = await noticesOf(wallet, player.token);
    expect(unread).toBe(6);
    const kinds = list.map((n) => [n.kind, n.params.withdrawalId ?? n.params.depositId]).reverse();
    expect(kinds).toEqual([
      ['deposit_credited', String(deposit.id)],
      ['withdrawal_approved', approved],
      ['withdrawal_approved', failed],
      ['withdrawal_rejected', rejected],
      ['withdrawal_completed', approved],
      ['withdrawal_failed', failed],
    ]);
    expect(list.find((n) => n.kind === 'deposit_credited')!.params).toMatchObject({
      amount: '25.5',
      token: 'USDT',
    });
    expect(list.find((n) => n.kind === 'withdrawal_rejected')!.params).toMatchObject({
      amount: '30',
      fee: '1',
      token: 'USDT',
      reason: 'Address on a sanctions list',
    });
    expect(list.find((n) => n.kind === 'withdrawal_failed')!.params).toMatchObject({
      amount: '40',
      reason: 'errors.withdrawalReverted',
    });
    await db.expectAuditClean();
  });

  it('invite rewards: one notice per pass and player, however many events paid them', async () => {
    const inviter = (await registerUser(t, uniqueEmail('inviter'))) as unknown as Player & {
      user: { inviteCode: string };
    };
    const friend = (await registerUser(t, uniqueEmail('friend'), undefined, {
      inviteCode: String(inviter.user.inviteCode),
    })) as unknown as Player;
    const services = t.app.services;
    const prices = await services.gameEvents.prices(['USDT']);
    await db.handle.db.transaction((tx) =>
      services.gameEvents.record(
        tx,
        Array.from({ length: 30 }, (_, n) => ({
          userId: Number(friend.user.id),
          game: 'flip' as const,
          kind: 'bet' as const,
          token: 'USDT',
          amount: new Decimal(10),
          ref: { type: 'test_play', id: Date.now() + n },
        })),
        prices,
      ),
    );
    await services.invite.rewardPass();
    const forInviter = await noticesOf(t, inviter.token);
    const forFriend = await noticesOf(t, friend.token);
    // 30 bets of 10: 0.2 % to the inviter, 0.1 % to the friend (the default rules).
    expect(forInviter.list).toEqual([
      expect.objectContaining({ kind: 'invite_reward', params: { amount: '0.6', token: 'USDT' } }),
    ]);
    expect(forFriend.list).toEqual([
      expect.objectContaining({ kind: 'invite_reward', params: { amount: '0.3', token: 'USDT' } }),
    ]);
  });

  it('a feedback reply', async () => {
    const player = (await registerUser(t)) as unknown as Player;
    const sent = await callRoute(t.app, routes.feedback.send, {
      token: player.token,
      body: { content: 'The chart is slow' },
    });
    await adminCommand('feedback:reply').run(adminApi(t), [sent.body.data.id, 'Fixed, thank you']);
    expect((await noticesOf(t, player.token)).list).toEqual([
      expect.objectContaining({ kind: 'feedback_reply', params: { feedbackId: sent.body.data.id } }),
    ]);
  });

  it('pages newest first; marks read only the caller’s own, some or all; refuses bad input with a 400', async () => {
    const a = (await registerUser(t)) as unknown as Player;
    const b = (await registerUser(t)) as unknown as Player;
    for (const [player, n] of [
      [a, 5],
      [b, 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const sent = await callRoute(t.app, routes.feedback.send, {
          token: player.token,
          body: { content: `note ${i}` },
        });
        await t.app.services.feedback.reply(Number(sent.body.data.id), 'ok');
      }
    }
    const first = await noticesOf(t, a.token, { page: 1, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, unread: 5, page: 1, pageSize: 2 });
    const second = await noticesOf(t, a.token, { page: 2, pageSize: 2 });
    const ids = [...first.list, ...second.list].map((n) => Number(n.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const theirs = (await noticesOf(t, b.token)).list.map((n) => n.id);

    // b's ids in a's call mark nothing of b's.
    const read = await callRoute(t.app, routes.notifications.read, {
      token: a.token,
      body: { ids: [first.list[0]!.id, ...theirs] },
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ unread: 4 });
    expect((await noticesOf(t, b.token)).unread).toBe(2);
    const unreadOnly = await noticesOf(t, a.token, { unread: 'true' });
    expect(unreadOnly.total).toBe(4);
    expect(unreadOnly.list.map((n) => n.id)).not.toContain(first.list[0]!.id);
    expect((await noticesOf(t, a.token)).list[0]!.readAt).toEqual(expect.any(String));

    const all = await callRoute(t.app, routes.notifications.read, { token: a.token, body: { all: true } });
    expect(all.body.data).toEqual({ unread: 0 });
    expect((await noticesOf(t, b.token)).unread).toBe(2);

    for (const body of [
      {},
      { ids: [] },
      { ids: ['abc'] },
      { ids: [1] },
      { all: false },
      { ids: ['1'], all: true },
      [],
    ]) {
      for (const lang of ['en-US', 'zh-CN']) {
        const res = await call(t.app, 'POST', '/api/app/notifications/read', {
          token: a.token,
          body,
          headers: { 'x-lang': lang },
        });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ code: 400, reason: 'validation' });
        expect(res.body.msg).toEqual(expect.any(String));
      }
    }
    for (const query of ['page=0', 'pageSize=1000', 'unread=yes', 'page=abc']) {
      const res = await call(t.app, 'GET', `/api/app/notifications?${query}`, { token: a.token });
      expect(res.status, query).toBe(400);
    }
    expect((await call(t.app, 'GET', '/api/app/notifications')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/app/notifications/read', { body: { all: true } })).status).toBe(
      401,
    );
  });

  it('tells onNoticeStored listeners after commit, and never of a rolled-back one', async () => {
    const { notifications } = t.app.services;
    const heard: string[] = [];
    const stop = notifications.onNoticeStored((notice) => heard.push(`${notice.userId}:${notice.kind}`));
    await notifications.ready();
    const player = (await registerUser(t)) as unknown as Player;
    const { storeNotice } = await import('./service');
    await db.handle.db
      .transaction(async (tx) => {
        await storeNotice(tx, Number(player.user.id), 'feedback_reply', { feedbackId: '1' }, new Date());
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const stored = await db.handle.db.transaction((tx) =>
      storeNotice(tx, Number(player.user.id), 'invite_reward', { amount: '1', token: 'USDT' }, new Date()),
    );
    await expect.poll(() => heard, { timeout: 5000 }).toEqual([`${player.user.id}:invite_reward`]);
    expect(stored).toMatchObject({ kind: 'invite_reward', userId: Number(player.user.id) });
    stop();
    expect((await noticesOf(t, player.token)).total).toBe(1);
  });
});
