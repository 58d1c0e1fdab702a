// The signed-in user's live channel is one subscription held by the shell (issue 17): it does not
// come and go with the pages, a `balances` frame refetches the balances on whichever page is open,
// and a page that never asked for it (Profile) keeps it. A reconnect refetches (CONVENTIONS 20); a
// frozen account's revocation notice signs the app out as a 401 user_frozen does, without a refetch.
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { setLanguage } from '@/lib/i18n';
import { currentPath, renderApp, testMe, testUser } from './test-utils';

vi.mock('@/lib/live/reconnecting-socket', async () => ({
  ReconnectingSocket: (await import('@/lib/live/test-socket')).FakeSocket,
}));

const { FakeSocket } = await import('@/lib/live/test-socket');

const FORCED = 'You have been signed out because your account was frozen.';

let get: { mock: { calls: unknown[][] } };
beforeEach(() => {
  // What the previous test's page sent.
  if (FakeSocket.last) FakeSocket.last.sent.length = 0;
  vi.restoreAllMocks();
  localStorage.clear();
  setLanguage('en-US');
  get = vi.spyOn(http, 'get').mockImplementation(((url: string) => {
    if (url === '/api/app/asset/balances') return Promise.resolve({ list: [] });
    if (url === '/api/app/asset/overview')
      return Promise.resolve({
        totalUsdt: '0',
        availableUsdt: '0',
        frozenUsdt: '0',
        pricedAt: '2026-11-21T10:00:00.000Z',
        positions: [],
        flips: [],
      });
    if (url === '/api/app/user/me') return Promise.resolve(testMe);
    return Promise.reject(new Error(`unexpected ${url}`));
  }) as never);
});

const calls = (url: string) => get.mock.calls.filter((call) => call[0] === url).length;
const userOps = (socket: InstanceType<typeof FakeSocket>) =>
  socket.sent.filter((m) => m.channel === 'user').map((m) => m.op);

/**
 * The shell's socket, open, with the user channel subscribed. The socket is the app's one (a module
 * singleton), so a later test finds it open already and subscribed again by the shell.
 */
async function userChannel() {
  // The shell opens the socket once its lazy part has loaded (later than the page on a busy machine).
  await waitFor(() => expect(FakeSocket.last).toBeDefined());
  const socket = FakeSocket.last!;
  if (socket.readyState !== socket.OPEN) act(() => socket.open());
  else await waitFor(() => expect(userOps(socket)).toEqual(['subscribe']));
  // The server answers the shell's sign-in, then its subscription.
  act(() => socket.frame({ type: 'authed', userId: testUser.id }));
  act(() => socket.frame({ type: 'subscribed', channel: 'user', seq: 1 }));
  return socket;
}

it('keeps one user-channel subscription across pages and refetches balances on its frames', async () => {
  const { router } = renderApp('/pages/asset/total', { signedIn: true });
  await screen.findByText('Total assets');
  const socket = await userChannel();
  expect(userOps(socket)).toEqual(['subscribe']);

  await waitFor(() => expect(calls('/api/app/asset/balances')).toBeGreaterThan(0));
  const before = calls('/api/app/asset/balances');
  act(() => socket.frame({ type: 'balances', seq: 2 }));
  await waitFor(() => expect(calls('/api/app/asset/balances')).toBeGreaterThan(before));

  // Profile never subscribed itself: the shell's subscription stays, neither dropped nor taken again.
  await act(() => router.navigate('/pages/user/index'));
  await waitFor(() => expect(calls('/api/app/user/me')).toBeGreaterThan(0));
  expect(userOps(socket)).toEqual(['subscribe']);
});

it('refetches the balances after a reconnect, once the user channel is subscribed again', async () => {
  renderApp('/pages/asset/total', { signedIn: true });
  await screen.findByText('Total assets');
  const socket = await userChannel();
  await waitFor(() => expect(calls('/api/app/asset/balances')).toBeGreaterThan(0));
  const before = calls('/api/app/asset/balances');

  act(() => socket.open());
  expect(socket.sent.slice(-2)).toEqual([
    { op: 'auth', token: 'test-token' },
    { op: 'subscribe', channel: 'user' },
  ]);
  expect(calls('/api/app/asset/balances')).toBe(before);
  act(() => socket.frame({ type: 'subscribed', channel: 'user', seq: 7 }));
  await waitFor(() => expect(calls('/api/app/asset/balances')).toBeGreaterThan(before));
});

it('signs a frozen account out at once, to sign-in with from=force, instead of refetching', async () => {
  const { router } = renderApp('/pages/asset/total', { signedIn: true });
  await screen.findByText('Total assets');
  const socket = await userChannel();
  await waitFor(() => expect(calls('/api/app/asset/balances')).toBeGreaterThan(0));
  const before = calls('/api/app/asset/balances');

  act(() => socket.frame({ type: 'unauthed', reason: 'frozen' }));
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('user_id')).toBeNull();
  expect(localStorage.getItem('email')).toBeNull();
  expect(await screen.findByText(FORCED)).toBeTruthy();
  await waitFor(() => expect(currentPath(router)).toBe('/pages/login/index?from=force'));
  expect((await screen.findByTestId('forced-logout')).textContent).toContain(FORCED);
  // The notice won: no refetch went out to meet a 401.
  expect(calls('/api/app/asset/balances')).toBe(before);
  expect(userOps(socket)).toEqual(['subscribe', 'unsubscribe']);
});

it('refetches, keeping the session, when a revocation may be answered by a new session (a password change)', async () => {
  const { router } = renderApp('/pages/asset/total', { signedIn: true });
  await screen.findByText('Total assets');
  const socket = await userChannel();
  await waitFor(() => expect(calls('/api/app/asset/balances')).toBeGreaterThan(0));
  const before = calls('/api/app/asset/balances');

  act(() => socket.frame({ type: 'unauthed', reason: 'password_changed' }));
  await waitFor(() => expect(calls('/api/app/asset/balances')).toBeGreaterThan(before));
  expect(localStorage.getItem('token')).toBe('test-token');
  expect(currentPath(router)).toBe('/pages/asset/total');
});
