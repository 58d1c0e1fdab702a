// The live plays feed (issue 32, point 11) as a socket on the public `plays` channel sees it: a
// settled flip and a closed position arrive without asking, the player masked (no e-mail, no domain), amounts only for a player who chose to show them, nothing of a player who hides; its first
// frame is the newest plays; the settings API refuses a bad body with a 400 in the caller's language.
import type { Play, WsServerMessage } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fundedUser } from '../../test/accounts';
import { call, callRoute, describeEachDatabase } from '../../test/harness';
import { Listener, listenForSockets } from '../../test/socket-listener';
import { GameTable } from '../contract-game/test-helpers';
import { startPlaysFeed } from './feed-job';

const T0 = '2030-05-01T00:00:00Z';
type PlaysFrame = Extract<WsServerMessage, { type: 'plays' }>;

describeEachDatabase('the live plays feed', (db) => {
  let table: GameTable;
  let feed: { stop(): Promise<void> };
  let url: string;
  const sockets: Listener[] = [];

  beforeAll(async () => {
    table = await GameTable.start(db, T0);
    feed = startPlaysFeed(table.t.app.services.plays, { db: db.handle.db, clock: table.clock });
    url = await listenForSockets(table.t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await feed.stop();
  });

  /** A socket on the `plays` channel; answers it with its first frame. */
  async function watch() {
    const socket = await Listener.open(url);
    sockets.push(socket);
    socket.send({ op: 'subscribe', channel: 'plays' });
    const subscribed = await socket.next((m) => m.type === 'subscribed');
    const first = (await socket.next((m) => m.type === 'plays')) as PlaysFrame;
    expect(first.seq).toBe((subscribed as { seq: number }).seq);
    return { socket, first };
  }

  /** The first frame holding every one of `ids`; answers it and a finder of its plays. */
  async function frameWith(socket: Listener, ids: string[]) {
    const frame = (await socket.next(
      (m) => m.type === 'plays' && ids.every((id) => m.list.some((p) => p.id === id)),
    )) as PlaysFrame;
    return { frame, of: (id: string) => frame.list.find((p) => p.id === id)! };
  }

  async function settings(token: string, body: { hidden: boolean; showAmounts: boolean }) {
    const res = await callRoute(table.t.app, routes.plays.saveSettings, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  /** A 30 s flip up of 10 USDT at 100 that closes at 101 (won), settled now; answers its feed id. */
  async function wonFlip(token: string) {
    await table.price('BTCUSDT', '100');
    const res = await callRoute(table.t.app, routes.flip.open, {
      token,
      body: { symbol: 'BTCUSDT', direction: 'up', amount: '10', duration: 30, token: 'USDT' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    table.clock.advance(28);
    await table.price('BTCUSDT', '101');
    table.clock.advance(2.5);
    return { id: `flip-${res.body.data.id}`, settle: () => table.t.app.services.flip.settleDue() };
  }

  it('shows a settled flip and a closed position, masked, amounts only when shown', async () => {
    const { socket } = await watch();
    const flipper = await fundedUser(table.t, '1000');
    const trader = await fundedUser(table.t, '1000');
    await settings(trader.token, { hidden: false, showAmounts: true });
    const flip = await wonFlip(flipper.token);
    expect(await flip.settle()).toBe(1);
    const flipSeen = await frameWith(socket, [flip.id]);
    expect(flipSeen.of(flip.id)).toEqual({
      id: flip.id,
      game: 'flip',
      player: `${flipper.email.slice(0, 2)}***`,
      symbol: 'BTCUSDT',
      side: 'up',
      token: 'USDT',
      leverage: null,
      outcome: 'won',
      stake: null,
      result: null,
      time: table.clock.now().getTime(),
    } satisfies Play);
    expect(JSON.stringify(flipSeen.frame)).not.toContain('example.com');

    await table.price('ETHUSDT', '2000');
    const opened = await table.opened(trader.token, {
      symbol: 'ETHUSDT',
      side: 'long',
      margin: '10',
      leverage: 5,
    });
    await table.price('ETHUSDT', '2100');
    expect((await table.close(trader.token, opened)).status).toBe(200);
    const position = await table.position<{ realizedPnl: string }>(trader.token, opened);
    const positionSeen = await frameWith(socket, [`position-${opened}`, flip.id]);
    expect(positionSeen.of(`position-${opened}`)).toMatchObject({
      game: 'contract',
      player: `${trader.email.slice(0, 2)}***`,
      symbol: 'ETHUSDT',
      side: 'long',
      leverage: 5,
      outcome: 'won',
      stake: '10',
      result: position.realizedPnl,
    });
    // The newest first.
    expect(positionSeen.frame.list[0]!.id).toBe(`position-${opened}`);

    // A socket joining now gets them at once, in its first frame.
    const { first } = await watch();
    expect(first.list.map((p) => p.id)).toEqual(expect.arrayContaining([flip.id, `position-${opened}`]));
  });

  it('keeps a hidden player’s plays out, the ones already shown too', async () => {
    const { socket } = await watch();
    const shy = await fundedUser(table.t, '1000');
    const other = await fundedUser(table.t, '1000');
    const before = await wonFlip(shy.token);
    await before.settle();
    await frameWith(socket, [before.id]);
    await settings(shy.token, { hidden: true, showAmounts: true });
    await socket.next((m) => m.type === 'plays' && !m.list.some((p) => p.id === before.id));

    const hiddenFlip = await wonFlip(shy.token);
    await hiddenFlip.settle();
    const shown = await wonFlip(other.token);
    await shown.settle();
    const { frame } = await frameWith(socket, [shown.id]);
    expect(frame.list.map((p) => p.id)).not.toContain(hiddenFlip.id);
  });

  it('reads and saves the settings, refusing a bad body with a 400 in the caller’s language', async () => {
    const player = await fundedUser(table.t, '10');
    const read = await callRoute(table.t.app, routes.plays.settings, { token: player.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ hidden: false, showAmounts: false });
    await settings(player.token, { hidden: true, showAmounts: false });
    const again = await callRoute(table.t.app, routes.plays.settings, { token: player.token });
    expect(again.body.data).toEqual({ hidden: true, showAmounts: false });

    for (const body of [{ hidden: 'yes', showAmounts: false }, { hidden: true }, null, [1]]) {
      const res = await call(table.t.app, 'PUT', '/api/app/plays/settings', {
        token: player.token,
        body,
        headers: { 'x-lang': 'zh-CN' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await call(table.t.app, 'GET', '/api/app/plays/settings')).status).toBe(401);
    // Nothing was changed by the refused ones.
    const kept = await callRoute(table.t.app, routes.plays.settings, { token: player.token });
    expect(kept.body.data).toEqual({ hidden: true, showAmounts: false });
  });
});
