import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/app/test-utils';
import { errorUnder, fillAndPress } from '@/components/form/test-helpers';
import { http } from '@/lib/http';
import { setLanguage } from '@/lib/i18n';

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('forgot password page', () => {
  it('needs the email, the code and a new password', async () => {
    const user = userEvent.setup();
    renderApp('/pages/forget/forget');
    await fillAndPress(user, 'Reset password');
    expect(errorUnder('Email')).toBe('Please enter your email');
    expect(errorUnder('Verification code')).toBe('Please enter the verification code');
    expect(errorUnder('New password')).toBe('Please enter a new password');
    await fillAndPress(user, 'Reset password', { Email: 'nope', 'New password': '12345678' });
    expect(errorUnder('Email')).toBe('Please enter a valid email address.');
    expect(errorUnder('New password')).toBe('Password must be 8–32 chars with letters and numbers');
  });

  it('says it in Chinese', async () => {
    act(() => setLanguage('zh-CN'));
    const user = userEvent.setup();
    renderApp('/pages/forget/forget');
    await fillAndPress(user, '重置密码');
    expect(errorUnder('邮箱')).toBe('请输入邮箱');
    expect(errorUnder('验证码')).toBe('请输入验证码');
    expect(errorUnder('新密码')).toBe('请输入新密码');
  });

  it('asks for a forgot-scene code, resets and goes to sign-in', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ resendAfter: 60, expiresIn: 600 } as never);
    const user = userEvent.setup();
    const { router } = renderApp('/pages/forget/forget');
    await fillAndPress(user, 'Send code', { Email: 'ann@example.com' });
    expect(post).toHaveBeenCalledWith(
      '/api/app/auth/code',
      { email: 'ann@example.com', scene: 'forgot' },
      expect.anything(),
    );
    post.mockResolvedValue({} as never);
    await fillAndPress(user, 'Reset password', {
      'Verification code': '654321',
      'New password': 'newpass99',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/index'));
    expect(post).toHaveBeenLastCalledWith(
      '/api/app/auth/forgot',
      { email: 'ann@example.com', code: '654321', password: 'newpass99' },
      expect.anything(),
    );
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('ann@example.com');
  });
});
