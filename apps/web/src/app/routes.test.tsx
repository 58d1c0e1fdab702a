import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { paths } from '@/lib/paths';
import { currentPath, renderApp, testMe } from './test-utils';

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(http, 'get').mockImplementation((url: string) =>
    url === '/api/app/user/me'
      ? Promise.resolve(testMe as never)
      : Promise.reject(new Error(`unexpected ${url}`)),
  );
});

// Every route of spec §2 and the title its page shows.
const specRoutes: [string, string][] = [
  ['/', 'TradeFlip'],
  ['/pages/index/index', 'TradeFlip'],
  ['/pages/user/index', 'Profile'],
  ['/pages/login/index', 'Sign in'],
  ['/pages/register/index', 'Create account'],
  ['/pages/forget/forget', 'Reset password'],
  ['/pages/feedback/index', 'Feedback'],
  ['/pages/asset/total', 'Total assets'],
  ['/pages/wallet/token?id=USDT', 'Asset detail'],
  ['/pages/wallet/deposit', 'Deposit'],
  ['/pages/wallet/depositList', 'Deposit records'],
  ['/pages/wallet/depositDetail?id=1', 'Deposit detail'],
  ['/pages/wallet/withdraw', 'Withdraw'],
  ['/pages/wallet/withdrawList', 'Withdrawal records'],
  ['/pages/wallet/withdrawDetail?id=1', 'Withdrawal detail'],
  ['/pages/game/detail', 'Contract game'],
  ['/pages/flip-lightning/index', 'Lightning Flip'],
  ['/pages/invite/index', 'Invite friends'],
  ['/pages/vip/index', 'VIP levels'],
  ['/pages/user/account/index', 'Account'],
  ['/pages/user/password/index', 'Change password'],
  ['/pages/user/lang', 'Language'],
];

describe('route table', () => {
  it.each(specRoutes)('%s shows its page', async (path, title) => {
    const { router } = renderApp(path, { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(currentPath(router)).toBe(path);
  });

  it('serves Home at / and /pages/index/index, with the tab bar', async () => {
    renderApp('/pages/index/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'TradeFlip' })).toBeTruthy();
    const tabs = screen.getByTestId('tab-bar');
    expect(within(tabs).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Contract game')).toBeTruthy();
    expect(screen.getByText('Lightning Flip')).toBeTruthy();
  });

  it('shows the tab bar only on the two tab pages', async () => {
    renderApp(paths.profile);
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    expect(
      within(screen.getByTestId('tab-bar'))
        .getByRole('link', { name: 'Profile' })
        .getAttribute('aria-current'),
    ).toBe('page');
    renderApp(paths.login);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getAllByTestId('tab-bar')).toHaveLength(1);
  });

  it('answers an unknown path with a friendly not-found page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});

describe('sign-in guard', () => {
  const guarded = [
    paths.account,
    paths.password,
    paths.assetTotal,
    paths.deposit,
    paths.depositList,
    paths.withdraw,
    paths.invite,
    paths.vip,
    paths.feedback,
  ];

  it.each(guarded)('sends a signed-out visitor of %s to sign-in', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(currentPath(router)).toBe(`${paths.login}?redirect=${encodeURIComponent(path)}`);
    expect(await screen.findByText('Please sign in first')).toBeTruthy();
  });

  it('keeps the query of the page asked for', async () => {
    const { router } = renderApp('/pages/wallet/depositDetail?id=7');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/pages/wallet/depositDetail?id=7',
    );
  });

  it('lets visitors see Home, Profile, Language, both games and the auth pages', async () => {
    for (const [path, title] of [
      [paths.home, 'TradeFlip'],
      [paths.game, 'Contract game'],
      [paths.flip, 'Lightning Flip'],
      [paths.profile, 'Profile'],
      [paths.language, 'Language'],
      [paths.register, 'Create account'],
    ] as const) {
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });
});

describe('Home’s Contract game card', () => {
  it('opens the last pair shown, BTCUSDT by default (never the game without an id)', async () => {
    const first = renderApp(paths.home);
    await screen.findByRole('heading', { level: 1, name: 'TradeFlip' });
    expect(screen.getByTestId('entry-contract').getAttribute('href')).toBe('/pages/game/detail?id=BTCUSDT');
    first.unmount();
    localStorage.setItem('app.gamePair', 'ETHUSDT');
    renderApp(paths.home);
    await screen.findByRole('heading', { level: 1, name: 'TradeFlip' });
    expect(screen.getByTestId('entry-contract').getAttribute('href')).toBe('/pages/game/detail?id=ETHUSDT');
    localStorage.removeItem('app.gamePair');
  });
});

describe('detail pages without an id', () => {
  it.each([paths.depositDetail, paths.withdrawDetail, paths.token])(
    '%s says Missing parameter: id',
    async (path) => {
      renderApp(path, { signedIn: true });
      expect(await screen.findByText('Missing parameter: id')).toBeTruthy();
    },
  );

  it('says it in Chinese too', async () => {
    localStorage.setItem('app.lang', 'zh-CN');
    const { i18n } = await import('@/lib/i18n');
    await act(() => i18n.changeLanguage('zh-CN'));
    renderApp(paths.depositDetail, { signedIn: true });
    expect(await screen.findByText('缺少参数：id')).toBeTruthy();
  });

  it('shows the page when the id is there', async () => {
    renderApp(`${paths.withdrawDetail}?id=42`, { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Withdrawal detail' });
    expect(screen.queryByText('Missing parameter: id')).toBeNull();
  });
});

describe('page transitions', () => {
  it('slides forward on a push and back on a pop, counting the depth in sessionStorage', async () => {
    const { router } = renderApp(paths.home);
    await screen.findByRole('heading', { level: 1, name: 'TradeFlip' });
    const page = () => document.querySelector('.page') as HTMLElement;
    expect(page().dataset.direction).toBe('none');

    await act(() => router.navigate(paths.language));
    await screen.findByRole('heading', { level: 1, name: 'Language' });
    expect(page().dataset.direction).toBe('forward');
    expect(sessionStorage.getItem('app.nav.depth')).toBe('1');

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'TradeFlip' });
    expect(page().dataset.direction).toBe('back');
    expect(sessionStorage.getItem('app.nav.depth')).toBe('0');
  });
});
