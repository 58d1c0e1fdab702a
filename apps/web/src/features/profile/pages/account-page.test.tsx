import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testMe } from '@/app/test-utils';
import { http } from '@/lib/http';
import { getSession } from '@/lib/session';

/** The success body the client resolves with (spec §8: the whole body). */
const envelope = (data: unknown) => ({ code: 0, data });

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(http, 'get').mockResolvedValue(envelope(testMe) as never);
});

describe('profile and account', () => {
  it('shows the signed-in email and invite code on Profile', async () => {
    renderApp('/pages/user/index', { signedIn: true });
    expect((await screen.findByTestId('profile-email')).textContent).toBe('ann@example.com');
    await waitFor(() => expect(screen.getByTestId('profile-invite-code').textContent).toBe('ANN123'));
    expect(screen.getByRole('link', { name: /Language/ }).textContent).toContain('English');
  });

  it('asks a visitor to sign in on Profile', async () => {
    renderApp('/pages/user/index');
    const guest = await screen.findByTestId('profile-guest');
    expect(within(guest).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/pages/login/index?redirect=%2Fpages%2Fuser%2Findex',
    );
  });

  it('shows email and invite code, and links to Change password', async () => {
    renderApp('/pages/user/account/index', { signedIn: true });
    expect((await screen.findByTestId('account-email')).textContent).toBe('ann@example.com');
    await waitFor(() => expect(screen.getByTestId('account-invite-code').textContent).toContain('ANN123'));
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe(
      '/pages/user/password/index',
    );
  });

  it('signs out after a confirm: revokes the token, clears the session, goes Home', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue(envelope(undefined) as never);
    // The confirm sheet rises with an animation; a person taps it once it shows.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { router } = renderApp('/pages/user/account/index', { signedIn: true });
    await user.click(await screen.findByTestId('sign-out'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign out of this device?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(post).toHaveBeenCalledWith(
      '/api/app/auth/logout',
      undefined,
      expect.objectContaining({ silent: true }),
    );
    expect(getSession()).toBeNull();
  });

  it('stays signed in when the confirm is cancelled', async () => {
    const post = vi.spyOn(http, 'post');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/pages/user/account/index', { signedIn: true });
    await user.click(await screen.findByTestId('sign-out'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();
    expect(getSession()?.token).toBe('test-token');
  });
});
