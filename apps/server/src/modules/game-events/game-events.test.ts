// The games' events and the turnover built on them (issue 18; the games' own suites show the events
// a play records): USDT values at the moment's price, each play's kind once, turnover exact under
// concurrent plays of one player.
import { expect, it } from 'vitest';
import { Decimal } from '@tradeflip/money';
import { describeEachDatabase, registerUser, userOf } from '../../test/harness';
import { FixedPriceSource } from '../wallet/prices';
import type { GameEvent } from './service';

describeEachDatabase('game events and turnover', (db) => {
  const player = async () => {
    const t = await db.app({ prices: new FixedPriceSource({ ETH: '3000.5' }) });
    const { email } = await registerUser(t);
    const { id } = await userOf(db.handle.db, email);
    return { events: t.app.services.gameEvents, userId: id };
  };
  const bet = (userId: number, id: number, token: string, amount: string): GameEvent => ({
    userId,
    game: 'flip',
    kind: 'bet',
    token,
    amount: new Decimal(amount),
    ref: { type: 'flip_position', id },
  });

  it('values each bet in USDT at the moment and adds it to the turnover; a token without a price adds nothing', async () => {
    const { events, userId } = await player();
    const plays = [bet(userId, 1, 'USDT', '10'), bet(userId, 2, 'ETH', '0.1'), bet(userId, 3, 'SOL', '2')];
    const prices = await events.prices(plays.map((p) => p.token));
    await db.handle.db.transaction((tx) => events.record(tx, plays, prices));
    expect((await events.eventsOf(userId)).map((e) => [e.token, e.amount, e.usdtValue])).toEqual([
      ['USDT', '10', '10'],
      ['ETH', '0.1', '300.05'],
      ['SOL', '2', null],
    ]);
    expect(await events.turnoverOf(userId)).toBe('310.05');
  });

  it('records each play’s kind once: a replay adds nothing, its profit or loss counts no turnover', async () => {
    const { events, userId } = await player();
    const prices = await events.prices(['USDT']);
    const plays = [bet(userId, 10, 'USDT', '5')];
    expect(await db.handle.db.transaction((tx) => events.record(tx, plays, prices))).toBe(1);
    expect(await db.handle.db.transaction((tx) => events.record(tx, plays, prices))).toBe(0);
    const profit = { ...plays[0]!, kind: 'profit' as const, amount: new Decimal('4.25') };
    expect(await db.handle.db.transaction((tx) => events.record(tx, [profit, profit], prices))).toBe(1);
    expect((await events.eventsOf(userId)).map((e) => e.kind)).toEqual(['bet', 'profit']);
    expect(await events.turnoverOf(userId)).toBe('5');
  });

  it('adds 40 concurrent bets of one player exactly', async () => {
    const { events, userId } = await player();
    const prices = await events.prices(['USDT']);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.handle.db.transaction((tx) => events.record(tx, [bet(userId, 100 + i, 'USDT', '0.01')], prices)),
      ),
    );
    expect(await events.turnoverOf(userId)).toBe('0.4');
  });
});
