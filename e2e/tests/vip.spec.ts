// Issue 19 (VIP): a new player's level, the turnover still to go and the level table at phone size in
// both languages; screenshots.
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`a new player sees VIP0, what is still to go, and the level table (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pages/register/index');
    await registerInBrowser(page, newEmail('vip'), newPassword());
    await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
    await page.goto('/pages/vip/index');
    await expect(page.getByTestId('vip-level')).toHaveText('VIP0');
    await expect(page.getByTestId('vip-turnover')).toHaveText('0.00 USDT');
    await expect(page.getByTestId('vip-next')).toHaveText(
      lang === 'en-US' ? '1,000.00 USDT more to VIP1' : '再需 1,000.00 USDT 流水升至 VIP1',
    );
    await expect(page.getByTestId('vip-progress')).toHaveAttribute('aria-valuenow', '0');
    await expect(page.locator('[data-testid^="vip-row-"]')).toHaveCount(6);
    await expect(page.getByTestId('vip-row-1')).toContainText(lang === 'en-US' ? '+10%' : '+10%');
    await saveScreens(page, `vip-${lang === 'en-US' ? 'en' : 'zh'}`);
  });
}
