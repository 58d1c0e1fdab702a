// Issue 9, acceptance 1: the wallet screens at the standard of the best crypto apps, walked as a person
// does at 390 and 360 px in both languages: Home → Assets → token history → Deposit → Withdraw (address
// book, confirm sheet's Cancel, cancel in review) → records. At each screen: nothing under the title
// bar or the tab bar shows through it; every amount reads as the one formatting function writes it
// (`formatNumber`); the balance eye masks and is remembered; a refunded withdrawal is labelled as a
// refund in the history; and the offline page comes back by itself once the server answers.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { formatNumber } from '@tradeflip/money';
import { admin, adminApi } from '../support/admin';
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { REPO_ROOT } from '../support/env';
import { expect, test } from '../support/fixtures';

test.describe.configure({ timeout: 180_000 });

const RECIPIENT = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

type Lang = 'en-US' | 'zh-CN';

/** The texts the walk reads, in each language (the app's own catalogue says the same). */
const words = {
  'en-US': {
    refunded: 'Refunded',
    rejectedKind: 'Withdrawal rejected',
    cancelledKind: 'Withdrawal cancelled',
    adjustment: 'Adjustment',
    cancelled: 'Cancelled',
    operatorNote: 'Note from our review team (as written):',
  },
  'zh-CN': {
    refunded: '已退回',
    rejectedKind: '提现被拒',
    cancelledKind: '提现已取消',
    adjustment: '调账',
    cancelled: '已取消',
    operatorNote: '审核人员的说明（原文）：',
  },
} as const;

/** Alpha of a CSS colour (`rgb(…)` is 1). */
function alphaOf(color: string): number {
  const match = /rgba?\(([^)]+)\)/.exec(color);
  const parts = match?.[1]?.split(/[,/\s]+/).filter(Boolean) ?? [];
  return parts.length === 4 ? Number(parts[3]) : 1;
}

/**
 * Nothing under a bar shows through it: each sticky bar on screen (the title bar, the tab bar) is
 * opaque (alpha ≥ 0.97), so content scrolled under it can't be read whether or not the browser blurs.
 */
async function expectOpaqueBars(page: Page) {
  const bars = await page
    .locator('.title-bar, .tab-bar')
    .evaluateAll((elements) =>
      elements
        .filter((el) => el.getBoundingClientRect().height > 0)
        .map((el) => ({ name: el.className, background: getComputedStyle(el).backgroundColor })),
    );
  expect(bars.length).toBeGreaterThan(0);
  for (const bar of bars) {
    expect(alphaOf(bar.background), `${bar.name} background ${bar.background}`).toBeGreaterThanOrEqual(0.97);
  }
}

/** Every figure in the element reads as formatNumber writes it: no padded zeros like `525.000000`. */
async function expectNoPaddedAmounts(page: Page) {
  const texts = await page
    .locator(
      '[data-testid$="-amount"], [data-testid$="-total"], [data-testid$="-available"], [data-testid$="-frozen"]',
    )
    .allTextContents();
  for (const text of texts)
    expect(text, `an amount padded with zeros: ${text}`).not.toMatch(/\.\d*0(?!\d)(?!%)/);
}

async function openWithdraw(page: Page) {
  await page.goto('/pages/wallet/withdraw');
  await page.getByTestId('withdraw-network-BEP20').click();
}

