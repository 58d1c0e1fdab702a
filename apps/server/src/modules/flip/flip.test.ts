// Issue 18, acceptance 1: Lightning Flip's rules end to end on a scripted price path (the simulated
// feed's pinned price is the mark at once): up and down, won and lost, a tie and a missing price
// refunded; balances, ledger types and realized P&L exact; the vault's promise released; the audit
// clean (its frozen invariant counting open stakes, its exposure counting open payouts).
import { expect, it } from 'vitest';
import type { ActivityItem } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { Decimal } from '@tradeflip/money';
import { adminApi, adminCommand, balanceOf, fundedUser } from '../../test/accounts';
import { call, callRoute, describeEachDatabase, userOf } from '../../test/harness';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { FLIPS_CHANNEL } from '../../db/notifications';
import { flipNotices, notifyFlips } from './notice';
import * as repo from './repository';
import { SETTLE_BATCH } from './settlement';
import { startFlipSettler } from './settle-job';
import { flipPositions } from './schema';
import { FlipTable } from './test-helpers';
import { Listener, listenForSockets } from '../../test/socket-listener';

const T0 = '2030-03-01T00:00:00Z';

async function openFlipsOf(table: FlipTable, token: string) {
  return (await callRoute(table.t.app, routes.wallet.overview, { token })).body.data;
}

