// A forced logout only for the session this tab holds (found by the red team reviewing the `frozen` notice): the server answers a
// socket's messages in order, so an `unauthed` notice that arrives after this tab sent `auth` with a new
// session but before that sign-in's `authed` is about the session the socket held before: it must not
// sign the new session out.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from './market-socket';

vi.mock('./reconnecting-socket', async () => ({
  ReconnectingSocket: (await import('./test-socket')).FakeSocket,
}));

const { FakeSocket } = await import('./test-socket');
const { MarketSocket } = await import('./market-socket');
const { setSession, clearSession } = await import('@/lib/session');

/**
 * Alice signed in on the socket; her session ends in this tab without a revocation (it expired: the
 * HTTP side's 401); Bob signs in in the same tab and the shell subscribes to the user channel again.
 */
function aliceThenBob() {
  const socket = new MarketSocket();
  const heard: LiveMessage['type'][] = [];
  setSession({ token: 'alice', user: { id: '1', email: 'a@example.com' } });
  const stop = socket.subscribe({ channel: 'user' }, (message) => heard.push(message.type));
  const fake = FakeSocket.last!;
  fake.open();
  fake.frame({ type: 'authed', userId: '1' });
  fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
  clearSession();
  stop();
  setSession({ token: 'bob', user: { id: '2', email: 'b@example.com' } });
  socket.subscribe({ channel: 'user' }, (message) => heard.push(message.type));
  return { fake, heard };
}

describe('the market socket after a re-login in the same tab', () => {
  beforeEach(() => localStorage.clear());

  it('does not tell the new session’s screens `frozen` for the old session’s revocation notice', () => {
    const { fake, heard } = aliceThenBob();
    expect(fake.sent.slice(-2)).toEqual([
      { op: 'auth', token: 'bob' },
      { op: 'subscribe', channel: 'user' },
    ]);
    // An operator freezes Alice while Bob's sign-in is on its way: the socket, still Alice's on the
    // server, is told so before Bob's `authed`.
    fake.frame({ type: 'unauthed', reason: 'frozen' });
    fake.frame({ type: 'authed', userId: '2' });
    fake.frame({ type: 'subscribed', channel: 'user', seq: 0 });
    expect(heard).not.toContain('frozen');
  });

  it('does not sign the new session out when its sign-in was refused for now and the old one is frozen later', () => {
    const { fake, heard } = aliceThenBob();
    // Bob's sign-in is refused for now (too many from this address), then a `frozen` notice arrives
    // (the server signs a refused socket out, modules/account/live-sessions.test.ts; this side must not
    // count on it).
    fake.frame({ type: 'error', reason: 'rate_limited', msg: 'Too many requests. Try again in 30s.' });
    fake.frame({ type: 'unauthed', reason: 'frozen' });
    expect(heard).not.toContain('frozen');
  });
});