/** Taps Withdraw until the password sheet opens (a second tap within 800 ms is ignored, spec §9). */
async function openPasswordSheet(page: Page) {
  await expect(async () => {
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdraw-sheet')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

async function submitWithdrawal(page: Page, amount: string, password: string): Promise<string> {
  await page.getByTestId('withdraw-amount').fill(amount);
  await openPasswordSheet(page);
  await page.getByTestId('withdraw-password').fill(password);
  await page.getByTestId('withdraw-confirm').click();
  await expect(page).toHaveURL(/\/pages\/wallet\/withdrawDetail\?id=\d+/);
  return new URL(page.url()).searchParams.get('id') ?? '';
}

const walks: { lang: Lang; width: number; height: number }[] = [
  { lang: 'en-US', width: 390, height: 844 },
  { lang: 'zh-CN', width: 360, height: 780 },
  { lang: 'zh-CN', width: 390, height: 844 },
  { lang: 'en-US', width: 360, height: 780 },
];

for (const { lang, width, height } of walks) {
  test(`the wallet screens at ${width} px in ${lang}`, async ({ page, context }) => {
    const w = words[lang];
    const tag = lang === 'en-US' ? 'en' : 'zh';
    // saveScreens takes both phone sizes itself: the 390 walk of each language saves them.
    const screens = (name: string) => (width === 390 ? saveScreens(page, name) : Promise.resolve());
    await page.setViewportSize({ width, height });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = newEmail('screens');
    const password = newPassword();
    // Registered in English (the helper reads English labels), then the walk in its language.
    await page.goto('/pages/register/index');
    await registerInBrowser(page, email, password);
    await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
    await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '525', reason: 'Welcome' });

    await test.step('Home: the total with its eye, remembered; the bars hide what scrolls under them', async () => {
      await page.goto('/');
      const total = page.getByTestId('balance-summary-total');
      await expect(total).toHaveText(`≈ ${formatNumber('525', 'usdt')}`);
      await expectOpaqueBars(page);
      await page.getByTestId('hide-balances').click();
      await expect(total).toHaveText('****');
      await page.reload();
      await expect(page.getByTestId('balance-summary-total')).toHaveText('****');
      await page.getByTestId('hide-balances').click();
      await expect(page.getByTestId('balance-summary-total')).toHaveText('≈ 525.00');
      await screens(`wallet-home-${tag}`);
    });

    await test.step('Assets: token logos, rows that are links of one height, amounts trimmed', async () => {
      await page.goto('/pages/asset/total');
      const usdt = page.getByTestId('asset-row-USDT');
      await expect(usdt.getByTestId('asset-row-total')).toHaveText(formatNumber('525', 'amount', { dp: 6 }));
      await expect(usdt.getByTestId('asset-row-total')).toHaveText('525');
      await expect(usdt.getByTestId('asset-row-usdt')).toContainText('525.00');
      expect(await usdt.evaluate((el) => el.tagName)).toBe('A');
      await expect(usdt.locator('svg').first()).toBeVisible();
      const heights = await page
        .locator('[data-testid^="asset-row-"]')
        .evaluateAll((rows) =>
          rows.filter((r) => r.tagName === 'A').map((r) => r.getBoundingClientRect().height),
        );
      expect(new Set(heights).size, `row heights ${heights.join(', ')}`).toBe(1);
      await expectNoPaddedAmounts(page);
      await page.mouse.wheel(0, 400);
      await expectOpaqueBars(page);
      await screens(`wallet-assets-${tag}`);
    });

    await test.step('Deposit: the network is the person’s choice; the warning comes before the address', async () => {
      await page.goto('/pages/wallet/deposit');
      await expect(page.getByTestId('deposit-choose-network')).toBeVisible();
      await expect(page.getByTestId('deposit-address')).toHaveCount(0);
      await page.getByTestId('deposit-network-BEP20').click();
      await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
      const warning = await page.getByTestId('deposit-warning').boundingBox();
      expect(warning && warning.y + warning.height, 'the warning above the fold').toBeLessThanOrEqual(height);
      await expect(page.getByTestId('deposit-save-qr')).toBeVisible();
      await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
      // Save QR code: the share sheet where the phone can share files, else a PNG download.
      const canShare = await page.evaluate(() => typeof navigator.canShare === 'function');
      if (!canShare) {
        const download = page.waitForEvent('download');
        await page.getByTestId('deposit-save-qr').click();
        expect((await download).suggestedFilename()).toBe('tradeflip-USDT-BEP20-deposit.png');
      }
      await expect(page.getByTestId('deposit-min')).toHaveText('1 USDT');
      // Local chains have no block explorer.
      await expect(page.getByTestId('deposit-explorer')).toHaveCount(0);
      await expectOpaqueBars(page);
      await screens(`wallet-deposit-${tag}`);
    });

    await test.step('Withdraw: an address saved to the book and picked from it; paste; Cancel on the sheet', async () => {
      await openWithdraw(page);
      await page.getByTestId('withdraw-address-book').click();
      await expect(page.getByTestId('address-book-empty')).toBeVisible();
      await page.getByTestId('address-book-add').click();
      await page.getByTestId('address-book-label').fill('Cold wallet');
      await page.getByTestId('address-book-address').fill(RECIPIENT);
      await page.getByTestId('address-book-submit').click();
      await expect(page.getByTestId('withdraw-address')).toHaveValue(RECIPIENT);
      await page.getByTestId('withdraw-address').fill('');
      await page.getByTestId('withdraw-address-book').click();
      await expect(page.getByTestId('address-book-entry')).toHaveCount(1);
      await screens(`wallet-address-book-${tag}`);
      await page.getByTestId('address-book-entry').click();
      await expect(page.getByTestId('withdraw-address')).toHaveValue(RECIPIENT);
      // Paste fills the address from the clipboard.
      await page.getByTestId('withdraw-address').fill('');
      await page.evaluate((text) => navigator.clipboard.writeText(text), RECIPIENT);
      await page.getByTestId('withdraw-paste').click();
      await expect(page.getByTestId('withdraw-address')).toHaveValue(RECIPIENT);
      // An amount the rules refuse: every rule it breaks under the field, one line each, and no figures.
      await page.getByTestId('withdraw-amount').fill('5.1234567');
      await page.getByTestId('withdraw-amount').blur();
      const amountError = page.locator('[data-field="amount"] .text-field__error');
      await expect(amountError).toHaveText(/\n/);
      expect((await amountError.innerText()).split('\n')).toHaveLength(2);
      await expect(page.getByTestId('withdraw-total')).toHaveText('-- USDT');
      await screens(`wallet-withdraw-refused-${tag}`);
      // Fee and arrival read as the formatting function writes them.
      await page.getByTestId('withdraw-amount').fill('12');
      // BEP20: fee 0.5.
      await expect(page.getByTestId('withdraw-fee')).toHaveText('0.5 USDT');
      await expect(page.getByTestId('withdraw-total')).toHaveText('12.5 USDT');
      await openPasswordSheet(page);
      await screens(`wallet-withdraw-sheet-${tag}`);
      await page.getByTestId('withdraw-sheet-cancel').click();
      await expect(page.getByTestId('withdraw-sheet')).toBeHidden();
      await expectOpaqueBars(page);
    });

    await test.step('a withdrawal in review is cancelled by its owner: the funds come back', async () => {
      await submitWithdrawal(page, '12', password);
      // What left the balance: 12 and the 0.5 fee.
      await expect(page.getByTestId('withdrawal-detail-amount')).toHaveText(/^-12\.5\s/);
      await page.getByTestId('withdrawal-cancel').click();
      await page.getByTestId('withdrawal-cancel-confirm').click();
      await expect(page.getByTestId('withdrawal-detail-status')).toHaveAttribute('data-status', 'cancelled');
      await expect(page.getByTestId('withdrawal-detail-status')).toHaveText(w.cancelled);
      await expect(page.getByTestId('withdrawal-cancel')).toHaveCount(0);
      await expect(page.getByTestId('withdrawal-detail-arrival')).toHaveCount(0);
      await screens(`wallet-withdrawal-cancelled-${tag}`);
    });

    await test.step('a rejected one shows the operator’s words as theirs, no arrival amount, no sign', async () => {
      await openWithdraw(page);
      await page.getByTestId('withdraw-address').fill(RECIPIENT);
      const id = await submitWithdrawal(page, '20', password);
      await admin('withdraw:reject', id, '--reason', 'Address on a block list');
      await expect(page.getByTestId('withdrawal-detail-status')).toHaveAttribute('data-status', 'rejected', {
        timeout: 15_000,
      });
      await expect(page.getByText(w.operatorNote)).toBeVisible();
      await expect(page.getByTestId('withdrawal-detail-reject-reason')).toHaveText('Address on a block list');
      await expect(page.getByTestId('withdrawal-detail-arrival')).toHaveCount(0);
      await expect(page.getByTestId('withdrawal-detail-amount')).toHaveText(/^20\.5\s/);
      await screens(`wallet-withdrawal-rejected-${tag}`);
    });

    await test.step('the token history: one row per operation, the refunds labelled as refunds', async () => {
      await page.goto('/pages/wallet/token?id=USDT');
      await expect(page.getByTestId('token-available')).toHaveText('525');
      const rows = page.getByTestId('activity-item');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0).getByTestId('activity-title')).toHaveText(w.rejectedKind);
      await expect(rows.nth(0).getByTestId('activity-state')).toHaveText(w.refunded);
      await expect(rows.nth(0).getByTestId('activity-amount')).toHaveText('20.5');
      await expect(rows.nth(1).getByTestId('activity-amount')).toHaveText('12.5');
      await expect(rows.nth(1).getByTestId('activity-title')).toHaveText(w.cancelledKind);
      await expect(rows.nth(1).getByTestId('activity-state')).toHaveText(w.refunded);
      await expect(rows.nth(2).getByTestId('activity-title')).toHaveText(w.adjustment);
      await expect(rows.nth(2).getByTestId('activity-amount')).toHaveText('+525');
      await screens(`wallet-token-${tag}`);
      await rows.nth(0).click();
      await expect(page.getByTestId('activity-step')).toHaveCount(2);
      await screens(`wallet-activity-detail-${tag}`);
      await page.getByTestId('activity-detail-close').click();
      await expect(page.getByTestId('activity-detail')).toBeHidden();
      await page.getByTestId('activity-filter').click();
      await page.getByTestId('activity-filter-options').getByRole('option').nth(2).click(); // withdrawals
      await expect(page.getByTestId('activity-item')).toHaveCount(2);
    });

    await test.step('offline: the page in the chosen language, back by itself when the network is', async () => {
      await page.goto('/pages/user/index');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await context.setOffline(true);
      await page.goto('/pages/wallet/depositList').catch(() => undefined);
      const shown = page.locator('section[data-lang]:not([hidden])');
      await expect(shown).toHaveAttribute('data-lang', lang);
      await expect(page.locator('section[data-lang]:not([hidden])')).toHaveCount(1);
      await screens(`wallet-offline-${tag}`);
      await context.setOffline(false);
      // Nobody taps: the page reloads itself once the connection is back.
      await expect(page.getByTestId('deposit-list').or(page.getByTestId('deposit-empty'))).toBeVisible({
        timeout: 15_000,
      });
    });

    await test.step('the records: a returned withdrawal carries no minus sign', async () => {
      await page.goto('/pages/wallet/withdrawList');
      const items = page.getByTestId('withdrawal-item');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0).getByTestId('withdrawal-item-amount')).toHaveText(/^20\.5\s/);
      await expect(items.nth(1).getByTestId('withdrawal-item-amount')).toHaveText(/^12\.5\s/);
      await expect(items.nth(1).getByTestId('withdrawal-item-detail')).toContainText('0.5 USDT');
      await expectNoPaddedAmounts(page);
      await expectOpaqueBars(page);
      await screens(`wallet-withdrawals-${tag}`);
    });
  });
}

