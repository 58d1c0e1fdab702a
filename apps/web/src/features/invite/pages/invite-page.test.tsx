import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InviteSummary } from '@tradeflip/api';
import { renderApp, stubGets } from '@/app/test-utils';
import { setLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';

const summary: InviteSummary = {
  inviteCode: 'ABC123',
  invitePath: '/pages/register/index?code=ABC123',
  friends: 2,
  rewards: [{ token: 'USDT', amount: '1.25', ownPlays: '0.2', friendsPlays: '1.05' }],
  rules: [
    { kind: 'bet', level: 'self', rate: '0.001' },
    { kind: 'profit', level: 'self', rate: '0' },
    { kind: 'loss', level: 'self', rate: '0' },
    { kind: 'bet', level: 'upline', rate: '0.002' },
    { kind: 'profit', level: 'upline', rate: '0' },
    { kind: 'loss', level: 'upline', rate: '0.01' },
  ],
};
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, pageSize: 20 });

function stubInvite(rules = summary.rules) {
  return stubGets(() => async (url) => {
    if (url.endsWith('/invite/summary')) return { ...summary, rules };
    if (url.endsWith('/invite/friends'))
      return page([
        {
          nickname: 'ab***@mail.com',
          registeredAt: '2026-11-20T10:00:00Z',
          rewards: [{ token: 'USDT', amount: '1.05' }],
        },
        { nickname: 'cd***@mail.com', registeredAt: '2026-11-21T10:00:00Z', rewards: [] },
      ]);
    if (url.endsWith('/invite/rewards'))
      return page([
        {
          id: '9',
          level: 'upline',
          kind: 'loss',
          game: 'flip',
          friend: 'ab***@mail.com',
          token: 'USDT',
          amount: '1',
          createdAt: '2026-11-21T11:00:00Z',
        },
      ]);
    return {};
  });
}

describe('<InvitePage />', () => {
  it('shows the code, the link on this origin, the totals, the friends and the rules from the rates', async () => {
    setLanguage('en-US');
    stubInvite();
    renderApp(paths.invite, { signedIn: true });
    expect(await screen.findByTestId('invite-code')).toHaveProperty('textContent', 'ABC123');
    expect(screen.getByTestId('invite-link').textContent).toBe(
      `${window.location.origin}/pages/register/index?code=ABC123`,
    );
    expect(screen.getByTestId('invite-friends-total').textContent).toBe('2');
    expect(screen.getByTestId('invite-reward-total-USDT').textContent).toBe('1.25 USDT');
    // Its two parts: a player's own plays earn too, without any friend.
    expect(screen.getByTestId('invite-reward-split-USDT').textContent).toBe('Your plays 0.2 · friends 1.05');
    const rules = screen.getByTestId('invite-rules');
    expect(
      within(rules).getByText(
        'On your own plays you receive 0.1% of each bet (a flip’s stake, a position’s margin).',
      ),
    ).toBeTruthy();
    expect(
      within(rules).getByText(
        'On each play of a friend you invited, you receive 0.2% of each bet (a flip’s stake, a position’s margin) and 1% of the loss.',
      ),
    ).toBeTruthy();
    const friends = await screen.findAllByTestId('invite-friend');
    expect(friends.map((row) => within(row).getByTestId('invite-friend-reward').textContent)).toEqual([
      '1.05 USDT',
      '0 USDT',
    ]);
    await userEvent.click(screen.getByTestId('invite-tab-rewards'));
    expect((await screen.findByTestId('invite-reward')).textContent).toContain('ab***@mail.com’s flip loss');
  });

  it('says rewards are paused when every rate is 0, in Chinese', async () => {
    setLanguage('zh-CN');
    stubInvite(summary.rules.map((rule) => ({ ...rule, rate: '0' })));
    renderApp(paths.invite, { signedIn: true });
    expect(await screen.findByText('奖励暂停发放。')).toBeTruthy();
    // English again after the page has gone (the shared afterEach): switched while it is on screen,
    // it would re-render outside act().
  });
});
