import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderApp } from './test-utils';

describe('tab bar', () => {
  it('has Home and Profile, and is retitled when the language changes', async () => {
    renderApp('/');
    const bar = await screen.findByTestId('tab-bar');
    expect(within(bar).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(bar).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/pages/user/index');

    // (The Chinese catalog may still be loading: the titles change once it is in.)
    act(() => setLanguage('zh-CN'));
    expect(await within(bar).findByRole('link', { name: '首页' })).toBeTruthy();
    expect(within(bar).getByRole('link', { name: '我的' })).toBeTruthy();
    expect(localStorage.getItem('app.lang')).toBe('zh-CN');

    act(() => setLanguage('en-US'));
    expect(await within(bar).findByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('marks the current tab', async () => {
    renderApp('/pages/user/index');
    const bar = await screen.findByTestId('tab-bar');
    expect(within(bar).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});
