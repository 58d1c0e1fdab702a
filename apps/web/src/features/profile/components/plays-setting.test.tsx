import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayFeedSettings } from '@tradeflip/api';
import { envelope, signIn } from '@/app/test-utils';
import { http } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { PlaysSetting } from './plays-setting';

let stored: PlayFeedSettings;

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(http, 'get').mockImplementation((() => Promise.resolve(envelope(stored))) as never);
  vi.spyOn(http, 'put').mockImplementation(((_url: string, body: PlayFeedSettings) => {
    stored = body;
    return Promise.resolve(envelope(body));
  }) as never);
});

function renderSetting() {
  signIn();
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <PlaysSetting />
    </QueryClientProvider>,
  );
}

describe('<PlaysSetting />', () => {
  it('while the plays are hidden, "Show my amounts" waits, says why, and keeps its choice', async () => {
    stored = { hidden: true, showAmounts: true };
    const user = userEvent.setup();
    renderSetting();
    const amounts = await screen.findByTestId('plays-showAmounts');
    expect(amounts).toHaveProperty('disabled', true);
    expect(amounts.getAttribute('aria-checked')).toBe('true');
    expect(amounts.textContent).toContain('Not available while your plays are hidden. Your choice is kept.');

    await user.click(amounts);
    expect(http.put).not.toHaveBeenCalled();

    // Shown again: the amounts as they were chosen, and the switch theirs to turn again.
    await user.click(screen.getByTestId('plays-hidden'));
    expect(http.put).toHaveBeenCalledWith(
      '/api/app/plays/settings',
      { hidden: false, showAmounts: true },
      expect.anything(),
    );
    await waitFor(() => expect(screen.getByTestId('plays-showAmounts')).toHaveProperty('disabled', false));
    expect(screen.getByTestId('plays-showAmounts').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('plays-showAmounts').textContent).toContain(
      'Others see your stake and result beside your masked name.',
    );
  });

  it('says why in Chinese', async () => {
    stored = { hidden: true, showAmounts: false };
    await i18n.changeLanguage('zh-CN');
    renderSetting();
    const amounts = await screen.findByTestId('plays-showAmounts');
    expect(amounts).toHaveProperty('disabled', true);
    expect(amounts.textContent).toContain('隐藏动态期间不可用，你的选择会保留。');
  });

  it('with the plays shown, "Show my amounts" turns on', async () => {
    stored = { hidden: false, showAmounts: false };
    const user = userEvent.setup();
    renderSetting();
    await user.click(await screen.findByTestId('plays-showAmounts'));
    await waitFor(() =>
      expect(screen.getByTestId('plays-showAmounts').getAttribute('aria-checked')).toBe('true'),
    );
    expect(stored).toEqual({ hidden: false, showAmounts: true });
  });
});
