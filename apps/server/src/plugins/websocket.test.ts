// Issue 10, acceptance 3: the WebSocket through a real listening server and real clients (ws):
// subscribe, receive ticks and candles, unsubscribe; a schema-invalid message gets an error frame and
// the connection stays usable; an unauthenticated client cannot join a user channel; a client that
// stops reading is dropped without delaying the others.
import net from 'node:net';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { credit } from '../test/accounts';
import { listenForSockets, Listener } from '../test/socket-listener';
import {
  adminCall,
  call,
  describeEachDatabase,
  PASSWORD,
  registerUser,
  TestClock,
  type TestApp,
} from '../test/harness';

const T0 = Date.parse('2030-01-01T00:00:00Z');

/** A ticker frame's entry for a pair at `price` (a flat day). */
const move = (symbol: string, price: string) => ({
  symbol,
  price,
  mark: price,
  change24h: '0.0000',
  high24h: price,
  low24h: price,
  time: 1,
});

describeEachDatabase('WebSocket /api/ws', (db) => {
  let t: TestApp;
  let url: string;
  const open: Listener[] = [];
  const connect = async (headers: Record<string, string> = {}) => {
    const listener = await Listener.open(url, headers);
    open.push(listener);
    return listener;
  };

  beforeAll(async () => {
    t = await db.app({ clock: new TestClock(T0), webSocket: { maxBufferedBytes: 64 * 1024 } });
    url = await listenForSockets(t.app);
    await t.app.services.market.init();
  });
  afterEach(() => {
    for (const listener of open.splice(0)) listener.close();
  });

  it('pushes ticks to ticker subscribers until they unsubscribe; candles per pair and interval', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'tickers' });
    expect(await client.next((m) => m.type === 'subscribed')).toEqual({
      type: 'subscribed',
      channel: 'tickers',
      seq: expect.any(Number),
    });
    client.send({ op: 'subscribe', channel: 'candles', symbol: 'ethusdt', interval: '1m' });
    await client.next((m) => m.type === 'subscribed' && m.channel === 'candles:ETHUSDT:1m');

    await t.app.services.market.pin('BTCUSDT', '70000');
    const ticks = await client.next((m) => m.type === 'ticks');
    // The pair's ticker as the list answers it now: the 24 h figures come worked out.
    const tickers = await call(t.app, 'GET', '/api/app/market/tickers');
    const btc = (tickers.body.data!.list as Record<string, unknown>[]).find(
      (row) => row.symbol === 'BTCUSDT',
    )!;
    expect(ticks).toEqual({
      type: 'ticks',
      seq: expect.any(Number),
      list: [
        {
          symbol: 'BTCUSDT',
          price: '70000',
          mark: '70000',
          time: T0,
          change24h: btc.change24h,
          high24h: btc.high24h,
          low24h: btc.low24h,
        },
      ],
    });
    // A step moves every pair in one frame.
    await t.app.services.market.step();
    const step = await client.next((m) => m.type === 'ticks');
    expect(step.type === 'ticks' && step.list.map((tick) => tick.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'BNBUSDT',
      'SOLUSDT',
      'XRPUSDT',
      'DOGEUSDT',
    ]);
    await t.app.services.market.step();
    const candle = await client.next((m) => m.type === 'candle');
    expect(candle).toMatchObject({ type: 'candle', symbol: 'ETHUSDT', interval: '1m' });
    // Only the candles asked for.
    expect(client.messages.filter((m) => m.type === 'candle')).toEqual([]);

    client.send({ op: 'unsubscribe', channel: 'tickers' });
    await client.next((m) => m.type === 'unsubscribed');
    client.messages.length = 0;
    await t.app.services.market.step();
    await client.next((m) => m.type === 'candle');
    expect(client.messages.filter((m) => m.type === 'ticks')).toEqual([]);
  });

  it('answers a schema-invalid message with an error frame in the client’s language, and stays usable', async () => {
    const client = await connect({ 'accept-language': 'zh-CN' });
    client.send('not json');
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ reason: 'validation' });
    client.send({ op: 'subscribe', channel: 'candles', symbol: 'BTCUSDT', interval: '2h' });
    const error = await client.next((m) => m.type === 'error');
    expect(error).toMatchObject({
      type: 'error',
      reason: 'validation',
      msg: expect.stringMatching(/[\u4e00-\u9fff]/),
    });
    client.send({ op: 'ping' });
    // With the server's time: the app counts flips down to it, not to the phone's own clock.
    expect(await client.next((m) => m.type === 'pong')).toEqual({ type: 'pong', time: T0 });
  });

  it('keeps the user channel to a signed-in client', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channel: 'user' });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ reason: 'unauthorized' });
    client.send({ op: 'auth', token: 'not-a-session' });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ reason: 'unauthorized' });
    const user = await registerUser(t);
    client.send({ op: 'auth', token: user.token });
    expect(await client.next((m) => m.type === 'authed')).toMatchObject({ type: 'authed' });
    client.send({ op: 'subscribe', channel: 'user' });
    expect(await client.next((m) => m.type === 'subscribed')).toEqual({
      type: 'subscribed',
      channel: 'user',
      seq: 0,
    });
  });

  it('tells a user’s screens when their balances moved, after the commit, and nobody else', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const signedIn = async (token: string) => {
      const client = await connect();
      await client.joinUserChannel(token);
      return client;
    };
    const aliceScreen = await signedIn(alice.token);
    const bobScreen = await signedIn(bob.token);
    const adjust = (email: string, amount: string) =>
      adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
        body: { email, token: 'USDT', amount, reason: 'test' },
      });

    expect((await adjust(alice.email, '10')).status).toBe(200);
    expect(await aliceScreen.next((m) => m.type === 'balances')).toEqual({ type: 'balances', seq: 1 });
    // A refused movement (below zero) rolls back: no notice for it. Bob's credit is the next notice
    // (his first: he heard nothing of Alice's).
    expect((await adjust(alice.email, '-1000')).status).toBe(400);
    expect((await adjust(bob.email, '5')).status).toBe(200);
    expect(await bobScreen.next((m) => m.type === 'balances')).toEqual({ type: 'balances', seq: 1 });
    // Notices arrive in commit order, so one of the refused movement would have been sent before Bob's:
    // Alice's channel still stands at her one notice (a screen that joins now is told its number).
    const aliceAgain = await connect();
    expect(await aliceAgain.joinUserChannel(alice.token)).toEqual({
      type: 'subscribed',
      channel: 'user',
      seq: 1,
    });
  });

  it('tells the owner’s screens of a position opened and closed, with the reason, as it happens', async () => {
    const owner = await registerUser(t);
    await credit(t, owner.email, '100');
    await t.app.services.operatorMoney.fundVault({ token: 'USDT', amount: '100000' });
    await t.app.services.gameEngine.lead();
    const screen = await connect();
    await screen.joinUserChannel(owner.token);

    await t.app.services.market.pin('BTCUSDT', '60000');
    const opened = await call(t.app, 'POST', '/api/app/game/open', {
      token: owner.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 },
    });
    const id = (opened.body.data as { id: string }).id;
    expect(await screen.next((m) => m.type === 'position')).toMatchObject({
      type: 'position',
      id,
      status: 'open',
      closeReason: null,
    });
    // The engine liquidates at 59430 (60000 · (1 − 9.5/1000)); the page hears it without a reload.
    await t.app.services.market.pin('BTCUSDT', '59430');
    await t.app.services.gameEngine.idle();
    expect(await screen.next((m) => m.type === 'position' && m.status === 'closed')).toMatchObject({
      type: 'position',
      id,
      status: 'closed',
      closeReason: 'liquidation',
    });
    await t.app.services.market.pin('BTCUSDT', undefined);
  });

  it('drops a client that stops reading, without delaying the others', async () => {
    // A raw client: it upgrades, subscribes, then never reads again.
    const port = (t.app.server.address() as AddressInfo).port;
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.write(
      'GET /api/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await new Promise((resolve) => slow.once('data', resolve));
    // A masked client frame: {"op":"subscribe","channel":"tickers"}
    const payload = Buffer.from(JSON.stringify({ op: 'subscribe', channel: 'tickers' }));
    const mask = Buffer.from([1, 2, 3, 4]);
    const frame = Buffer.concat([
      Buffer.from([0x81, 0x80 | payload.length]),
      mask,
      Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!)),
    ]);
    // It reads the answer (it has joined the channel), then stops reading.
    const joined = new Promise<void>((resolve) => {
      let received = '';
      const onData = (chunk: Buffer) => {
        received += chunk.toString('latin1');
        if (!received.includes('"subscribed"')) return;
        slow.off('data', onData);
        slow.pause();
        resolve();
      };
      slow.on('data', onData);
    });
    slow.write(frame);
    await joined;
    let slowClosed = false;
    slow.on('close', () => (slowClosed = true));

    const fast = await connect();
    fast.send({ op: 'subscribe', channel: 'tickers' });
    await fast.next((m) => m.type === 'subscribed');
    const droppedBefore = t.app.webSockets.dropped;

    // Far more than the slow client's socket buffers and its 64 KiB allowance.
    const hub = t.app.webSockets;
    for (let i = 0; i < 100_000 && hub.dropped === droppedBefore; i++) {
      hub.broadcast('tickers', {
        type: 'ticks',
        list: [{ ...move('BTCUSDT', `${i}.${'9'.repeat(40)}`), time: i }],
      });
      if (i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(hub.dropped).toBe(droppedBefore + 1);
    // The reader that keeps up still gets the next tick at once.
    fast.messages.length = 0;
    hub.broadcast('tickers', { type: 'ticks', list: [move('ETHUSDT', '1')] });
    expect(await fast.next((m) => m.type === 'ticks' && m.list[0]?.symbol === 'ETHUSDT')).toMatchObject({
      type: 'ticks',
      list: [{ symbol: 'ETHUSDT', price: '1', time: 1 }],
    });
    // Once it reads again, it finds the server closed its end (however long the backlog takes to read).
    const closedNow = new Promise((resolve) => slow.once('close', resolve));
    slow.resume();
    if (!slowClosed) await closedNow;
    expect(slowClosed || slow.destroyed || slow.readableEnded).toBe(true);
    slow.destroy();
  });
});

