import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { clearSession, getSession, getToken, setSession, subscribeSession, useSession } from './session';

const ann = { token: 't-1', user: { id: 'u1', email: 'ann@example.com' } };

describe('session', () => {
  it('writes token, user_id and email to localStorage and reads them back', () => {
    expect(getSession()).toBeNull();
    setSession(ann);
    expect(localStorage.getItem('token')).toBe('t-1');
    expect(localStorage.getItem('user_id')).toBe('u1');
    expect(localStorage.getItem('email')).toBe('ann@example.com');
    expect(getToken()).toBe('t-1');
    expect(getSession()).toEqual(ann);
  });

  it('clears all three', () => {
    setSession(ann);
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('notifies subscribers on change only', () => {
    const fn = vi.fn();
    const stop = subscribeSession(fn);
    setSession(ann);
    setSession(ann);
    clearSession();
    stop();
    setSession(ann);
    expect(fn.mock.calls).toEqual([[ann], [null]]);
  });

  it('useSession re-renders on sign-in, sign-out and another tab’s change', () => {
    function Who() {
      const session = useSession();
      return <p>{session ? session.user.email : 'guest'}</p>;
    }
    render(<Who />);
    expect(screen.getByText('guest')).toBeTruthy();
    act(() => setSession(ann));
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    act(() => clearSession());
    expect(screen.getByText('guest')).toBeTruthy();
    act(() => {
      localStorage.setItem('token', 't-2');
      localStorage.setItem('user_id', 'u2');
      localStorage.setItem('email', 'bob@example.com');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(screen.getByText('bob@example.com')).toBeTruthy();
  });
});
