// Issue 32 point 7: the notification centre. Liquidated while on Home, the player hears of it within
// 2 s (a banner at the top); liquidated while no tab is open, the banner shows when the app opens; the
// bell counts the unread ones (Home, Profile) and opens the centre, in both languages; a tap opens the
// position's detail on its game page.
import type { Page } from '@playwright/test';
import { adminApi, pauseOwnRewards } from '../support/admin';
import { newEmail, newPassword, playerApi, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

const SYMBOL = 'SOLUSDT';

async function pin(price?: string) {
  await adminApi('/api/admin/market/price', { symbol: SYMBOL, ...(price ? { price } : {}) });
}

let restoreOwnRewards: () => Promise<void>;
test.beforeAll(async () => {
  // Only the notices of this file's closes: the player's own invite rewards wait.
  restoreOwnRewards = await pauseOwnRewards();
});
test.afterAll(async () => {
  await restoreOwnRewards();
  await pin();
});

/** Whether the page's socket has joined the user channel (its `subscribed` frame passed through). */
async function watchUserChannel(page: Page) {
  let subscribed = false;
  await page.routeWebSocket(/\/api\/ws/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { type: string; channel?: string };
      if (frame.type === 'subscribed' && frame.channel === 'user') subscribed = true;
      ws.send(message);
    });
  });
  return () => subscribed;
}

async function signUp(page: Page, lang: 'en-US' | 'zh-CN') {
  const email = newEmail('notices');
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());
  await page.evaluate((language) => localStorage.setItem('app.lang', language), lang);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '100', reason: 'test' });
  return token;
}

/** A long at 200, 100×: liquidated at 200 · (1 − 9.5/1000) = 198.1. */
async function openLong(token: string) {
  await pin('200');
  return playerApi<{ id: string }>(token, '/api/app/game/open', {
    symbol: SYMBOL,
    side: 'long',
    margin: '10',
    leverage: 100,
  });
}

test('liquidated while on Home: the notice shows within 2 s, the bell counts it, a tap opens the position', async ({
  page,
}) => {
  const subscribed = await watchUserChannel(page);
  const token = await signUp(page, 'en-US');
  const position = await openLong(token);
  await page.goto('/');
  await expect(page.getByTestId('notice-bell')).toBeVisible();
  await expect(page.getByTestId('notice-bell-count')).toHaveCount(0);
  await expect.poll(subscribed).toBe(true);

  await pin('198.1');
  const toast = page.getByTestId('notice-toast');
  await expect(toast).toBeVisible({ timeout: 2000 });
  await expect(toast).toContainText('Position liquidated');
  await expect(toast).toContainText('Your SOL/USDT long position was liquidated at 198.10.');
  await expect(page.getByTestId('notice-bell-count')).toHaveText('1');
  await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  // At the top of the screen, above the page's content.
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeLessThan(60);
  await saveScreens(page, 'notice-toast-home-en');

  // The tap opens the position's detail on its game page and marks it read.
  await toast.getByRole('button').first().click();
  await expect(page).toHaveURL(new RegExp(`/pages/game/detail\\?id=${SYMBOL}&position=${position.id}$`));
  await expect(page.getByTestId('position-sheet')).toBeVisible();
  // The order bar stays uncovered by any notice.
  await expect(page.getByTestId('notice-toast')).toHaveCount(0);

  await page.goto('/pages/user/index');
  await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', 'Notifications');
  await page.getByTestId('notice-bell').click();
  await expect(page).toHaveURL(/\/pages\/notifications\/index$/);
  const row = page.getByTestId('notices').locator('[data-kind="liquidation"]');
  await expect(row).toContainText('Your SOL/USDT long position was liquidated at 198.10.');
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await saveScreens(page, 'notices-centre-en');
});

test('liquidated while no tab is open: the notice shows when the app opens, once; the centre in Chinese', async ({
  page,
  context,
}) => {
  const token = await signUp(page, 'zh-CN');
  const position = await openLong(token);
  await page.close();

  await pin('198.1');
  await expect
    .poll(
      async () =>
        (
          await playerApi<{ status: string; closeReason: string | null }>(
            token,
            `/api/app/game/position?id=${position.id}`,
          )
        ).closeReason,
    )
    .toBe('liquidation');

  const opened = await context.newPage();
  await opened.goto('/');
  const toast = opened.getByTestId('notice-toast');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('仓位已强平');
  await expect(toast).toContainText('您的 SOL/USDT 做多仓位已在 198.10 被强制平仓。');
  await expect(opened.getByTestId('notice-bell-count')).toHaveText('1');
  await expect(opened.getByTestId('notice-bell')).toHaveAttribute('aria-label', '消息通知，1 条未读');
  await saveScreens(opened, 'notice-toast-home-zh');

  // Shown once: the next open has it behind the bell only.
  await opened.reload();
  await expect(opened.getByTestId('notice-bell-count')).toHaveText('1');
  await expect(opened.getByTestId('notice-toast')).toHaveCount(0);

  await opened.getByTestId('notice-bell').click();
  await expect(opened.getByRole('heading', { name: '消息通知' })).toBeVisible();
  const row = opened.getByTestId('notices').locator('[data-kind="liquidation"]');
  await expect(row).toContainText('您的 SOL/USDT 做多仓位已在 198.10 被强制平仓。');
  await saveScreens(opened, 'notices-centre-zh');
  await opened.getByTestId('notices-read-all').click();
  await expect(opened.getByTestId('notices-read-all')).toHaveCount(0);
  await opened.goto('/');
  await expect(opened.getByTestId('notice-bell')).toHaveAttribute('aria-label', '消息通知');
  await expect(opened.getByTestId('notice-bell-count')).toHaveCount(0);
});