test('the offline page retries by itself until the server answers, under the content security policy', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  let healthCalls = 0;
  await page.route(/\/api\/health(\?|$)/, async (route) => {
    healthCalls++;
    // The server is still down for the first two looks.
    if (healthCalls <= 2) await route.fulfill({ status: 503, body: 'down' });
    else await route.continue();
  });
  await page.addInitScript(() => {
    if (location.protocol.startsWith('http')) localStorage.setItem('app.lang', 'zh-CN');
  });
  await page.goto('/offline.html');
  await expect(page.locator('section[data-lang="zh-CN"]')).toBeVisible();
  await expect(page.locator('section[data-lang="en-US"]')).toBeHidden();
  const reloaded = page.waitForEvent('load');
  await reloaded;
  expect(healthCalls).toBeGreaterThanOrEqual(3);
  // "重试" reloads at once too.
  const again = page.waitForEvent('load');
  await page.getByRole('button', { name: '重试' }).click();
  await again;
  expect(refused).toEqual([]);
});

test('the built CSS keeps the standard backdrop-filter beside the -webkit- one (Chromium reads the standard)', async () => {
  const assets = join(REPO_ROOT, 'apps/web/dist/assets');
  const files = (await readdir(assets)).filter((file) => file.endsWith('.css'));
  let bars = 0;
  for (const file of files) {
    const css = await readFile(join(assets, file), 'utf8');
    const prefixed = css.match(/-webkit-backdrop-filter:/g)?.length ?? 0;
    const standard = css.match(/(?<!-webkit-)backdrop-filter:/g)?.length ?? 0;
    expect(standard, file).toBe(prefixed);
    bars += standard;
  }
  expect(bars).toBeGreaterThanOrEqual(2);
});
