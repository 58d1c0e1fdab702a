// Issue 32, point 10: offline, a screen just visited is kept. The game page and the deposit and
// withdrawal records, visited online, open offline — on a reload and on a navigation — with the data
// they last showed under the stale banner, in the person's language; a screen never visited gets the
// offline page.
import type { Page } from '@playwright/test';
import { chainDeposit } from '../support/admin';
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

test.describe.configure({ timeout: 180_000 });

const words = {
  'en-US': {
    kept: 'Connection lost. This is what was last loaded; it updates once you are back online.',
    gameStale: 'Connection lost, reconnecting. Prices and new orders wait until it is back.',
  },
  'zh-CN': {
    kept: '连接已断开。以下是上次加载的内容，恢复联网后自动更新。',
    gameStale: '连接已断开，正在重连。恢复前价格不更新，也无法下新单。',
  },
} as const;

async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`offline in ${lang}: the screens just visited show their last data with the stale banner`, async ({
    page,
    context,
  }) => {
    const w = words[lang];
    const tag = lang === 'en-US' ? 'en' : 'zh';
    const email = newEmail('offline');
    await page.goto('/pages/register/index');
    await registerInBrowser(page, email, newPassword());
    await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);

    let price = '';
    await test.step('online: a deposit on its way, the records and the game page visited', async () => {
      await page.goto('/pages/wallet/deposit');
      await page.getByTestId('deposit-network-BEP20').click();
      await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
      await chainDeposit(email, '25', 'BEP20');
      await page.goto('/pages/wallet/depositList');
      await expect(page.getByTestId('deposit-item')).toHaveCount(1, { timeout: 30_000 });
      await expect(page.getByTestId('deposit-item-amount')).toContainText('+25');
      await page.goto('/pages/wallet/withdrawList');
      await expect(page.getByTestId('withdrawal-empty')).toBeVisible();
      await page.goto('/pages/game/detail?id=BTCUSDT');
      await expect(page.getByTestId('pair-price')).not.toHaveText('--');
      await expect(page.getByTestId('order-panel')).toBeVisible();
      await controlledByServiceWorker(page);
      // The kept answers are written a second after they came.
      await page.waitForTimeout(1500);
      await expect(page.getByTestId('offline-note')).toHaveCount(0);
    });

    await test.step('offline, the game page reloaded: its last prices, under the stale banner', async () => {
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByTestId('pair-head')).toBeVisible();
      await expect(page.getByTestId('pair-stale')).toHaveText(w.gameStale);
      price = (await page.getByTestId('pair-price').textContent()) ?? '';
      expect(price).toMatch(/\d/);
      await expect(page.getByTestId('order-panel')).toBeVisible();
      await expect(page.locator('section[data-lang]')).toHaveCount(0);
      await saveScreens(page, `offline-game-${tag}`);
    });

    await test.step('offline, on to the records: each list as it was, under the banner', async () => {
      await page.goto('/pages/wallet/depositList');
      await expect(page.getByTestId('deposit-item')).toHaveCount(1);
      await expect(page.getByTestId('deposit-item-amount')).toContainText('+25');
      await expect(page.getByTestId('offline-note')).toHaveText(w.kept);
      await expect(page.getByTestId('load-error')).toHaveCount(0);
      await saveScreens(page, `offline-deposits-${tag}`);
      await page.goto('/pages/wallet/withdrawList');
      await expect(page.getByTestId('withdrawal-empty')).toBeVisible();
      await expect(page.getByTestId('offline-note')).toHaveText(w.kept);
    });

    await test.step('offline, a screen never visited: the offline page', async () => {
      await page.goto('/pages/invite/index').catch(() => undefined);
      await expect(page.locator('section[data-lang]:not([hidden])')).toHaveAttribute('data-lang', lang);
    });

    await test.step('back online: the records load again and the banner goes', async () => {
      // The offline page reloads itself when the network is back (offline.js): let it, then move on.
      const reloaded = page.waitForEvent('load');
      await context.setOffline(false);
      await reloaded;
      await page.goto('/pages/wallet/depositList');
      await expect(page.getByTestId('deposit-item')).toHaveCount(1);
      await expect(page.getByTestId('offline-note')).toHaveCount(0);
    });
  });
}
