// Issue 32, point 11: the live feed of other players' plays on Lightning Flip. Another player's flip
// (5 s, the operator's pinned price moving up) appears in the feed with their masked name; a player
// who switched "Hide my plays" on Profile never sees theirs there, while others' still arrive.
// Screenshots at 390 and 360 px, in both languages.
import type { Page } from '@playwright/test';
import { adminApi, pauseOwnRewards } from '../support/admin';
import { newEmail, newPassword, playerApi, registerInBrowser, saveScreens } from '../support/app';
import { signUpSession } from '../support/bundle';
import { E2E_BASE_URL } from '../support/env';
import { expect, test } from '../support/fixtures';

const FLIP_PAGE = '/pages/flip-lightning/index?id=BTCUSDT';

async function pin(price: string) {
  await adminApi('/api/admin/market/price', { symbol: 'BTCUSDT', price });
}

let restoreOwnRewards: () => Promise<void>;
test.beforeAll(async () => {
  restoreOwnRewards = await pauseOwnRewards();
  await adminApi('/api/admin/flip/config', { duration: { seconds: 5, enabled: true } });
  await adminApi('/api/admin/flip/config', { rate: { symbol: 'BTCUSDT', seconds: 5, payoutRate: '0.85' } });
});
test.afterAll(async () => {
  await restoreOwnRewards();
  await adminApi('/api/admin/market/price', { symbol: 'BTCUSDT' });
  await adminApi('/api/admin/flip/config', { duration: { seconds: 5, enabled: false } });
});

