// A socket's sign-in ends with its session (found by the red team's review of the explicit socket
// session): a socket signed in as one user whose next `auth` is refused (a garbage token, another
// user's frozen account) is no longer signed in as the first user: it sent that `auth` to become
// someone else, so a `subscribe` to the user channel right after must not join the first user's. And
// a session that expires while its socket is open (expiry sends no revocation) stops its events.
import { afterEach, expect, it } from 'vitest';
import { toLanguage, translate } from '@tradeflip/i18n';
import { credit } from '../../test/accounts';
import { listenForSockets, Listener } from '../../test/socket-listener';
import { adminCall, call, describeEachDatabase, registerUser, TestClock } from '../../test/harness';

describeEachDatabase('a socket’s sign-in ends with its session', (db) => {
  const open: Listener[] = [];
  afterEach(() => {
    for (const listener of open.splice(0)) listener.socket.close();
  });

  it.each([
    ['a garbage token', async () => 'not-a-session', 'unauthorized', 'errors.unauthorized'],
    [
      'a frozen account’s token',
      async (t: Parameters<typeof registerUser>[0]) => {
        const other = await registerUser(t);
        await adminCall(t.app, 'POST', '/api/admin/users/freeze', { body: { email: other.email } });
        return other.token;
      },
      // In the HTTP side's words for it (not "Please sign in first").
      'user_frozen',
      'errors.accountFrozen',
    ],
  ] as const)(
    'does not leave the socket on the previous user’s channel after %s',
    async (_name, tokenOf, reason, key) => {
      const t = await db.app({ clock: new TestClock(Date.parse('2030-01-01T00:00:00Z')) });
      const url = await listenForSockets(t.app);
      const alice = await registerUser(t);
      const token = await tokenOf(t);
      const screen = await Listener.open(url);
      const witness = await Listener.open(url); // Alice's other tab: hears her balances move
      open.push(screen, witness);
      await witness.joinUserChannel(alice.token);
      screen.send({ op: 'auth', token: alice.token });
      await screen.next((m) => m.type === 'authed');
      // The tab now holds another session and signs in with it, then asks for "its" user channel.
      screen.send({ op: 'auth', token });
      expect(await screen.next((m) => m.type === 'error' || m.type === 'authed')).toMatchObject({
        type: 'error',
        reason,
        msg: translate(toLanguage(undefined), key),
      });
      screen.send({ op: 'subscribe', channel: 'user' });
      // Refused (sign in first), not `subscribed` to Alice's channel.
      expect(await screen.next((m) => m.type === 'error' || m.type === 'subscribed')).toMatchObject({
        type: 'error',
        reason: 'unauthorized',
      });
      await credit(t, alice.email, '1');
      await witness.next((m) => m.type === 'balances');
      // Frames reach a socket in order: once its pong is in, a balances frame would be too.
      screen.send({ op: 'ping' });
      await screen.next((m) => m.type === 'pong');
      expect(screen.messages.filter((m) => m.type === 'balances')).toEqual([]);
    },
  );

  it('stops a socket’s user channel once its session has expired (as the HTTP side answers 401)', async () => {
    const clock = new TestClock(Date.parse('2030-01-01T00:00:00Z'));
    const t = await db.app({ clock });
    const url = await listenForSockets(t.app);
    const alice = await registerUser(t);
    const screen = await Listener.open(url);
    open.push(screen);
    await screen.joinUserChannel(alice.token);
    clock.advance(31 * 86_400);
    expect((await call(t.app, 'GET', '/api/app/user/me', { token: alice.token })).status).toBe(401);
    await credit(t, alice.email, '1');
    // Told its session expired, as the balances moved, and not told they moved.
    expect(await screen.next((m) => m.type === 'unauthed')).toEqual({ type: 'unauthed', reason: 'expired' });
    screen.send({ op: 'ping' });
    await screen.next((m) => m.type === 'pong');
    expect(screen.messages.filter((m) => m.type === 'balances')).toEqual([]);
  });
});
