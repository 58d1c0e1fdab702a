// Issue 11, acceptance 5: the contract game at phone size on a scripted price path (the operator's
// pinned price): the order panel's errors in the form, open long, the PnL moving with the price, a
// take-profit set, a close after the confirm that shows the order number, the position in history; a
// liquidation shows on the page without a reload; a position's detail with every movement of its money;
// the desktop layout. Screenshots in both languages.
import type { Page } from '@playwright/test';
import { adminApi, pauseOwnRewards } from '../support/admin';
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { signUpSession } from '../support/bundle';
import { expect, test } from '../support/fixtures';

async function pin(symbol: string, price: string) {
  await adminApi('/api/admin/market/price', { symbol, price });
}

// Balances to the cent: the player's own invite rewards wait until this file is done.
let restoreOwnRewards: () => Promise<void>;
test.beforeAll(async () => {
  restoreOwnRewards = await pauseOwnRewards();
});
// The browser tests share one server: the prices this file pins walk again after it.
test.afterAll(async () => {
  await restoreOwnRewards();
  for (const symbol of ['BTCUSDT', 'ETHUSDT']) await adminApi('/api/admin/market/price', { symbol });
});

async function openGame(page: Page, lang: 'en-US' | 'zh-CN', usdt: string) {
  const email = newEmail('game');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());
  await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: usdt, reason: 'test' });
  return email;
}

test('a person opens a long, watches it move, sets a take-profit, closes it and finds it in history', async ({
  page,
}) => {
  await openGame(page, 'en-US', '1000');
  await pin('BTCUSDT', '60000');
  await page.goto('/pages/game/detail?id=BTCUSDT');
  await expect(page.getByTestId('order-available')).toHaveText('Available 1,000 USDT');

  await test.step('the order errors of spec §5 show in the form as they are typed', async () => {
    await page.getByTestId('order-submit-long').click();
    await expect(page.getByTestId('order-margin-error')).toHaveText('Please enter the margin');
    await expect(page.getByTestId('order-margin')).toBeFocused();
    await page.getByTestId('order-margin').fill('1.1234567');
    await expect(page.getByTestId('order-margin-error')).toHaveText(
      'Invalid amount or precision (up to 6 decimals)',
    );
    await expect(page.getByTestId('order-submit-long')).toBeDisabled();
    await page.getByTestId('order-margin').fill('5000');
    await expect(page.getByTestId('order-margin-error')).toHaveText('Insufficient balance');
    await page.getByTestId('order-margin').fill('1000');
    await page.getByTestId('order-leverage').fill('10');
    await expect(page.getByTestId('order-margin-error')).toHaveText(
      'Insufficient fee: leave some balance for the opening fee (5 USDT)',
    );
    await page.getByTestId('order-leverage').fill('1001');
    await page.getByTestId('order-margin').fill('100');
    await expect(page.getByTestId('order-leverage-error')).toHaveText(
      'Leverage must be a whole number from 1 to 1000',
    );
    await expect(page.getByTestId('preview-size')).toHaveText('--');
  });

  await test.step('the panel previews the order; opening shows the position at once', async () => {
    await page.getByTestId('order-leverage').fill('10');
    await page.getByTestId('order-margin').fill('100');
    await expect(page.getByTestId('preview-size')).toHaveText('1,000 USDT');
    await expect(page.getByTestId('preview-fee')).toHaveText('0.5 USDT');
    await expect(page.getByTestId('preview-liquidation')).toHaveText('54,030.00');
    await page.getByTestId('order-submit-long').click();
    const position = page.locator('[data-testid^="position-"][data-testid$="0"], article.position').first();
    await expect(position).toBeVisible();
    await expect(page.getByTestId('position-liquidation').first()).toHaveText('54,030.00');
    await expect(page.getByTestId('order-available')).toHaveText('Available 899.5 USDT');
  });

  await test.step('its PnL and return move with the price', async () => {
    await pin('BTCUSDT', '61200');
    // The headline is the unrealized PnL, the price's move alone: 1000 · 1200/60000 = 20; beside it,
    // closing now adds 20 less the close fee 1020 · 0.0005 = 19.49.
    await expect(page.getByTestId('position-pnl').first()).toContainText('+20 USDT');
    await expect(page.getByTestId('position-return').first()).toHaveText('+20.00%');
    await expect(page.getByTestId('position-close-now').first()).toHaveText('+19.49');
    await saveScreens(page, 'game-open-en');
  });

  await test.step('a take-profit is set on the position', async () => {
    await page.getByTestId('position-targets-edit').first().click();
    await page.getByTestId('targets-tp').fill('65000');
    await page.getByTestId('targets-save').click();
    await expect(page.getByTestId('position-targets').first()).toHaveText('65,000.00 / --');
  });

  await test.step('closed after the confirm that shows its order number, then found in history', async () => {
    await page.getByTestId('position-close').first().click();
    const order = await page.getByTestId('close-sheet-order').textContent();
    expect(order).toMatch(/^C\d{18}$/);
    await saveScreens(page, 'game-close-confirm-en');
    await page.getByTestId('close-confirm').click();
    await expect(page.getByTestId('no-positions')).toBeVisible();
    await page.getByTestId('positions-tab-closed').click();
    const closed = page.locator('article.position--closed').first();
    await expect(closed.getByTestId('closed-order')).toHaveText(order!);
    await expect(closed.getByTestId('closed-reason')).toHaveText('By you');
    // Net of both fees: 20 − 0.5 − 0.51.
    await expect(closed.getByTestId('closed-pnl')).toContainText('+18.99 USDT');
    await saveScreens(page, 'game-history-en');
  });

  await test.step('its detail accounts for every movement of its money', async () => {
    await page.locator('article.position--closed').first().getByTestId('closed-detail').click();
    const sheet = page.getByTestId('position-sheet');
    await expect(sheet.getByTestId('sheet-status')).toHaveText('Closed: By you');
    await expect(sheet.getByTestId('sheet-pnl')).toContainText('+18.99 USDT');
    // 1000 · 61200/60000 · 0.0005 = 0.51 close fee; the margin back in full (the fee is its own line); 20 profit.
    await expect(sheet.getByTestId('sheet-entry')).toHaveText([
      /Margin locked\s*100 USDT/,
      /Open fee\s*-0\.5 USDT/,
      /Close fee\s*-0\.51 USDT/,
      /Margin returned\s*100 USDT/,
      /Profit\s*\+20 USDT/,
    ]);
    await expect(sheet.getByTestId('sheet-net')).toContainText('+18.99 USDT');
    await saveScreens(page, 'game-detail-en');
    await page.getByTestId('position-sheet-done').click();
  });
});

