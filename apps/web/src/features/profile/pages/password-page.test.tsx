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

describe('change password page', () => {
  it('needs the current and the new password', async () => {
    const user = userEvent.setup();
    renderApp('/pages/user/password/index', { signedIn: true });
    await fillAndPress(user, 'Change password');
    expect(errorUnder('Current password')).toBe('Please enter your current password');
    expect(errorUnder('New password')).toBe('Please enter a new password');
  });

  it('checks the rule and the repeat', async () => {
    const user = userEvent.setup();
    renderApp('/pages/user/password/index', { signedIn: true });
    await fillAndPress(user, 'Change password', {
      'Current password': 'old-pass1',
      'New password': 'onlyletters',
      'Repeat new password': 'different1',
    });
    expect(errorUnder('New password')).toBe('Password must be 8–32 chars with letters and numbers');
    expect(errorUnder('Repeat new password')).toBe('Passwords do not match');
    // Fixing the repeat clears its message as the person types.
    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), 'onlyletters');
    expect(errorUnder('Repeat new password')).toBe('');
  });

  it('says it in Chinese', async () => {
    act(() => setLanguage('zh-CN'));
    const user = userEvent.setup();
    renderApp('/pages/user/password/index', { signedIn: true });
    await fillAndPress(user, '修改密码');
    expect(errorUnder('当前密码')).toBe('请输入当前密码');
    expect(errorUnder('新密码')).toBe('请输入新密码');
    await fillAndPress(user, '修改密码', { 新密码: 'abc', 确认新密码: 'abd' });
    expect(errorUnder('新密码')).toBe('密码需为 8–32 位，且包含字母和数字');
    expect(errorUnder('确认新密码')).toBe('两次输入的密码不一致');
  });

  it('changes the password and keeps the new session', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue(
      envelope({
        token: 'tok-new',
        user: {
          id: 'u1',
          email: 'ann@example.com',
          inviteCode: 'A',
          language: 'en-US',
          status: 'active',
          createdAt: '',
        },
      }) as never,
    );
    const user = userEvent.setup();
    renderApp('/pages/user/password/index', { signedIn: true });
    await fillAndPress(user, 'Change password', {
      'Current password': 'oldpass12',
      'New password': 'newpass34',
      'Repeat new password': 'newpass34',
    });
    await waitFor(() => expect(getSession()?.token).toBe('tok-new'));
    expect(post).toHaveBeenCalledWith(
      '/api/app/user/password',
      { oldPassword: 'oldpass12', newPassword: 'newpass34' },
      // Silent: the page says what went wrong under the field (or once as a toast).
      { silent: true },
    );
  });
});
