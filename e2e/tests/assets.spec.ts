// Issue 3, acceptance 5: an operator credits a user from the CLI; the user's Assets screen shows the
// new balance and the entry in the token's history, in both languages, with amounts truncated to the
// symbol's decimals. Also: the balance summary on Home and Profile, the type filter, an entry's
// detail and the history's infinite scroll in a real browser.
import type { Page } from '@playwright/test';
import { admin, adminApi } from '../support/admin';
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

/** Switches the app's language the way a reload after choosing it would see it. */
async function useLanguage(page: Page, lang: 'zh-CN' | 'en-US') {
  await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
}

test('an operator credit shows on Assets and in the token history, in both languages', async ({ page }) => {
  const email = newEmail('assets');
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());

  await test.step('the operator credits USDT and ETH from the CLI', async () => {
    const out = await admin('balance:adjust', email, 'USDT', '1234.567891', '--reason', 'Welcome bonus');
    expect(out).toContain('1234.567891');
    await admin('balance:adjust', email, 'ETH', '0.12345', '--reason', 'Launch gift');
  });

  await test.step('Home and Profile show the total ≈ USDT, truncated', async () => {
    // 1234.567891 + 0.12345 × 3500 (= 432.075) = 1666.642891 → 1,666.64, never rounded up.
    await page.goto('/');
    await expect(page.getByTestId('balance-summary-total')).toHaveText('≈ 1,666.64');
    await page.getByTestId('tab-profile').click();
    await expect(page.getByTestId('balance-summary-total')).toHaveText('≈ 1,666.64');
  });

  await test.step('Total assets lists each token with available, frozen and ≈ USDT', async () => {
    await page.getByTestId('menu-assets').click();
    await expect(page).toHaveURL(/\/pages\/asset\/total$/);
    await expect(page.getByTestId('asset-total-usdt')).toHaveText('≈ 1,666.64');
    const usdt = page.getByTestId('asset-row-USDT');
    await expect(usdt.getByTestId('asset-row-available')).toHaveText('1,234.567891');
    await expect(usdt.getByTestId('asset-row-frozen')).toHaveText('0.000000');
    const eth = page.getByTestId('asset-row-ETH');
    await expect(eth.getByTestId('asset-row-total')).toHaveText('0.12345');
    await expect(eth.getByTestId('asset-row-usdt')).toHaveText('≈ 432.07 USDT');
    // DOGE holds 0 decimals: a zero balance shows as a whole number.
    await expect(page.getByTestId('asset-row-DOGE').getByTestId('asset-row-total')).toHaveText('0');
    await saveScreens(page, 'assets-total-en');
  });

  await test.step('the USDT history has the credit with its business type; its detail opens', async () => {
    await page.getByTestId('asset-row-USDT').click();
    await expect(page).toHaveURL(/\/pages\/wallet\/token\?id=USDT$/);
    await expect(page.getByTestId('token-available')).toHaveText('1,234.567891');
    const entry = page.getByTestId('flow-item').first();
    await expect(entry.getByTestId('flow-type')).toHaveText('Admin adjustment');
    await expect(entry.getByTestId('flow-delta')).toHaveText('+1,234.567891');
    await saveScreens(page, 'assets-token-en');
    await entry.click();
    const detail = page.getByTestId('flow-detail');
    await expect(detail.getByTestId('flow-detail-memo')).toHaveText('Welcome bonus');
    await expect(detail.getByTestId('flow-detail-available-after')).toHaveText('1,234.567891');
    await saveScreens(page, 'assets-entry-en');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
  });

  await test.step('the same screens in Chinese', async () => {
    await useLanguage(page, 'zh-CN');
    await page.goto('/pages/asset/total');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('总资产');
    await expect(page.getByTestId('asset-row-ETH').getByTestId('asset-row-usdt')).toHaveText('≈ 432.07 USDT');
    await saveScreens(page, 'assets-total-zh');
    await page.goto('/pages/wallet/token?id=USDT');
    const entry = page.getByTestId('flow-item').first();
    await expect(entry.getByTestId('flow-type')).toHaveText('后台调整');
    await expect(entry.getByTestId('flow-delta')).toHaveText('+1,234.567891');
    await saveScreens(page, 'assets-token-zh');
  });

  await test.step('the type filter narrows the history', async () => {
    await page.getByTestId('flow-filter').click();
    await page.getByRole('option', { name: '空投' }).click();
    await expect(page.getByTestId('flows-empty')).toContainText('暂无空投记录');
    await page.getByTestId('flow-filter').click();
    await page.getByRole('option', { name: '全部类型' }).click();
    await expect(page.getByTestId('flow-item')).toHaveCount(1);
    await useLanguage(page, 'en-US');
  });
});

test('a long history loads page by page as the person scrolls', async ({ page }) => {
  const email = newEmail('history');
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());
  for (let i = 1; i <= 45; i++) {
    await adminApi('/api/admin/balances/adjust', {
      email,
      token: 'USDT',
      amount: '1.5',
      reason: `Credit ${i}`,
    });
  }

  const pages: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/app/asset/flows') pages.push(Number(url.searchParams.get('page')));
  });
  await page.goto('/pages/wallet/token?id=USDT');
  await expect(page.getByTestId('token-available')).toHaveText('67.500000');
  await expect(page.getByTestId('flow-item')).toHaveCount(20);
  // Newest first: the last credit leads, with the balance after it.
  await expect(page.getByTestId('flow-item').first()).toContainText('67.500000');

  await page.getByTestId('flow-item').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(page.getByTestId('flow-item')).toHaveCount(40);
  await page.mouse.wheel(0, 4000);
  await expect(page.getByTestId('flow-item')).toHaveCount(45);
  await expect(page.getByTestId('flow-item').last()).toContainText('1.500000');
  expect(pages).toEqual([1, 2, 3]);
});