test('a liquidation shows on the page without a reload (zh-CN)', async ({ page }) => {
  await openGame(page, 'zh-CN', '100');
  await pin('ETHUSDT', '3000');
  await page.goto('/pages/game/detail?id=ETHUSDT');
  await page.getByTestId('order-margin').fill('10');
  await page.getByTestId('order-leverage').fill('100');
  // From 50x the order asks to confirm.
  await page.getByTestId('order-submit-short').click();
  await page.getByTestId('open-confirm-ok').click();
  // Short at 3000, 100x, maintenance 0.05 %: 3000 · (1 + 9.5/1000) = 3028.5.
  await expect(page.getByTestId('position-liquidation').first()).toHaveText('3,028.50');
  await saveScreens(page, 'game-open-zh');
  await pin('ETHUSDT', '3028.5');
  await expect(page.getByTestId('no-positions')).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('positions-tab-closed').click();
  await expect(page.locator('article.position--closed').first().getByTestId('closed-reason')).toHaveText(
    '强制平仓',
  );
  await saveScreens(page, 'game-liquidated-zh');
  await page.locator('article.position--closed').first().getByTestId('closed-detail').click();
  await expect(page.getByTestId('sheet-status')).toHaveText('已平仓：强制平仓');
  await saveScreens(page, 'game-detail-zh');
});

test('on a desktop the game page sets chart, order panel and positions side by side', async ({ page }) => {
  await openGame(page, 'en-US', '100');
  await pin('BTCUSDT', '60000');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/pages/game/detail?id=BTCUSDT');
  await expect(page.getByTestId('order-available')).toHaveText('Available 100 USDT');
  const chart = await page.getByTestId('market-chart').boundingBox();
  const panel = await page.getByTestId('order-panel').boundingBox();
  // Nothing wider than the window, the panel beside the chart rather than under it.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  expect(panel!.x).toBeGreaterThanOrEqual(chart!.x + chart!.width - 1);
  await saveScreens(page, 'game-desktop-en', [{ width: 1280, height: 800 }]);
});

// Issue 16, Speed: the default pair's game page paints from its HTML (a prerendered shell) before any
// script runs, for a signed-in person too, and the app then replaces it with the live page.
test('the game page paints its frame before its scripts, signed in, then goes live', async ({
  browser,
  baseURL,
}) => {
  const session = await signUpSession(baseURL ?? '');
  // No service worker: it would serve the scripts this test holds back.
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
  });
  await context.addInitScript((stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, session);
  const page = await context.newPage();
  try {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${baseURL}/pages/game/detail?id=BTCUSDT`);
    await expect(page.getByRole('heading', { name: 'Contract game', level: 1 })).toBeVisible();
    await expect(page.getByTestId('pair-head')).toContainText('BTCUSDT');
    await expect(page.getByTestId('timeframe-1m')).toBeVisible();
    // The HTML's own markup: the app never started (it makes the page usable when it does).
    await expect(page.locator('#root')).toHaveAttribute('inert', '');

    await page.unroute('**/assets/*.js');
    await page.reload();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByTestId('pair-price')).toHaveText(/^\d[\d,]*\.\d{2}$/);
    await expect(page.getByTestId('market-chart')).toBeVisible();
    // Signed in: the person's positions are the app's, not the shell's.
    await expect(page.getByTestId('no-positions')).toBeVisible();
  } finally {
    await context.close();
  }
});
