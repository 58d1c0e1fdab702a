// Renders the real route table in a memory router, inside the app's providers, and the stubs the page
// tests share (tests only).
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { UserMe } from '@tradeflip/api';
import { http, type RequestOptions } from '@/lib/http';
import { resetPrecisions } from '@/lib/precisions';
import { setSession } from '@/lib/session';
import { storageKeys } from '@/lib/storage-keys';
import { AppProviders } from './providers';
import { createQueryClient } from '@/lib/query-client';
import { routes } from './routes';

export const testUser = { id: 'u1', email: 'ann@example.com' };

/** What /api/app/user/me answers for testUser. */
export const testMe: UserMe = {
  id: testUser.id,
  email: testUser.email,
  inviteCode: 'ANN123',
  language: 'en-US',
  status: 'active',
  createdAt: '2025-01-02T03:04:05.000Z',
};

export function signIn() {
  setSession({ token: 'test-token', user: testUser });
}

export function renderApp(path: string, opts: { signedIn?: boolean } = {}) {
  if (opts.signedIn) signIn();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}

/** Where the router is now, as path + query. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>) {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

/** The success body the client resolves with (spec §8: the whole body). */
export const envelope = (data: unknown) => ({ code: 0, data });

/** What a stubbed GET answers for a URL and its options. */
export type Answer = (url: string, opts?: RequestOptions) => Promise<unknown>;

/**
 * Stubs http.get: a call resolves with what the current `answer()` gives (a test may swap it), in the
 * success envelope. The spy's calls are what the page asked for.
 */
export function stubGets(answer: () => Answer): { mock: { calls: [string, RequestOptions?][] } } {
  return vi
    .spyOn(http, 'get')
    .mockImplementation(((url: string, opts?: RequestOptions) =>
      answer()(url, opts).then(envelope)) as never);
}

/** A fresh precision map, saved as if fetched just now with these amount (and price) decimals per token. */
export function savePrecisions(amountDp: Record<string, number>, priceDp: Record<string, number> = {}) {
  resetPrecisions();
  localStorage.setItem(
    storageKeys.precisions,
    JSON.stringify({ savedAt: Date.now(), data: { price_dp: priceDp, amount_dp: amountDp } }),
  );
}

/** The text of the toast on screen ('' when none). */
export const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? '';