describeEachDatabase('Lightning Flip on a scripted price path', (db) => {
  /** Opens a 30 s flip of 10 USDT at 100, sets the mark 2 s before expiry, settles 0.5 s after it. */
  async function play(table: FlipTable, direction: 'up' | 'down', close: string | undefined) {
    const user = await fundedUser(table.t, '1000');
    await table.price('BTCUSDT', '100');
    const flip = await table.opened(user.token, {
      symbol: 'BTCUSDT',
      direction,
      amount: '10',
      duration: 30,
      token: 'USDT',
    });
    expect(await balanceOf(table.t, user.token)).toEqual({ available: '990', frozen: '10' });
    await db.expectAuditClean();
    // Home counts it beside the open contract positions, and lists it with when it ends.
    expect(await openFlipsOf(table, user.token)).toMatchObject({
      openFlips: 1,
      flips: [
        {
          id: flip.id,
          symbol: 'BTCUSDT',
          pair: 'BTC/USDT',
          direction,
          stake: '10',
          token: 'USDT',
          expiresAt: '2030-03-01T00:00:30.000Z',
        },
      ],
    });
    table.wait(28);
    if (close !== undefined) await table.price('BTCUSDT', close);
    table.wait(2.5);
    expect(await table.settle()).toBe(1);
    expect(await openFlipsOf(table, user.token)).toMatchObject({ openFlips: 0, flips: [] });
    return { user, flip, detail: await table.detail(user.token, flip.id) };
  }

  const won = [
    ['stake_frozen', '10'],
    ['stake_returned', '10'],
    ['profit', '8.5'],
  ];
  const lost = [
    ['stake_frozen', '10'],
    ['stake_lost', '-10'],
  ];
  const refunded = [
    ['stake_frozen', '10'],
    ['refund', '10'],
  ];
  // What the play reports for the invite rewards and turnover: the bet, then its profit or loss (a
  // refund: nothing, its stake was never in play).
  const wonEvents = [
    ['bet', '10', '10'],
    ['profit', '8.5', '8.5'],
  ];
  const lostEvents = [
    ['bet', '10', '10'],
    ['loss', '10', '10'],
  ];
  const refundEvents: string[][] = [];
  // A 10 USDT flip at 100 paying 0.85; the close mark (none: no price within the tolerance, as the
  // last mark is the open's, 30 s before expiry), what it ends as, the money lines, the balance
  // after, what the vault gave (−) or took (+) and the events (kind, amount, USDT value).
  it.each([
    ['up', '100.01', 'closed', 'won', '8.5', won, '1008.5', '-8.5', wonEvents],
    ['up', '99.99', 'closed', 'lost', '-10', lost, '990', '10', lostEvents],
    ['down', '99.5', 'closed', 'won', '8.5', won, '1008.5', '-8.5', wonEvents],
    ['down', '100.5', 'closed', 'lost', '-10', lost, '990', '10', lostEvents],
    ['up', '100', 'refunded', 'tie', '0', refunded, '1000', '0', refundEvents],
    ['down', undefined, 'refunded', 'no_price', '0', refunded, '1000', '0', refundEvents],
  ] as const)(
    '%s closing at %s: %s (%s), realized %s',
    async (direction, close, status, result, pnl, movements, available, vaultChange, events) => {
      const table = await FlipTable.start(db, T0);
      const vault = async () =>
        new Decimal(
          (await table.t.app.services.ledger.houseAccounts()).find(
            (row) => row.kind === 'vault' && row.token === 'USDT',
          )!.available,
        );
      const before = await vault();
      const { user, flip, detail } = await play(table, direction, close);
      expect(flip).toMatchObject({ status: 'open', openPrice: '100', payoutRate: '0.85', profit: '8.5' });
      expect(detail).toMatchObject({
        status,
        result,
        closePrice: close ?? null,
        realizedPnl: pnl,
        openTick: { price: '100' },
        closeTick: close === undefined ? null : { price: close },
      });
      expect(detail.movements.map((m) => [m.kind, m.amount])).toEqual(movements);
      expect(await balanceOf(table.t, user.token)).toEqual({ available, frozen: '0' });
      expect((await vault()).sub(before).toFixed()).toBe(vaultChange);
      expect((await openFlipsOf(table, user.token)).openFlips).toBe(0);
      // The stake counts in the player's turnover once when it won or lost; a refund's not at all.
      const { gameEvents } = table.t.app.services;
      const { id: userId } = await userOf(db.handle.db, user.email);
      const recorded = await gameEvents.eventsOf(userId);
      expect(recorded.map((e) => [e.kind, e.amount, e.usdtValue])).toEqual(events);
      expect(recorded.every((e) => e.game === 'flip' && e.ref.id === Number(flip.id))).toBe(true);
      expect(await gameEvents.turnoverOf(userId)).toBe(status === 'refunded' ? '0' : '10');
      // The asset history reads the flip once, with the detail's lines: settled, what it won or lost
      // (a lost flip's freeze and loss were two items of −10 each, 10 more than the balance moved);
      // refunded, its stake (shown struck through). The items not refunded add up to the balance.
      const history = await call(table.t.app, 'GET', '/api/app/asset/activity?token=USDT', {
        token: user.token,
      });
      const items = history.body.data!.list as ActivityItem[];
      const flips = items.filter((item) => item.kind === 'flip_position');
      expect(flips.map((item) => [item.state, item.amount])).toEqual([
        status === 'refunded' ? ['refunded', '-10'] : ['done', pnl],
      ]);
      expect(flips[0]!.steps.map((step) => [step.kind, step.amount])).toEqual(movements);
      const sum = items
        .filter((item) => item.state !== 'refunded')
        .reduce((total, item) => total.add(item.amount), new Decimal(0));
      expect(sum.toFixed()).toBe(available);
      await db.expectAuditClean();
    },
  );

  it('lists a settled flip under ?status=closed, as the contract game does, and ?status=settled alike', async () => {
    const table = await FlipTable.start(db, T0);
    const { user, flip } = await play(table, 'up', '100.01');
    const list = async (status: string) => {
      const res = await call(table.t.app, 'GET', `/api/app/flip/positions?status=${status}`, {
        token: user.token,
      });
      expect(res.status).toBe(200);
      return (res.body.data as { list: { id: string; status: string }[] }).list;
    };
    expect(await list('closed')).toMatchObject([{ id: flip.id, status: 'closed' }]);
    expect(await list('settled')).toEqual(await list('closed'));
    expect(await list('open')).toEqual([]);
    const refused = await call(table.t.app, 'GET', '/api/app/flip/positions?status=done', {
      token: user.token,
    });
    expect(refused.status).toBe(400);
  });

  it('closes at the last mark at or before expiry, not a later one', async () => {
    const table = await FlipTable.start(db, T0);
    const user = await fundedUser(table.t, '100');
    await table.price('ETHUSDT', '3000');
    const flip = await table.opened(user.token, {
      symbol: 'ETHUSDT',
      direction: 'up',
      amount: '10',
      duration: 60,
      token: 'USDT',
    });
    expect(flip.payoutRate).toBe('0.85');
    table.wait(59.9);
    await table.price('ETHUSDT', '2999'); // at 59.9 s: the close
    table.wait(0.2);
    await table.price('ETHUSDT', '3500'); // at 60.1 s: after expiry, does not count
    expect(await table.settle()).toBe(1);
    const detail = await table.detail(user.token, flip.id);
    expect(detail).toMatchObject({ result: 'lost', closePrice: '2999' });
    expect(detail.closeTick!.time).toBe(Date.parse(T0) + 59_900);
    // Settled once: a second pass finds nothing.
    expect(await table.settle()).toBe(0);
    await db.expectAuditClean();
  });

  it('the settler settles a flip as soon as the mark after its expiry is heard', async () => {
    const table = await FlipTable.start(db, T0);
    const user = await fundedUser(table.t, '100');
    await table.price('SOLUSDT', '150');
    const flip = await table.opened(user.token, {
      symbol: 'SOLUSDT',
      direction: 'up',
      amount: '10',
      duration: 30,
      token: 'USDT',
    });
    // Passes only at its start and on a mark: the interval alone would come after the test.
    const settler = startFlipSettler(table.t.app.services.flip, {
      db: db.handle.db,
      clock: table.clock,
      intervalMs: 600_000,
      market: table.t.app.services.market,
    });
    try {
      table.wait(29.9);
      await table.price('SOLUSDT', '151'); // the close
      table.wait(0.2);
      expect((await table.detail(user.token, flip.id)).status).toBe('open');
      await table.price('SOLUSDT', '152'); // the mark after expiry decides it
      await expect
        .poll(async () => (await table.detail(user.token, flip.id)).status, { timeout: 10_000 })
        .toBe('closed');
      expect(await table.detail(user.token, flip.id)).toMatchObject({ result: 'won', closePrice: '151' });
    } finally {
      await settler.stop();
    }
    await db.expectAuditClean();
  });

  it('pays a burst of expiries through before its books; a flip alone has its notice at once', async () => {
    const table = await FlipTable.start(db, '2030-06-01T00:00:00Z');
    await table.settle(); // what earlier tests left open
    const { maxOpenPositions } = await table.t.app.services.flip.config();
    await table.t.app.services.flip.updateConfig({ maxOpenPositions: 1000 });
    try {
      const user = await fundedUser(table.t, '1000');
      await table.price('XRPUSDT', '2');
      const resultsInCentre = async () =>
        (
          await callRoute(table.t.app, routes.notifications.list, {
            token: user.token,
            query: { pageSize: '1' },
          })
        ).body.data.total;
      const bet = { symbol: 'XRPUSDT', direction: 'up', amount: '1', duration: 30, token: 'USDT' };
      const first = await table.opened(user.token, bet);
      table.wait(0.5);
      // A burst: a batch of flips expiring together half a second after the first.
      for (let n = 0; n < SETTLE_BATCH; n++) await table.opened(user.token, bet);
      table.wait(29.3);
      await table.price('XRPUSDT', '3'); // the first one's close
      table.wait(0.4);
      await table.price('XRPUSDT', '3'); // the mark after it
      expect(await table.settle()).toBe(1);
      // Paid and told at once; its line in the centre waits for the burst to be paid.
      expect((await table.detail(user.token, first.id)).result).toBe('won');
      expect(await resultsInCentre()).toBe(0);
      table.wait(0.5);
      await table.price('XRPUSDT', '3');
      expect(await table.settle()).toBe(SETTLE_BATCH);
      expect(await resultsInCentre()).toBe(SETTLE_BATCH + 1);

      // A flip alone: its line at once.
      const alone = await table.opened(user.token, bet);
      table.wait(29.8);
      await table.price('XRPUSDT', '1');
      table.wait(0.4);
      await table.price('XRPUSDT', '1');
      expect(await table.settle()).toBe(1);
      expect((await table.detail(user.token, alone.id)).result).toBe('lost');
      expect(await resultsInCentre()).toBe(SETTLE_BATCH + 2);
    } finally {
      await table.t.app.services.flip.updateConfig({ maxOpenPositions });
    }
    await db.expectAuditClean();
  });

  it('records the books while a burst falls due once a settled flip has waited 5 s', async () => {
    const table = await FlipTable.start(db, '2030-07-01T00:00:00Z');
    await table.settle(); // what earlier tests left open
    const user = await fundedUser(table.t, '100');
    await table.price('XRPUSDT', '2');
    const bet = { symbol: 'XRPUSDT', direction: 'up', amount: '1', duration: 30, token: 'USDT' };
    for (let n = 0; n < 3; n++) await table.opened(user.token, bet);
    const now = table.clock.now().getTime();
    const dueBy = new Date(now + 31_000);
    // Three flips fall due by then: a burst of three, not of four.
    expect(await repo.mayRecord(db.handle.db, { dueBy, burst: 3, settledBy: new Date(now) })).toBe(false);
    expect(await repo.mayRecord(db.handle.db, { dueBy, burst: 4, settledBy: new Date(now) })).toBe(true);
    // A flip settled 5 s ago and not yet recorded: the books go on all the same.
    const waiting = await table.opened(user.token, bet);
    await db.handle.db
      .update(flipPositions)
      .set({ status: 'closed', result: 'won', pnl: '0.9', settledAt: new Date(now - 5_000) })
      .where(eq(flipPositions.id, Number(waiting.id)));
    const settledBy = new Date(now - 5_000);
    expect(await repo.mayRecord(db.handle.db, { dueBy, burst: 3, settledBy })).toBe(true);
    expect(await repo.mayRecord(db.handle.db, { dueBy, burst: 3, settledBy: new Date(now - 5_001) })).toBe(
      false,
    );
    // Open again, as its money says, and settled as any other.
    await db.handle.db
      .update(flipPositions)
      .set({ status: 'open', result: null, pnl: null, settledAt: null })
      .where(eq(flipPositions.id, Number(waiting.id)));
    table.wait(30);
    await table.price('XRPUSDT', '2');
    table.wait(0.5);
    await table.price('XRPUSDT', '2');
    expect(await table.settle()).toBe(4);
    await db.expectAuditClean();
  });

  it('tells of every flip of a batch, in messages a NOTIFY can carry', async () => {
    const heard: string[] = [];
    const stop = await db.handle.listen(FLIPS_CHANNEL, (payload) => heard.push(payload));
    try {
      // A thousand settlements of one batch: more notices than one message holds.
      const settled = Array.from({ length: 1000 }, (_, n) => ({
        id: 9_000_000 + n,
        userId: 1 + (n % 7),
        status: n % 3 ? 'closed' : 'refunded',
        result: n % 3 ? 'won' : 'no_price',
      }));
      await db.handle.db.transaction((tx) => notifyFlips(tx, settled));
      await expect.poll(() => heard.flatMap(flipNotices).length, { timeout: 10_000 }).toBe(1000);
      expect(heard.length).toBeGreaterThan(1);
      expect(heard.every((payload) => payload.length <= 8000)).toBe(true);
      expect(heard.flatMap(flipNotices)).toEqual(
        settled.map((flip) => ({
          userId: flip.userId,
          message: { type: 'flip', id: String(flip.id), status: flip.status, result: flip.result },
        })),
      );
    } finally {
      await stop();
    }
  });

  it('operators change the terms, list the flips and see what they could win (the admin CLI)', async () => {
    const table = await FlipTable.start(db, T0);
    const api = adminApi(table.t);
    const changed = await adminCommand('flip:config').run(api, ['--duration', '15']);
    expect(changed).toContain('15s');
    const rate = await adminCommand('flip:config').run(api, ['--rate', 'SOLUSDT:15:0.8']);
    expect(rate).toMatch(/SOLUSDT\s+yes\s+0\.8\s/);
    await expect(adminCommand('flip:config').run(api, ['--rate', 'SOLUSDT:15:11'])).rejects.toThrow(
      /payoutRate/,
    );
    // Two rates in one call would keep only the last: refused, nothing changed.
    await expect(
      adminCommand('flip:config').run(api, ['--rate', 'BTCUSDT:15:0.7', '--rate', 'ETHUSDT:15:0.7']),
    ).rejects.toThrow('--rate given twice: give it once per call');
    const user = await fundedUser(table.t, '100');
    await table.price('SOLUSDT', '150');
    await table.opened(user.token, {
      symbol: 'SOLUSDT',
      direction: 'down',
      amount: '20',
      duration: 15,
      token: 'USDT',
    });
    const listed = await adminCommand('flip:positions').run(api, ['--open', '--email', user.email]);
    expect(listed).toMatch(/SOLUSDT\s+down\s+20 USDT\s+15\s+0\.8\s+150/);
    expect(listed).toContain('1 flip(s)');
    const house = await adminCommand('house:show').run(api, []);
    expect(house).toContain('Lightning Flip exposure');
    expect(house).toMatch(/USDT\s+1\s+16\b/);
  });

  it('two settlers at once (two processes’ passes on one database) settle each flip once', async () => {
    const table = await FlipTable.start(db, T0);
    const other = await db.app({ clock: table.clock });
    await other.app.services.market.init();
    const user = await fundedUser(table.t, '1000');
    await table.price('XRPUSDT', '0.5');
    const flips = [];
    for (let i = 0; i < 10; i++) {
      const direction = i % 2 ? 'up' : 'down';
      flips.push(
        await table.opened(user.token, {
          symbol: 'XRPUSDT',
          direction,
          amount: '10',
          duration: 30,
          token: 'USDT',
        }),
      );
    }
    table.wait(29);
    await table.price('XRPUSDT', '0.6');
    await other.app.services.market.pin('XRPUSDT', '0.6'); // the other process hears the mark too
    table.wait(1.5);
    // Flips an earlier test left open fall due too: each flip due is counted by one settler only.
    const now = table.clock.now();
    const due = await repo.due(db.handle.db, { now, heard: new Map(), late: now }, 1000);
    expect(due.map((row) => String(row.id))).toEqual(expect.arrayContaining(flips.map((f) => f.id)));
    const [first, second] = await Promise.all([table.settle(), other.app.services.flip.settleDue()]);
    expect(first + second).toBe(due.length);
    for (const flip of flips) expect((await table.detail(user.token, flip.id)).status).toBe('closed');
    // Half won (up), half lost (down): 5 × 8.5 paid, 5 × 10 taken.
    expect(await balanceOf(table.t, user.token)).toEqual({ available: '992.5', frozen: '0' });
    // Each recorded once for the books: its bet and its profit or loss, and one notice.
    const ids = flips.map((f) => f.id);
    await expectRecordedOnce(ids);
    await db.expectAuditClean();
  }, 90_000);

  it('reads a flip due with its amounts to the last of 18 decimals and its expiry to the millisecond', async () => {
    const table = await FlipTable.start(db, T0);
    const user = await fundedUser(table.t, '100');
    await table.price('SOLUSDT', '150');
    const { id: userId } = await userOf(db.handle.db, user.email);
    const tick = await table.t.app.services.market.keepTick({
      symbol: 'SOLUSDT',
      price: '150',
      time: Date.parse(T0),
    });
    const expiries = ['2030-03-01T00:00:29.999Z', '2030-03-01T00:00:30.000Z', '2030-03-01T00:00:30.001Z'];
    const amounts = [
      { stake: '99999999999999999999.999999999999999999', profit: '0', openPrice: '0.000000000000000001' },
      { stake: '0.000000000000000001', profit: '12345678901234567890.123456789012345678', openPrice: '1' },
      { stake: '9007199254740993.5', profit: '0.1', openPrice: '100000.000000000000000001' },
    ];
    const rolledBack = new Error('rolled back');
    // Written and read in a transaction rolled back: no money stands behind these flips.
    await expect(
      db.handle.db.transaction(async (tx) => {
        for (const [n, amount] of amounts.entries())
          await repo.insertFlip(tx, {
            orderNo: `F-DIGITS-${n}`,
            userId,
            symbol: 'SOLUSDT',
            token: 'USDT',
            direction: n % 2 ? 'down' : 'up',
            durationSeconds: 30,
            payoutRate: '0.85',
            openTickId: tick,
            openedAt: new Date(T0),
            expiresAt: new Date(expiries[n]!),
            ...amount,
          });
        const now = new Date('2030-03-01T00:00:31Z');
        const due = (await repo.due(tx, { now, heard: new Map(), late: now }, 1000)).filter((row) =>
          row.orderNo.startsWith('F-DIGITS-'),
        );
        const written = await Promise.all(due.map((row) => repo.flip(tx, row.id)));
        expect(due.map((row) => row.expiresAt.toISOString())).toEqual(expiries);
        expect(due.map((row) => new Decimal(row.stake).toFixed())).toEqual(amounts.map((a) => a.stake));
        expect(due.map((row) => new Decimal(row.profit).toFixed())).toEqual(amounts.map((a) => a.profit));
        expect(due.map((row) => new Decimal(row.openPrice).toFixed())).toEqual(
          amounts.map((a) => a.openPrice),
        );
        // As the row reads field by field.
        for (const [n, row] of due.entries())
          expect(row).toEqual({
            id: written[n]!.id,
            orderNo: written[n]!.orderNo,
            userId: written[n]!.userId,
            symbol: written[n]!.symbol,
            token: written[n]!.token,
            direction: written[n]!.direction,
            stake: written[n]!.stake,
            profit: written[n]!.profit,
            openPrice: written[n]!.openPrice,
            expiresAt: written[n]!.expiresAt,
          });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });

  it('two settlers at once settle a burst of several batches each flip once, paid and told once', async () => {
    const table = await FlipTable.start(db, '2030-08-01T00:00:00Z');
    await table.settle(); // what earlier tests left open
    const other = await db.app({ clock: table.clock });
    await other.app.services.market.init();
    const { maxOpenPositions } = await table.t.app.services.flip.config();
    await table.t.app.services.flip.updateConfig({ maxOpenPositions: 1000 });
    const heard: string[] = [];
    const stop = await db.handle.listen(FLIPS_CHANNEL, (payload) => heard.push(payload));
    try {
      const users = [await fundedUser(table.t, '10000'), await fundedUser(table.t, '10000')];
      await table.price('XRPUSDT', '0.5');
      const count = 2 * SETTLE_BATCH + 150;
      const flips = [];
      for (let n = 0; n < count; n++) {
        flips.push(
          await table.opened(users[n % 2]!.token, {
            symbol: 'XRPUSDT',
            direction: n % 4 < 2 ? 'up' : 'down',
            amount: '3.333333',
            duration: 30,
            token: 'USDT',
          }),
        );
        if (n % 100 === 99) table.wait(0.01);
      }
      table.wait(29);
      await table.price('XRPUSDT', '0.6');
      await other.app.services.market.pin('XRPUSDT', '0.6');
      table.wait(2);
      await table.price('XRPUSDT', '0.6');
      await other.app.services.market.pin('XRPUSDT', '0.6');
      const [first, second] = await Promise.all([table.settle(), other.app.services.flip.settleDue()]);
      expect(first + second).toBe(count);
      // Whoever settled last left the books to a pass that found nothing due.
      await table.settle();
      await other.app.services.flip.settleDue();
      const ids = flips.map((f) => f.id);
      const told = heard
        .flatMap(flipNotices)
        .filter((n) => n.message.type === 'flip' && n.message.status !== 'open');
      expect(
        ids.map((id) => told.filter((n) => n.message.type === 'flip' && n.message.id === id).length),
      ).toEqual(ids.map(() => 1));
      // Up won (stake back and its profit), down lost its stake, each exactly once.
      for (const [u, user] of users.entries()) {
        const expected = flips
          .filter((_, n) => n % 2 === u)
          .reduce(
            (sum, f) => (f.direction === 'up' ? sum.add(f.profit) : sum.sub(f.stake)),
            new Decimal('10000'),
          );
        expect(await balanceOf(table.t, user.token)).toEqual({ available: expected.toFixed(), frozen: '0' });
      }
      await expectRecordedOnce(ids);
    } finally {
      await stop();
      await table.t.app.services.flip.updateConfig({ maxOpenPositions });
    }
    await db.expectAuditClean();
  }, 300_000);

  it('each player’s socket is told each of their flips’ results once, and none of another’s', async () => {
    const table = await FlipTable.start(db, '2030-09-01T00:00:00Z');
    await table.settle(); // what earlier tests left open
    const { maxOpenPositions } = await table.t.app.services.flip.config();
    await table.t.app.services.flip.updateConfig({ maxOpenPositions: 1000 });
    const url = await listenForSockets(table.t.app);
    const sockets: Listener[] = [];
    try {
      const players = [await fundedUser(table.t, '1000'), await fundedUser(table.t, '1000')];
      for (const player of players) {
        const socket = await Listener.open(url);
        sockets.push(socket);
        await socket.joinUserChannel(player.token);
      }
      await table.price('XRPUSDT', '2');
      // More notices than one NOTIFY message carries.
      const mine: string[][] = [[], []];
      for (let n = 0; n < 450; n++) {
        const bet = {
          symbol: 'XRPUSDT',
          direction: n % 3 ? 'up' : 'down',
          amount: '1',
          duration: 30,
          token: 'USDT',
        };
        mine[n % 2]!.push((await table.opened(players[n % 2]!.token, bet)).id);
      }
      table.wait(30);
      await table.price('XRPUSDT', '2.5');
      table.wait(0.5);
      await table.price('XRPUSDT', '2.5');
      expect(await table.settle()).toBe(450);
      const results = (socket: Listener) =>
        socket.messages.flatMap((m) => (m.type === 'flip' && m.status !== 'open' ? [m] : []));
      for (const [p, socket] of sockets.entries()) {
        await expect
          .poll(() => results(socket).length, { timeout: 10_000 })
          .toBeGreaterThanOrEqual(mine[p]!.length);
        expect(
          results(socket)
            .map((event) => event.id)
            .sort(),
        ).toEqual([...mine[p]!].sort());
      }
    } finally {
      for (const socket of sockets) socket.close();
      await table.t.app.services.flip.updateConfig({ maxOpenPositions });
    }
    await db.expectAuditClean();
  }, 120_000);

  /** How many rows `query` (of `id`s) holds for each of `ids`. */
  async function perFlip(query: ReturnType<typeof sql>, ids: string[]) {
    const rows = await queryRows<{ id: string }>(db.handle.db, query);
    return ids.map((id) => rows.filter((row) => row.id === id).length);
  }

  /** Each of `ids` (flips that won or lost) recorded once: its bet, its profit or loss, one notice. */
  async function expectRecordedOnce(ids: string[]) {
    expect(
      await perFlip(sql`select ref_id::text as id from game_events where ref_type = 'flip_position'`, ids),
    ).toEqual(ids.map(() => 2));
    expect(
      await perFlip(sql`select params->>'flipId' as id from notifications where kind = 'flip_result'`, ids),
    ).toEqual(ids.map(() => 1));
  }

  /**
   * A player's flip opened as usual (`good`), and one written beside the opening (`bad`), of the same
   * player, 10 USDT up on SOLUSDT at 150 for 30 s.
   */
  async function flipsOneOutsideTheGame(orderNo: string) {
    const table = await FlipTable.start(db, T0);
    const user = await fundedUser(table.t, '100');
    await table.price('SOLUSDT', '150');
    const good = await table.opened(user.token, {
      symbol: 'SOLUSDT',
      direction: 'up',
      amount: '10',
      duration: 30,
      token: 'USDT',
    });
    const { id: userId } = await userOf(db.handle.db, user.email);
    const tick = await table.t.app.services.market.keepTick({
      symbol: 'SOLUSDT',
      price: '150',
      time: Date.parse(T0),
    });
    const bad = await repo.insertFlip(db.handle.db, {
      orderNo,
      userId,
      symbol: 'SOLUSDT',
      token: 'USDT',
      direction: 'up',
      stake: '10',
      durationSeconds: 30,
      payoutRate: '0.85',
      profit: '8.5',
      openPrice: '150',
      openTickId: tick,
      openedAt: table.clock.now(),
      expiresAt: new Date(table.clock.now().getTime() + 30_000),
    });
    return { table, user, good, bad: bad! };
  }

  it('records the others when one settled flip cannot be recorded, names it, and tries it again 5 s later', async () => {
    // A flip settled without a P&L (not by the settler): its notice cannot be written.
    const { table, user, good, bad } = await flipsOneOutsideTheGame('F-NO-PNL');
    await db.handle.db
      .update(flipPositions)
      .set({ status: 'closed', result: 'won', settledAt: table.clock.now() })
      .where(eq(flipPositions.id, bad.id));
    table.wait(29);
    await table.price('SOLUSDT', '151');
    table.wait(1.5);
    await expect(table.settle()).rejects.toThrow(`settled flips ${bad.id} not recorded`);
    // The good one is settled, paid and recorded all the same.
    expect((await table.detail(user.token, good.id)).result).toBe('won');
    expect(await balanceOf(table.t, user.token)).toEqual({ available: '108.5', frozen: '0' });
    const notices = sql`select params->>'flipId' as id from notifications where kind = 'flip_result'`;
    expect(await perFlip(notices, [good.id, String(bad.id)])).toEqual([1, 0]);
    // The next passes leave it for 5 s, then try it again.
    expect(await table.settle()).toBe(0);
    table.wait(5);
    await expect(table.settle()).rejects.toThrow(`settled flips ${bad.id} not recorded`);
    expect(await perFlip(notices, [good.id, String(bad.id)])).toEqual([1, 0]);
    // (The next tests settle with other processes, which would meet it again.)
    await db.handle.db.delete(flipPositions).where(eq(flipPositions.id, bad.id));
  });

  it('settles the others when one flip cannot be settled, names it, and tries it again 5 s later', async () => {
    // A flip whose stake was never frozen: its settlement's ledger movement is refused.
    const { table, user, good, bad } = await flipsOneOutsideTheGame('F-UNFROZEN');
    table.wait(29);
    await table.price('SOLUSDT', '151');
    table.wait(1.5);
    await expect(table.settle()).rejects.toThrow(`flips ${bad.id} not settled (1 others were)`);
    expect((await table.detail(user.token, good.id)).result).toBe('won');
    expect(await balanceOf(table.t, user.token)).toEqual({ available: '108.5', frozen: '0' });
    // The next passes leave it for 5 s, then try it again.
    expect(await table.settle()).toBe(0);
    table.wait(5);
    await table.price('SOLUSDT', '151');
    await expect(table.settle()).rejects.toThrow(`flips ${bad.id} not settled`);
    expect((await table.detail(user.token, String(bad.id))).status).toBe('open');
    // (The next tests settle with other processes, which would meet it again.)
    await db.handle.db.delete(flipPositions).where(eq(flipPositions.id, bad.id));
  });

  // The tests that restart each play an hour of their own: the marks written by the suite's other
  // tests (one database, one clock) are all of an earlier time, as a real restart would find them.
  it('after a crash, a flip whose expiry fell among marks never written is refunded (no price), not closed at an older one', async () => {
    const table = await FlipTable.start(db, '2030-03-01T01:00:00Z');
    const user = await fundedUser(table.t, '100');
    await table.price('BNBUSDT', '600');
    const flip = await table.opened(user.token, {
      symbol: 'BNBUSDT',
      direction: 'up',
      amount: '10',
      duration: 30,
      token: 'USDT',
    });
    table.wait(26);
    await table.price('BNBUSDT', '599');
    table.wait(1.5);
    await table.flush(); // written: every mark until 26.5 s
    table.wait(2);
    await table.price('BNBUSDT', '601'); // at 29.5 s: the real close, heard but never written
    // The process dies; another starts 5 s after expiry, with nothing in memory from before.
    await table.settleInProcessStartedAt(db, 35);
    // Closed at 599 (the last mark written) it would have lost; its close is not known: a refund.
    const detail = await table.detail(user.token, flip.id);
    expect(detail).toMatchObject({ status: 'refunded', result: 'no_price', closePrice: null });
    expect(await balanceOf(table.t, user.token)).toEqual({ available: '100', frozen: '0' });
    await db.expectAuditClean();
  });

  it('after a restart, a flip whose expiry the written marks cover closes at the last of them', async () => {
    const table = await FlipTable.start(db, '2030-03-01T02:00:00Z');
    const user = await fundedUser(table.t, '100');
    await table.price('XRPUSDT', '0.5');
    const flip = await table.opened(user.token, {
      symbol: 'XRPUSDT',
      direction: 'down',
      amount: '10',
      duration: 30,
      token: 'USDT',
    });
    table.wait(28);
    await table.price('XRPUSDT', '0.49');
    table.wait(4);
    await table.price('XRPUSDT', '0.51'); // after expiry: does not count
    table.wait(1);
    await table.flush(); // written until 32 s: the expiry is covered
    await table.settleInProcessStartedAt(db, 40);
    expect(await table.detail(user.token, flip.id)).toMatchObject({ result: 'won', closePrice: '0.49' });
    await db.expectAuditClean();
  });

  it('after a clean stop, a flip that expired just before it closes at its mark (every mark heard was written)', async () => {
    const table = await FlipTable.start(db, '2030-03-01T03:00:00Z');
    const user = await fundedUser(table.t, '100');
    await table.price('ETHUSDT', '3000');
    const flip = await table.opened(user.token, {
      symbol: 'ETHUSDT',
      direction: 'up',
      amount: '10',
      duration: 30,
      token: 'USDT',
    });
    table.wait(29.9);
    await table.price('ETHUSDT', '3001'); // the close, 0.1 s before expiry
    table.wait(0.2);
    // Stopped 0.1 s after expiry, before the settler's pass: the feed's last write, as it stops.
    await table.t.app.services.market.flush(table.clock.now().getTime(), true);
    await table.settleInProcessStartedAt(db, 40);
    expect(await table.detail(user.token, flip.id)).toMatchObject({ result: 'won', closePrice: '3001' });
    await db.expectAuditClean();
  });
});
