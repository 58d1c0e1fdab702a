import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp } from '@/app/test-utils';
import { errorUnder, fillAndPress } from '@/components/form/test-helpers';
import { http } from '@/lib/http';
import { ApiError } from '@/lib/http';
import { setLanguage } from '@/lib/i18n';
import { getSession } from '@/lib/session';

/** The success body the client resolves with (spec §8: the whole body). */
const envelope = (data: unknown) => ({ code: 0, data });

beforeEach(() => {
  vi.restoreAllMocks();
});

const session = {
  token: 'tok-1',
  user: {
    id: 'u9',
    email: 'bo@example.com',
    inviteCode: 'BO1',
    language: 'en-US',
    status: 'active',
    createdAt: '2025-01-01T00:00:00Z',
  },
};

describe('login page', () => {
  it('says what is missing under the fields, once (no toast repeats it)', async () => {
    const shown = vi.spyOn(Toast, 'show');
    const user = userEvent.setup();
    renderApp('/pages/login/index');
    await fillAndPress(user, 'Sign in');
    expect(errorUnder('Email')).toBe('Please enter your email');
    expect(errorUnder('Password')).toBe('Please enter your password');
    expect(screen.getAllByText('Please enter your email')).toHaveLength(1);
    expect(shown).not.toHaveBeenCalled();
  });

  it('checks the email format', async () => {
    const user = userEvent.setup();
    renderApp('/pages/login/index');
    await fillAndPress(user, 'Sign in', { Email: 'not-an-email' });
    expect(errorUnder('Email')).toBe('Please enter a valid email address.');
  });

  it('says it in Chinese', async () => {
    act(() => setLanguage('zh-CN'));
    const user = userEvent.setup();
    renderApp('/pages/login/index');
    await fillAndPress(user, '登录');
    expect(errorUnder('邮箱')).toBe('请输入邮箱');
    expect(errorUnder('密码')).toBe('请输入密码');
    await fillAndPress(user, '登录', { 邮箱: 'x@' });
    expect(errorUnder('邮箱')).toBe('请输入有效的邮箱地址。');
  });

  it('signs in and returns to the page that asked for it', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue(envelope(session) as never);
    const user = userEvent.setup();
    const { router } = renderApp('/pages/login/index?redirect=%2Fpages%2Fuser%2Flang');
    await fillAndPress(user, 'Sign in', { Email: 'Bo@Example.com', Password: 'secret123' });
    await screen.findByRole('heading', { level: 1, name: 'Language' });
    expect(post).toHaveBeenCalledWith(
      '/api/app/auth/login',
      { email: 'Bo@Example.com', password: 'secret123' },
      expect.objectContaining({ skipAuthRedirect: true }),
    );
    expect(getSession()).toEqual({ token: 'tok-1', user: { id: 'u9', email: 'bo@example.com' } });
    expect(currentPath(router)).toBe('/pages/user/lang');
  });

  it('never follows a redirect to another site', async () => {
    vi.spyOn(http, 'post').mockResolvedValue(envelope(session) as never);
    const user = userEvent.setup();
    const { router } = renderApp('/pages/login/index?redirect=%2F%2Fevil.example');
    await fillAndPress(user, 'Sign in', { Email: 'bo@example.com', Password: 'secret123' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("puts the server's field messages under the fields, and only there", async () => {
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError('Please enter a valid email address.', {
        code: 400,
        kind: 'envelope',
        status: 400,
        reason: 'validation',
        body: { code: 400, data: { fields: { email: 'Please enter a valid email address.' } } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/pages/login/index');
    await fillAndPress(user, 'Sign in', { Email: 'a@b.co', Password: 'x' });
    await waitFor(() => expect(errorUnder('Email')).toBe('Please enter a valid email address.'));
    expect(screen.getAllByText('Please enter a valid email address.')).toHaveLength(1);
  });

  it('toasts a refusal that belongs to no field (wrong password), once', async () => {
    vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError('Incorrect email or password', {
        code: 401,
        kind: 'envelope',
        status: 401,
        reason: 'invalid_credentials',
      }),
    );
    const user = userEvent.setup();
    renderApp('/pages/login/index');
    await fillAndPress(user, 'Sign in', { Email: 'a@b.co', Password: 'wrong-password1' });
    await waitFor(() => expect(screen.getAllByText('Incorrect email or password')).toHaveLength(1));
  });

  it('explains a forced sign-out', async () => {
    renderApp('/pages/login/index?from=force');
    expect((await screen.findByTestId('forced-logout')).textContent).toContain(
      'You have been signed out because your account was frozen.',
    );
  });

  it('links to register and forgot password', async () => {
    renderApp('/pages/login/index');
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/pages/register/index',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/pages/forget/forget',
    );
  });
});
