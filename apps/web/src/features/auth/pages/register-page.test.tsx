import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/app/test-utils';
import { errorUnder, fillAndPress } from '@/components/form/test-helpers';
import { http } from '@/lib/http';
import { setLanguage } from '@/lib/i18n';
import { getSession } from '@/lib/session';

/** The success body the client resolves with (spec §8: the whole body). */
const envelope = (data: unknown) => ({ code: 0, data });

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('register page', () => {
  it('fills the invite code from ?code=', async () => {
    renderApp('/pages/register/index?code=FRIEND42');
    expect(((await screen.findByLabelText(/Invite code/)) as HTMLInputElement).value).toBe('FRIEND42');
  });

  it('has an empty, optional invite code without ?code=', async () => {
    renderApp('/pages/register/index');
    expect(((await screen.findByLabelText(/Invite code/)) as HTMLInputElement).value).toBe('');
  });

  it('says what is missing', async () => {
    const user = userEvent.setup();
    renderApp('/pages/register/index');
    await fillAndPress(user, 'Create account');
    expect(errorUnder('Email')).toBe('Please enter your email');
    expect(errorUnder('Verification code')).toBe('Please enter the verification code');
    expect(errorUnder('Password')).toBe('Please enter your password');
    expect(errorUnder('Repeat password')).toBe('Please repeat the new password');
    expect(errorUnder(/Invite code/)).toBe('');
  });

  it('checks the email, the code, the password rule and the repeat', async () => {
    const user = userEvent.setup();
    renderApp('/pages/register/index');
    await fillAndPress(user, 'Create account', {
      Email: 'ann@',
      'Verification code': '12',
      Password: 'letters',
      'Repeat password': 'letterz',
    });
    expect(errorUnder('Email')).toBe('Please enter a valid email address.');
    expect(errorUnder('Verification code')).toBe('The verification code is 6 digits');
    expect(errorUnder('Password')).toBe('Password must be 8–32 chars with letters and numbers');
    expect(errorUnder('Repeat password')).toBe('Passwords do not match');
  });

  it('says it in Chinese', async () => {
    act(() => setLanguage('zh-CN'));
    const user = userEvent.setup();
    renderApp('/pages/register/index');
    await fillAndPress(user, '注册');
    expect(errorUnder('邮箱')).toBe('请输入邮箱');
    expect(errorUnder('验证码')).toBe('请输入验证码');
    expect(errorUnder('密码')).toBe('请输入密码');
    expect(errorUnder('确认密码')).toBe('请再次输入新密码');
    await fillAndPress(user, '注册', { 密码: 'short1', 确认密码: 'short2' });
    expect(errorUnder('密码')).toBe('密码需为 8–32 位，且包含字母和数字');
    expect(errorUnder('确认密码')).toBe('两次输入的密码不一致');
  });

  it('checks the email before sending a code', async () => {
    const post = vi.spyOn(http, 'post');
    const user = userEvent.setup();
    renderApp('/pages/register/index');
    await fillAndPress(user, 'Send code');
    expect(errorUnder('Email')).toBe('Please enter your email');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends a code and waits 60 s before the next', async () => {
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue(envelope({ resendAfter: 60, expiresIn: 600 }) as never);
    const user = userEvent.setup();
    renderApp('/pages/register/index');
    await fillAndPress(user, 'Send code', { Email: 'ann@example.com' });
    expect(post).toHaveBeenCalledWith(
      '/api/app/auth/code',
      { email: 'ann@example.com', scene: 'register' },
      expect.anything(),
    );
    const button = await screen.findByRole('button', { name: /Resend in (60|59)s/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('honours a longer resendAfter from the server', async () => {
    vi.spyOn(http, 'post').mockResolvedValue(envelope({ resendAfter: 90, expiresIn: 600 }) as never);
    const user = userEvent.setup();
    renderApp('/pages/register/index');
    await fillAndPress(user, 'Send code', { Email: 'ann@example.com' });
    expect(await screen.findByRole('button', { name: /Resend in (90|89)s/ })).toBeTruthy();
  });

  it('registers with the invite code and signs in', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue(
      envelope({
        token: 'tok-r',
        user: {
          id: 'u5',
          email: 'ann@example.com',
          inviteCode: 'NEW',
          language: 'en-US',
          status: 'active',
          createdAt: '',
        },
      }) as never,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/pages/register/index?code=FRIEND42');
    await fillAndPress(user, 'Create account', {
      Email: 'ann@example.com',
      'Verification code': '123456',
      Password: 'abcd1234',
      'Repeat password': 'abcd1234',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(post).toHaveBeenCalledWith(
      '/api/app/auth/register',
      { email: 'ann@example.com', code: '123456', password: 'abcd1234', inviteCode: 'FRIEND42' },
      expect.anything(),
    );
    expect(getSession()?.token).toBe('tok-r');
  });
});
