// Issue 10, acceptance 5 (first part): Home's market list moves with the feed over the WebSocket, a row
// opens that pair's game, and the red-up / green-up choice in Profile recolours every change.
import type { Page } from '@playwright/test';
import { adminApi } from '../support/admin';
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

/** The list sits below the fold and loads when the person scrolls to it (the app may scroll back to
 * the top while it starts, so scroll until the list is there). */
async function showMarkets(page: Page, heading: string) {
  await expect(async () => {
    await page.getByRole('heading', { name: heading, exact: true }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await expect(page.getByTestId('tickers')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

const GREEN = 'rgb(22, 199, 132)';
const RED = 'rgb(255, 84, 104)';

test('Home’s tickers move by themselves, and the up colour follows the Profile choice', async ({ page }) => {
  await page.goto('/');
  const rows = page.locator('[data-testid^="ticker-"][href]');
  await showMarkets(page, 'Markets');
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toHaveAttribute('href', '/pages/game/detail?symbol=BTCUSDT');

  await test.step('prices tick over the WebSocket without a reload', async () => {
    const btc = page.getByTestId('ticker-BTCUSDT').getByTestId('ticker-price');
    const first = await btc.textContent();
    await expect.poll(() => btc.textContent(), { timeout: 10_000 }).not.toBe(first);
  });

  await test.step('an operator’s pinned price shows at once, rounded to the pair’s decimals', async () => {
    await adminApi('/api/admin/market/price', { symbol: 'ETHUSDT', price: '99999.999' });
    const eth = page.getByTestId('ticker-ETHUSDT');
    await expect(eth.getByTestId('ticker-price')).toHaveText('100,000');
    // Far above the day's open: rising, in green by default.
    await expect(eth.getByTestId('ticker-change')).toHaveText(/^\+\d[\d,]*\.\d{2}%$/);
    await expect(eth.getByTestId('ticker-change')).toHaveCSS('background-color', GREEN);
    await saveScreens(page, 'market-home-en');
  });

  await test.step('red up, chosen in Profile, recolours the rising pair', async () => {
    await page.goto('/pages/register/index');
    await registerInBrowser(page, newEmail('market'), newPassword());
    await page.getByTestId('tab-profile').click();
    await page.getByTestId('up-color-red').click();
    await expect(page.getByTestId('up-color-red')).toHaveAttribute('aria-checked', 'true');
    await saveScreens(page, 'market-profile-colours-en');
    await page.getByTestId('tab-home').click();
    await showMarkets(page, 'Markets');
    await expect(page.getByTestId('ticker-ETHUSDT').getByTestId('ticker-change')).toHaveCSS(
      'background-color',
      RED,
    );
    // Remembered across a reload, in Chinese too.
    await page.evaluate(() => localStorage.setItem('app.lang', 'zh-CN'));
    await page.reload();
    await showMarkets(page, '行情');
    await expect(page.getByTestId('ticker-ETHUSDT').getByTestId('ticker-change')).toHaveCSS(
      'background-color',
      RED,
    );
    await saveScreens(page, 'market-home-zh');
    await page.evaluate(() => localStorage.setItem('app.lang', 'en-US'));
    await adminApi('/api/admin/market/price', { symbol: 'ETHUSDT' });
  });
});
