// What a player sees of a screen's layout, found by walking every screen at phone sizes: a page
// opened by its address starts at its top, and a position card's PnL label stands apart from its figure.
import { adminApi } from '../support/admin';
import { newEmail, newPassword, playerApi, registerInBrowser } from '../support/app';
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

for (const [lang, label] of [
  ['en-US', 'Unrealized PnL'],
  ['zh-CN', '未实现盈亏'],
] as const) {
  test(`an open position's PnL label stands apart from its figure (${lang})`, async ({ page }) => {
    const email = newEmail('layout');
    await registerInBrowser(page, email, newPassword());
    await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
    await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '1000', reason: 'test' });
    await playerApi(page, '/api/app/game/open', {
      symbol: 'ETHUSDT',
      side: 'long',
      margin: '100',
      leverage: 5,
    });

    for (const width of [390, 360, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await page.goto('/pages/game/detail?id=ETHUSDT');
      const pnl = page.getByTestId('position-pnl').first();
      await expect(pnl.getByTestId('position-pnl-label')).toHaveText(label);
      await expect(pnl.getByTestId('position-pnl-value')).toHaveText(/^[+-]?[\d.,]+ USDT$/);
      const labelBox = await pnl.getByTestId('position-pnl-label').boundingBox();
      const valueBox = await pnl.getByTestId('position-pnl-value').boundingBox();
      // A gap a reader sees (4 px or more) between the label and its figure on the same line.
      expect(valueBox!.x - (labelBox!.x + labelBox!.width), `gap at ${width} px`).toBeGreaterThanOrEqual(4);
    }
  });
}
