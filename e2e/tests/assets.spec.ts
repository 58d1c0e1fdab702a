// Issue 3, acceptance 5: an operator credits a user from the CLI; the user's Assets screen shows the
// new balance and the entry in the token's history, in both languages, with amounts truncated to the
// symbol's decimals (formatNumber: truncated, trailing zeros trimmed). Also: the balance summary on Home
// and Profile, the category filter, an operation's detail and the history's infinite scroll.
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
    // Balances are valued at the live price: the operator pins ETH for this scenario.
    await adminApi('/api/admin/market/price', { symbol: 'ETHUSDT', price: '3500' });
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
    await expect(usdt.getByTestId('asset-row-total')).toHaveText('1,234.567891');
    await expect(usdt.getByTestId('asset-row-frozen')).toHaveText('0');
    const eth = page.getByTestId('asset-row-ETH');
    await expect(eth.getByTestId('asset-row-total')).toHaveText('0.12345');
    await expect(eth.getByTestId('asset-row-usdt')).toHaveText('≈ 432.07 USDT');
    // DOGE holds 0 decimals: a zero balance shows as a whole number.
    await expect(page.getByTestId('asset-row-DOGE').getByTestId('asset-row-total')).toHaveText('0');
    await saveScreens(page, 'assets-total-en');
  });

  await test.step('the USDT history has the credit in the person’s words; its detail opens', async () => {
    await page.getByTestId('asset-row-USDT').click();
    await expect(page).toHaveURL(/\/pages\/wallet\/token\?id=USDT$/);
    await expect(page.getByTestId('token-available')).toHaveText('1,234.567891');
    const entry = page.getByTestId('activity-item').first();
    await expect(entry.getByTestId('activity-title')).toHaveText('Adjustment');
    await expect(entry.getByTestId('activity-amount')).toHaveText('+1,234.567891');
    await saveScreens(page, 'assets-token-en');
    await entry.click();
    const detail = page.getByTestId('activity-detail');
    await expect(detail.getByTestId('activity-detail-available-after')).toHaveText('1,234.567891 USDT');
    // No ledger ids or internal notes in front of the person.
    await expect(detail).not.toContainText('Welcome bonus');
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
    const entry = page.getByTestId('activity-item').first();
    await expect(entry.getByTestId('activity-title')).toHaveText('调账');
    await expect(entry.getByTestId('activity-amount')).toHaveText('+1,234.567891');
    await saveScreens(page, 'assets-token-zh');
  });

  await test.step('the category filter narrows the history', async () => {
    await page.getByTestId('activity-filter').click();
    await page.getByRole('option', { name: '奖励' }).click();
    await expect(page.getByTestId('activity-empty')).toContainText('暂无奖励记录');
    await page.getByTestId('activity-filter').click();
    await page.getByRole('option', { name: '全部' }).click();
    await expect(page.getByTestId('activity-item')).toHaveCount(1);
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
    if (url.pathname === '/api/app/asset/activity') pages.push(Number(url.searchParams.get('page')));
  });
  await page.goto('/pages/wallet/token?id=USDT');
  await expect(page.getByTestId('token-available')).toHaveText('67.5');
  await expect(page.getByTestId('activity-item')).toHaveCount(20);
  await expect(page.getByTestId('activity-item').first()).toContainText('+1.5');

  await page.getByTestId('activity-item').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(page.getByTestId('activity-item')).toHaveCount(40);
  await page.mouse.wheel(0, 4000);
  await expect(page.getByTestId('activity-item')).toHaveCount(45);
  // Each page was asked as the person reached it (the user channel's first subscription may refetch
  // what is loaded once more when the page is idle: a resync, not a page skipped or asked early).
  expect([...new Set(pages)]).toEqual([1, 2, 3]);
  expect(pages.indexOf(2)).toBeGreaterThan(pages.indexOf(1));
});
