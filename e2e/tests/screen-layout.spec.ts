// What a player sees of a screen's layout, found by walking every screen at phone sizes: a page
// opened by its address starts at its top.
import { newEmail, newPassword, registerInBrowser } from '../support/app';
import { expect, test } from '../support/fixtures';

test('a screen opened by its address starts at its top, whatever the tab showed before', async ({ page }) => {
  await registerInBrowser(page, newEmail('layout'), newPassword());
  await page.goto('/pages/game/detail?id=ETHUSDT');
  await expect(page.getByTestId('order-panel')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

  await page.goto('/');
  await expect(page.getByTestId('balance-summary-total')).toBeVisible();
  await expect(page.getByTestId('hero-prices')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('balance-summary-total')).toBeInViewport();
});
