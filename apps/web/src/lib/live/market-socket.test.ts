// The socket's resync (issue 16): a skipped frame number or a reconnect tells the channel's listeners
// to refetch (once the channel is subscribed again); frames in sequence cost nothing; a revoked
// session with a new one in this tab signs in again; a frozen account's is told so, not to refetch.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from './market-socket';

vi.mock('./reconnecting-socket', async () => ({
  ReconnectingSocket: (await import('./test-socket')).FakeSocket,
}));

const { FakeSocket } = await import('./test-socket');
const { MarketSocket } = await import('./market-socket');
const { setSession } = await import('@/lib/session');
const { serverNow } = await import('@/lib/server-clock');

const ticks = (seq: number) => ({
  type: 'ticks',
  seq,
  list: [
    { symbol: 'BTCUSDT', price: '1', mark: '1', change24h: '0.0000', high24h: '1', low24h: '1', time: 1 },
  ],
});

function listen(channel: Parameters<InstanceType<typeof MarketSocket>['subscribe']>[0]) {
  const socket = new MarketSocket();
  const heard: LiveMessage['type'][] = [];
  socket.subscribe(channel, (message) => heard.push(message.type));
  const fake = FakeSocket.last!;
  return { heard, fake };
}

describe('the market socket', () => {
  beforeEach(() => localStorage.clear());

  it('passes frames in sequence on, and asks for a refetch after a skipped number', () => {
    const { heard, fake } = listen({ channel: 'tickers' });
    fake.open();
    expect(fake.sent).toEqual([{ op: 'subscribe', channel: 'tickers' }]);
    fake.frame({ type: 'subscribed', channel: 'tickers', seq: 5 });
    fake.frame(ticks(6));
    fake.frame(ticks(7));
    // No request per tick: frames in sequence resync nothing.
    expect(heard).toEqual(['ticks', 'ticks']);
    fake.frame(ticks(9));
    expect(heard).toEqual(['ticks', 'ticks', 'ticks', 'resync']);
    fake.frame(ticks(10));
    expect(heard.at(-1)).toBe('ticks');
    expect(heard.filter((type) => type === 'resync')).toHaveLength(1);
  });

  it('tells a gap on one channel to that channel’s listeners only', () => {
    const socket = new MarketSocket();
    const user: string[] = [];
    const tickers: string[] = [];
    setSession({ token: 't1', user: { id: '1', email: 'a@example.com' } });
    socket.subscribe({ channel: 'user' }, (message) => user.push(message.type));
    socket.subscribe({ channel: 'tickers' }, (message) => tickers.push(message.type));
    const fake = FakeSocket.last!;
    fake.open();
    expect(fake.sent[0]).toEqual({ op: 'auth', token: 't1' });
    fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
    fake.frame({ type: 'subscribed', channel: 'tickers', seq: 3 });
    fake.frame({ type: 'balances', seq: 1 });
    fake.frame({ type: 'position', seq: 3, id: '7', status: 'closed', closeReason: 'liquidation' });
    fake.frame(ticks(4));
    expect(user).toEqual(['balances', 'position', 'resync']);
    expect(tickers).toEqual(['ticks']);
  });

  it('signs in once when the user channel is asked for after the socket opened signed in (the tickers opened it)', () => {
    const socket = new MarketSocket();
    setSession({ token: 't1', user: { id: '1', email: 'a@example.com' } });
    socket.subscribe({ channel: 'tickers' }, () => undefined);
    const fake = FakeSocket.last!;
    fake.open();
    socket.subscribe({ channel: 'user' }, () => undefined);
    fake.frame({ type: 'authed', userId: '1' });
    socket.subscribe({ channel: 'user' }, () => undefined);
    expect(fake.sent.filter((message) => message.op === 'auth')).toEqual([{ op: 'auth', token: 't1' }]);
    expect(fake.sent.at(-1)).toEqual({ op: 'subscribe', channel: 'user' });
  });

  it('refetches after every reconnect (once subscribed again), not after the first connect', () => {
    const { heard, fake } = listen({ channel: 'tickers' });
    fake.open();
    fake.frame({ type: 'subscribed', channel: 'tickers', seq: 0 });
    fake.frame(ticks(1));
    expect(heard).toEqual(['ticks']);

    for (let reconnect = 1; reconnect <= 2; reconnect++) {
      fake.drop();
      fake.open();
      // Subscribed again; the refetch waits for the server's answer, so no frame falls in between.
      expect(fake.sent.at(-1)).toEqual({ op: 'subscribe', channel: 'tickers' });
      expect(heard.filter((type) => type === 'resync')).toHaveLength(reconnect - 1);
      // A new connection numbers afresh: its first frame is no gap.
      fake.frame({ type: 'subscribed', channel: 'tickers', seq: 40 * reconnect });
      expect(heard.filter((type) => type === 'resync')).toHaveLength(reconnect);
      fake.frame(ticks(40 * reconnect + 1));
      expect(heard.filter((type) => type === 'resync')).toHaveLength(reconnect);
    }
  });

  it('signs in again when its session was revoked and this tab has a new one (a password change)', () => {
    setSession({ token: 'old', user: { id: '1', email: 'a@example.com' } });
    const { heard, fake } = listen({ channel: 'user' });
    fake.open();
    fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
    setSession({ token: 'new', user: { id: '1', email: 'a@example.com' } });
    fake.sent.length = 0;
    fake.frame({ type: 'unauthed', reason: 'password_changed' });
    expect(fake.sent).toEqual([
      { op: 'auth', token: 'new' },
      { op: 'subscribe', channel: 'user' },
    ]);
    fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
    expect(heard).toEqual(['resync']);
  });

  it('makes the user’s screens refetch when the session was revoked elsewhere (they meet the 401)', () => {
    setSession({ token: 'same', user: { id: '1', email: 'a@example.com' } });
    const { heard, fake } = listen({ channel: 'user' });
    fake.open();
    fake.frame({ type: 'authed', userId: '1' });
    fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
    fake.sent.length = 0;
    fake.frame({ type: 'unauthed', reason: 'password_reset' });
    expect(fake.sent).toEqual([]);
    expect(heard).toEqual(['resync']);
  });

  it('tells the user’s screens the account is frozen, instead of a refetch, when this tab’s session is', () => {
    setSession({ token: 'same', user: { id: '1', email: 'a@example.com' } });
    const { heard, fake } = listen({ channel: 'user' });
    fake.open();
    fake.frame({ type: 'authed', userId: '1' });
    fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
    fake.frame({ type: 'unauthed', reason: 'frozen' });
    expect(heard).toEqual(['frozen']);
    // Reopened later with the frozen account's session: its sign-in is refused, for the same reason.
    fake.drop();
    fake.open();
    fake.frame({ type: 'error', reason: 'user_frozen', msg: 'Please sign in first' });
    expect(heard).toEqual(['frozen', 'frozen']);
  });

  it('refetches, not signs out, when the frozen session is no longer this tab’s', () => {
    setSession({ token: 'old', user: { id: '1', email: 'a@example.com' } });
    const { heard, fake } = listen({ channel: 'user' });
    fake.open();
    fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
    localStorage.clear();
    fake.frame({ type: 'unauthed', reason: 'frozen' });
    expect(heard).toEqual(['resync']);
  });

  it('refetches and signs in again later when its sign-in was refused for now (too many, or a server error)', () => {
    vi.useFakeTimers();
    try {
      setSession({ token: 't1', user: { id: '1', email: 'a@example.com' } });
      const { heard, fake } = listen({ channel: 'user' });
      fake.open();
      fake.sent.length = 0;
      // A reconnect storm from one address: the sign-in is refused, so is the user channel.
      fake.frame({ type: 'error', reason: 'rate_limited', msg: 'Too many requests. Try again in 30s.' });
      fake.frame({ type: 'error', reason: 'unauthorized', msg: 'Please sign in first' });
      // The user's screens refetch now (no event reaches them meanwhile)...
      expect(heard).toEqual(['resync']);
      // ...and the socket tries again later, on the same connection.
      vi.advanceTimersByTime(60_000);
      expect(fake.sent).toEqual([
        { op: 'auth', token: 't1' },
        { op: 'subscribe', channel: 'user' },
      ]);
      fake.frame({ type: 'subscribed', channel: 'user', seq: 4 });
      expect(heard).toEqual(['resync', 'resync']);
      fake.frame({ type: 'balances', seq: 5 });
      expect(heard.at(-1)).toBe('balances');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refetches the user’s screens once idle after the first subscription: a notice sent before it was missed', () => {
    vi.useFakeTimers();
    try {
      setSession({ token: 't1', user: { id: '1', email: 'a@example.com' } });
      const { heard, fake } = listen({ channel: 'user' });
      const tickers = listen({ channel: 'tickers' });
      fake.open();
      tickers.fake.open();
      // The screen's first GET went out before this; a balance change's notice sent in between never
      // reached this connection.
      fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
      tickers.fake.frame({ type: 'subscribed', channel: 'tickers', seq: 0 });
      fake.frame({ type: 'balances', seq: 1 });
      // Not in the page's first busy moments...
      expect(heard).toEqual(['balances']);
      vi.advanceTimersByTime(2_000);
      // ...but once it is idle; the tickers' next frame brings their own screen up to date.
      expect(heard).toEqual(['balances', 'resync']);
      expect(tickers.heard).toEqual([]);
      // Once: later frames in sequence refetch nothing more.
      fake.frame({ type: 'balances', seq: 2 });
      vi.advanceTimersByTime(2_000);
      expect(heard).toEqual(['balances', 'resync', 'balances']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refetches nothing for a user channel nobody listens to any more by the time the page is idle', () => {
    vi.useFakeTimers();
    try {
      setSession({ token: 't1', user: { id: '1', email: 'a@example.com' } });
      const socket = new MarketSocket();
      const heard: string[] = [];
      const stop = socket.subscribe({ channel: 'user' }, (message) => heard.push(message.type));
      const fake = FakeSocket.last!;
      fake.open();
      fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
      stop();
      vi.advanceTimersByTime(2_000);
      expect(heard).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the server’s time on every connection: countdowns follow the server’s clock, not the device’s', () => {
    const { fake } = listen({ channel: 'tickers' });
    fake.open();
    expect(fake.pings).toBe(1);
    // The device's clock is 8 s behind the server's (the answer came back at once).
    const serverTime = Date.now() + 8_000;
    fake.frame({ type: 'pong', time: serverTime });
    expect(Math.abs(serverNow() - (Date.now() + 8_000))).toBeLessThan(1_000);
    fake.open(); // a reconnect asks again
    expect(fake.pings).toBe(2);
  });
});