/** A funded player signed up through the API, with their say in the feed. */
async function otherPlayer(settings: { hidden: boolean; showAmounts: boolean }) {
  const session = await signUpSession(E2E_BASE_URL);
  await adminApi('/api/admin/balances/adjust', {
    email: session.email,
    token: 'USDT',
    amount: '100',
    reason: 'test',
  });
  const res = await fetch(`${E2E_BASE_URL}/api/app/plays/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  expect(res.status).toBe(200);
  return session;
}

/** A 5 s flip Up of 10 USDT at 60,000 that the price then lifts (a win); answers its feed row's id. */
async function flipUp(who: Page | string): Promise<string> {
  await pin('60000');
  const flip = await playerApi<{ id: string }>(who, '/api/app/flip/open', {
    symbol: 'BTCUSDT',
    direction: 'up',
    amount: '10',
    duration: 5,
    token: 'USDT',
  });
  await pin('60100');
  return `flip-${flip.id}`;
}

const row = (page: Page, id: string) => page.locator(`[data-testid="plays-feed-row"][data-play="${id}"]`);

/** The page scrolled to its end (the feed and the switches are the last things on theirs). */
async function atTheEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Both phone sizes, each scrolled to the end of the page; the test's viewport restored after. */
async function endScreens(page: Page, name: string) {
  const original = page.viewportSize();
  for (const size of [
    { width: 390, height: 844 },
    { width: 360, height: 780 },
  ]) {
    await page.setViewportSize(size);
    await atTheEnd(page);
    await saveScreens(page, name, [size]);
  }
  if (original) await page.setViewportSize(original);
}

async function showFeed(page: Page) {
  await page.getByTestId('flip-head').waitFor();
  await page.mouse.wheel(0, 4000);
  await expect(page.getByTestId('plays-feed')).toBeVisible();
}

test('another player’s flip appears in the feed with their masked name, amounts as they chose', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(FLIP_PAGE);
  await showFeed(page);
  const shown = await otherPlayer({ hidden: false, showAmounts: true });
  const quiet = await otherPlayer({ hidden: false, showAmounts: false });
  const withAmounts = await flipUp(shown.token);
  const withoutAmounts = await flipUp(quiet.token);

  // Settled 5 s after it opened; the feed's next frame brings it, without a reload.
  await expect(row(page, withAmounts)).toBeVisible({ timeout: 20_000 });
  await expect(row(page, withoutAmounts)).toBeVisible({ timeout: 20_000 });
  await expect(row(page, withAmounts)).toContainText(`${shown.email.slice(0, 2)}***`);
  await expect(row(page, withAmounts)).not.toContainText('@');
  await expect(row(page, withAmounts)).toContainText('BTC/USDT');
  await expect(row(page, withAmounts)).toContainText('Up');
  await expect(row(page, withAmounts)).toContainText('Stake 10 USDT');
  await expect(row(page, withAmounts).getByTestId('plays-feed-outcome')).toHaveText('+8.5 USDT');
  await expect(row(page, withoutAmounts)).toContainText('Amounts not shown');
  await expect(row(page, withoutAmounts).getByTestId('plays-feed-outcome')).toHaveText('Won');
  await endScreens(page, 'plays-feed-en');

  // The game page shows the same feed below its positions; there a flip says it is one.
  await page.goto('/pages/game/detail?id=BTCUSDT');
  await page.getByTestId('pair-head').waitFor();
  // Scrolled to the end until the feed is there: the parts above it mount a task later and push it
  // down, and it loads once it nears the screen.
  await expect(async () => {
    await atTheEnd(page);
    await expect(row(page, withAmounts)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row(page, withAmounts)).toContainText('BTC/USDTLightning FlipUp');
  await endScreens(page, 'plays-feed-game-en');
  await page.goto(FLIP_PAGE);

  await page.evaluate(() => localStorage.setItem('app.lang', 'zh-CN'));
  await page.reload();
  await showFeed(page);
  await expect(page.getByTestId('plays-feed')).toContainText('实时动态');
  await expect(row(page, withoutAmounts).getByTestId('plays-feed-outcome')).toHaveText('赢');
  await expect(row(page, withoutAmounts)).toContainText('闪电翻转看涨');
  await endScreens(page, 'plays-feed-zh');
  await page.goto('/pages/game/detail?id=BTCUSDT');
  await page.getByTestId('pair-head').waitFor();
  await page.mouse.wheel(0, 4000);
  await expect(row(page, withoutAmounts)).toContainText('BTC/USDT闪电翻转看涨');
  await endScreens(page, 'plays-feed-game-zh');
});

test('a player who hides their plays on Profile never sees theirs in the feed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = newEmail('plays');
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '100', reason: 'test' });

  await page.goto('/pages/user/index');
  const hide = page.getByTestId('plays-hidden');
  await expect(hide).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('plays-showAmounts')).toHaveAttribute('aria-checked', 'false');
  await hide.click();
  await expect(hide).toHaveAttribute('aria-checked', 'true');
  // No amounts while the plays are hidden: that switch waits, saying why.
  await expect(page.getByTestId('plays-showAmounts')).toBeDisabled();
  await expect(page.getByTestId('plays-showAmounts')).toContainText(
    'Not available while your plays are hidden. Your choice is kept.',
  );
  await endScreens(page, 'plays-settings-en');

  await page.goto(FLIP_PAGE);
  await showFeed(page);
  const mine = await flipUp(page);
  const other = await otherPlayer({ hidden: false, showAmounts: false });
  const theirs = await flipUp(other.token);
  await expect(row(page, theirs)).toBeVisible({ timeout: 20_000 });
  await expect(row(page, mine)).toHaveCount(0);
  // Theirs settled after mine: the frames since mine settled never carried it.
  await page.reload();
  await showFeed(page);
  await expect(row(page, theirs)).toBeVisible();
  await expect(row(page, mine)).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('app.lang', 'zh-CN'));
  await page.goto('/pages/user/index');
  await expect(page.getByTestId('plays-hidden')).toContainText('隐藏我的动态');
  await expect(page.getByTestId('plays-showAmounts')).toBeDisabled();
  await expect(page.getByTestId('plays-showAmounts')).toContainText('隐藏动态期间不可用，你的选择会保留。');
  await endScreens(page, 'plays-settings-zh');
});