describeEachDatabase('WebSocket /api/ws: a channel that stays up, sessions and limits (issue 16)', (db) => {
  const open: Listener[] = [];
  afterEach(() => {
    for (const listener of open.splice(0)) listener.close();
  });
  /** A listening app; answers its socket URL. */
  const serve = async (options: Parameters<typeof db.app>[0] = {}) => {
    const t = await db.app({ clock: new TestClock(T0), ...options });
    const url = await listenForSockets(t.app);
    await t.app.services.market.init();
    const connect = async () => {
      const listener = await Listener.open(url);
      open.push(listener);
      return listener;
    };
    return { t, url, connect };
  };
  const signedIn = async (connect: () => Promise<Listener>, token: string) => {
    const client = await connect();
    await client.joinUserChannel(token);
    return client;
  };

  it('keeps a socket open well past the header deadline, and it receives every tick in sequence', async () => {
    // Headers must arrive within 0.2 s; the socket lives on for 6 deadlines and more (the 60 s of
    // 10 s deadlines, scaled down) and misses no step.
    const { t, connect } = await serve({ env: { HEADERS_TIMEOUT: '0.2' } });
    const client = await connect();
    let closed = false;
    client.socket.on('close', () => (closed = true));
    client.send({ op: 'subscribe', channel: 'tickers' });
    const subscribed = await client.next((m) => m.type === 'subscribed');
    const first = subscribed.type === 'subscribed' ? subscribed.seq : NaN;
    const steps = 12;
    for (let i = 0; i < steps; i++) {
      await t.app.services.market.step();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const received: number[] = [];
    for (let seq = first + 1; seq <= first + steps; seq++) {
      const ticks = await client.next((m) => m.type === 'ticks' && m.seq === seq);
      if (ticks.type === 'ticks') received.push(ticks.seq);
    }
    // Every step arrived, numbered one after the other, on the one connection.
    expect(received).toEqual(Array.from({ length: steps }, (_, i) => first + 1 + i));
    expect(client.messages.filter((m) => m.type === 'ticks')).toEqual([]);
    expect(closed).toBe(false);
  });

  it('signs a socket out within a second of its session being revoked in any process: logout, password change, freeze', async () => {
    const { t, connect } = await serve();
    // The revocations go through another API process on the same database.
    const elsewhere = (await db.app()).app;
    const adjust = (email: string) =>
      adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
        body: { email, token: 'USDT', amount: '1', reason: 'test' },
      });
    const control = await registerUser(t);
    const controlScreen = await signedIn(connect, control.token);
    /** The user's balances move, then the control's: once the control hears of it, so would the user. */
    const heardOf = async (screen: Listener, email: string) => {
      expect((await adjust(email)).status).toBe(200);
      expect((await adjust(control.email)).status).toBe(200);
      await controlScreen.next((m) => m.type === 'balances');
      const heard = screen.messages.some((m) => m.type === 'balances');
      screen.messages.length = 0;
      return heard;
    };
    const revocations: [string, (user: { email: string; token: string }) => Promise<{ status: number }>][] = [
      ['logout', (user) => call(elsewhere, 'POST', '/api/app/auth/logout', { token: user.token })],
      [
        'password_changed',
        (user) =>
          call(elsewhere, 'POST', '/api/app/user/password', {
            token: user.token,
            body: { oldPassword: PASSWORD, newPassword: `${PASSWORD}x` },
          }),
      ],
      [
        'frozen',
        (user) => adminCall(elsewhere, 'POST', '/api/admin/users/freeze', { body: { email: user.email } }),
      ],
    ];
    for (const [reason, revoke] of revocations) {
      const user = await registerUser(t);
      const screen = await signedIn(connect, user.token);
      expect(await heardOf(screen, user.email)).toBe(true);
      expect((await revoke(user)).status).toBe(200);
      const revokedAt = Date.now();
      expect(await screen.next((m) => m.type === 'unauthed')).toEqual({ type: 'unauthed', reason });
      expect(Date.now() - revokedAt).toBeLessThan(1000);
      expect(await heardOf(screen, user.email)).toBe(false);
      // Signed out: the user channel needs a sign-in again.
      screen.send({ op: 'subscribe', channel: 'user' });
      expect(await screen.next((m) => m.type === 'error')).toMatchObject({ reason: 'unauthorized' });
    }
  });

  it('does not sign a socket in with a session revoked while its sign-in was being looked up', async () => {
    const { t, connect } = await serve();
    const user = await registerUser(t);
    const control = await registerUser(t);
    const controlScreen = await signedIn(connect, control.token);
    // The sign-in's lookup reads the session while it is still valid; the logout commits and is
    // announced before that lookup's answer is used.
    const accounts = t.app.services.accounts;
    const lookup = accounts.resolveSession.bind(accounts);
    const revoke = vi.spyOn(t.app.liveSessions, 'revoke');
    const resolve = vi.spyOn(accounts, 'resolveSession').mockImplementationOnce(async (token) => {
      const answer = await lookup(token);
      expect((await call(t.app, 'POST', '/api/app/auth/logout', { token: user.token })).status).toBe(200);
      await vi.waitFor(() => expect(revoke).toHaveBeenCalled());
      return answer;
    });
    const screen = await connect();
    screen.send({ op: 'auth', token: user.token });
    expect(await screen.next((m) => m.type === 'authed' || m.type === 'error')).toMatchObject({
      type: 'error',
      reason: 'unauthorized',
    });
    resolve.mockRestore();
    revoke.mockRestore();
    // Nothing of the user's reaches it: the user channel needs a sign-in.
    screen.send({ op: 'subscribe', channel: 'user' });
    expect(await screen.next((m) => m.type === 'error' || m.type === 'subscribed')).toMatchObject({
      type: 'error',
      reason: 'unauthorized',
    });
    await credit(t, control.email, '1');
    await controlScreen.next((m) => m.type === 'balances');
  });

  it('lets an operator close a user’s signed-in sockets (they reconnect and resync)', async () => {
    const { t, connect } = await serve();
    const user = await registerUser(t);
    const screen = await signedIn(connect, user.token);
    const bystander = await connect();
    const closed = new Promise<number>((resolve) => screen.socket.once('close', resolve));
    const answer = await adminCall(t.app, 'POST', '/api/admin/ws/disconnect', {
      body: { email: user.email },
    });
    expect(answer.body).toMatchObject({ code: 0, data: { disconnected: 1 } });
    expect(await closed).toBe(1012);
    bystander.send({ op: 'ping' });
    expect(await bystander.next((m) => m.type === 'pong')).toMatchObject({ type: 'pong' });
    const unknown = await adminCall(t.app, 'POST', '/api/admin/ws/disconnect', {
      body: { email: 'nobody@example.com' },
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses a flood of sign-ins past the limit and keeps answering others', async () => {
    const { t, connect } = await serve({
      env: { RATE_LIMIT_WS_AUTH_IP: '5/60' },
      webSocket: { messagesPerSecond: 1000, maxQueuedMessages: 1000 },
    });
    const user = await registerUser(t);
    const flood = await connect();
    for (let i = 0; i < 200; i++) flood.send({ op: 'auth', token: user.token });
    flood.send({ op: 'ping' });
    await flood.next((m) => m.type === 'pong');
    expect(flood.messages.filter((m) => m.type === 'authed')).toHaveLength(5);
    expect(flood.messages.filter((m) => m.type === 'error' && m.reason === 'rate_limited')).toHaveLength(195);
    // Others are answered meanwhile: a socket's ping, an HTTP call.
    const other = await connect();
    other.send({ op: 'ping' });
    expect(await other.next((m) => m.type === 'pong')).toMatchObject({ type: 'pong' });
    expect((await call(t.app, 'GET', '/api/app/market/tickers')).status).toBe(200);
  });

  it('reads a socket’s messages at a bounded rate, and closes one whose queue overflows', async () => {
    const { connect } = await serve({ webSocket: { messagesPerSecond: 10, maxQueuedMessages: 1000 } });
    const greedy = await connect();
    for (let i = 0; i < 1000; i++) greedy.send({ op: 'ping' });
    const refused = await greedy.next((m) => m.type === 'error');
    expect(refused).toMatchObject({ reason: 'rate_limited' });
    // Ten answered in this second; the other 990 refused unread, and told once.
    expect(greedy.messages.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(10);
    expect(greedy.messages.filter((m) => m.type === 'error')).toEqual([]);

    const { connect: connectQueued } = await serve({
      webSocket: { messagesPerSecond: 1000, maxQueuedMessages: 8 },
    });
    const queued = await connectQueued();
    const closed = new Promise<number>((resolve) => queued.socket.once('close', resolve));
    // Sign-ins wait on the database: more than eight queue up.
    for (let i = 0; i < 50; i++) queued.send({ op: 'auth', token: `made-up-${i}` });
    expect(await closed).toBe(1008);
  });

  it('holds no channel for made-up names, forgets empty channels and caps a socket’s channels', async () => {
    const { t, connect } = await serve({
      webSocket: { messagesPerSecond: 100_000, maxQueuedMessages: 100_000 },
    });
    const hub = t.app.webSockets;
    const before = hub.channelCount;
    const client = await connect();
    for (let i = 0; i < 10_000; i++) {
      client.send({ op: 'subscribe', channel: 'candles', symbol: `X${i}USDT`, interval: '1m' });
    }
    client.send({ op: 'ping' });
    await client.next((m) => m.type === 'pong');
    expect(client.messages.filter((m) => m.type === 'subscribed')).toEqual([]);
    expect(client.messages.filter((m) => m.type === 'error')).toHaveLength(10_000);
    expect(client.messages[0]).toMatchObject({ reason: 'validation', msg: 'Unknown trading pair' });
    expect(hub.channelCount).toBe(before);
    client.messages.length = 0;

    // Real channels, joined and left: nothing stays behind.
    client.send({ op: 'subscribe', channel: 'candles', symbol: 'BTCUSDT', interval: '1m' });
    await client.next((m) => m.type === 'subscribed');
    expect(hub.channelCount).toBe(before + 1);
    client.send({ op: 'unsubscribe', channel: 'candles', symbol: 'BTCUSDT', interval: '1m' });
    await client.next((m) => m.type === 'unsubscribed');
    expect(hub.channelCount).toBe(before);

    // At most 16 channels a socket: 6 pairs × 4 intervals asked for, 16 given.
    const symbols = ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT'];
    for (const symbol of symbols)
      for (const interval of ['1s', '1m', '5m', '15m'] as const)
        client.send({ op: 'subscribe', channel: 'candles', symbol, interval });
    client.send({ op: 'ping' });
    await client.next((m) => m.type === 'pong');
    expect(client.messages.filter((m) => m.type === 'subscribed')).toHaveLength(16);
    expect(client.messages.filter((m) => m.type === 'error')).toHaveLength(8);
    expect(client.messages.find((m) => m.type === 'error')).toMatchObject({
      msg: 'Too many live channels on one connection (16 at most)',
    });
    expect(hub.channelCount).toBe(before + 16);
    client.close();
    await new Promise((resolve) => client.socket.once('close', resolve));
    await vi.waitFor(() => expect(hub.channelCount).toBe(before));
  });

  it('closes a socket sending an oversized frame with 1009, logged as a client error', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const { connect } = await serve({ env: { LOG_LEVEL: 'info' }, logStream });
    const client = await connect();
    const closed = new Promise<number>((resolve) => client.socket.once('close', resolve));
    client.send({ op: 'auth', token: 'x'.repeat(5000) });
    expect(await closed).toBe(1009);
    await vi.waitFor(() => expect(lines.some((line) => line.includes('client error'))).toBe(true));
    const levels = lines.map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
  });
});

describe('WebSocket client messages', () => {
  it('are the contract’s (unknown ops are refused)', async () => {
    const { wsClientMessage } = await import('@tradeflip/api');
    expect(wsClientMessage.safeParse({ op: 'subscribe', channel: 'tickers' }).success).toBe(true);
    expect(wsClientMessage.safeParse({ op: 'subscribe', channel: 'everything' }).success).toBe(false);
  });
});
