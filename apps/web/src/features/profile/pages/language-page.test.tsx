import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/app/test-utils';

describe('language page', () => {
  it('offers 中文 and English with a check mark on the current one, and switches', async () => {
    const user = userEvent.setup();
    renderApp('/pages/user/lang');
    const english = await screen.findByRole('radio', { name: 'English' });
    const chinese = screen.getByRole('radio', { name: '中文' });
    expect(english.getAttribute('aria-checked')).toBe('true');
    expect(chinese.getAttribute('aria-checked')).toBe('false');

    await user.click(chinese);
    expect(await screen.findByRole('heading', { level: 1, name: '语言' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '中文' }).getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem('app.lang')).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
