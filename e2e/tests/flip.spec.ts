// Issue 18, acceptance 2 and 4: Lightning Flip at phone size on a scripted price path (the operator's
// pinned price) and a 5 s duration the operator adds for the test: the form's errors as typed, Up for
// 5 s, the countdown, the price moved, the result and the new balance without a reload; a tie's
// explanation; the history and a flip's detail with its two ticks. Screenshots in both languages.
import type { Page } from '@playwright/test';
import { adminApi, pauseOwnRewards } from '../support/admin';
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

async function pin(price: string) {
  await adminApi('/api/admin/market/price', { symbol: 'BTCUSDT', price });
}

let restoreOwnRewards: () => Promise<void>;
test.beforeAll(async () => {
  restoreOwnRewards = await pauseOwnRewards();
  await adminApi('/api/admin/flip/config', { duration: { seconds: 5, enabled: true } });
  await adminApi('/api/admin/flip/config', { rate: { symbol: 'BTCUSDT', seconds: 5, payoutRate: '0.85' } });
});
// The browser tests share one server: the price walks again, and the test's duration goes.
test.afterAll(async () => {
  await restoreOwnRewards();
  await adminApi('/api/admin/market/price', { symbol: 'BTCUSDT' });
  await adminApi('/api/admin/flip/config', { duration: { seconds: 5, enabled: false } });
});

async function openFlip(page: Page, lang: 'en-US' | 'zh-CN', usdt: string) {
  const email = newEmail('flip');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());
  await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: usdt, reason: 'test' });
  await pin('60000');
  await page.goto('/pages/flip-lightning/index?id=BTCUSDT');
}

test('a visitor watches the price and the chart; Up asks them to sign in first', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await pin('60000');
  await page.goto('/pages/flip-lightning/index?id=BTCUSDT');
  await expect(page.getByTestId('flip-price')).toHaveText('60,000.00');
  await expect(page.getByTestId('flip-pair')).toHaveText('BTC/USDT');
  // Nothing typed yet: Up asks them to sign in, and only that (no word about the stake).
  await page.getByTestId('flip-up').click();
  await expect(page.getByTestId('flip-sign-in')).toContainText('Please sign in first');
  await expect(page.getByTestId('flip-amount-error')).toHaveCount(0);
  await saveScreens(page, 'flip-visitor-en');
  await page.getByTestId('flip-sign-in-link').click();
  await expect(page).toHaveURL(/\/pages\/login\/index\?redirect=/);
});

test('a person bets Up for 5 s, watches it count down and win, sees the balance grow, then a tie', async ({
  page,
}) => {
  await openFlip(page, 'en-US', '1000');
  await expect(page.getByTestId('flip-available')).toHaveText('Available 1,000 USDT');

  await test.step("spec §5's flip errors show on the stake as it is typed; Up and Down wait", async () => {
    await page.getByTestId('flip-up').click();
    await expect(page.getByTestId('flip-amount-error')).toHaveText('Amount must be greater than 0');
    await page.getByTestId('flip-amount').fill('0.5');
    await expect(page.getByTestId('flip-amount-error')).toHaveText('Amount out of range: 1 to 10,000 USDT');
    await expect(page.getByTestId('flip-up')).toBeDisabled();
    await expect(page.getByTestId('flip-down')).toBeDisabled();
    await expect(page.getByTestId('flip-blocked')).toHaveText('Amount out of range: 1 to 10,000 USDT');
    await page.getByTestId('flip-amount').fill('2000');
    await expect(page.getByTestId('flip-amount-error')).toHaveText('Insufficient balance');
  });

  await test.step('a 5 s duration and a quick stake show the payout and the profit if it wins', async () => {
    await page.getByTestId('flip-duration-5').click();
    await page.getByTestId('flip-quick-10').click();
    await expect(page.getByTestId('flip-amount')).toHaveValue('10');
    await expect(page.getByTestId('flip-rate')).toHaveText('85%');
    await expect(page.getByTestId('flip-profit')).toHaveText('+8.5 USDT');
    await expect(page.getByTestId('flip-up')).toBeEnabled();
    await saveScreens(page, 'flip-form-en');
  });

  await test.step('Up opens a flip that counts down and shows whether it wins now', async () => {
    await page.getByTestId('flip-up').click();
    const card = page.locator('[data-testid^="open-flip-"]').first();
    await expect(card).toBeVisible();
    // Placed, it comes into view above the Up / Down bar (the list sits below the form).
    await expect(card.getByTestId('flip-countdown')).toBeInViewport();
    await expect(page.getByTestId('flip-available')).toHaveText('Available 990 USDT');
    await expect(card.getByTestId('open-flip-open')).toHaveText('60,000.00');
    await pin('60100');
    await expect(card).toHaveAttribute('data-standing', 'winning');
    await expect(card.getByTestId('open-flip-standing')).toContainText('Winning');
    const seconds = Number(await card.getByTestId('flip-countdown').getAttribute('data-seconds'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(5);
    await card.scrollIntoViewIfNeeded();
    await saveScreens(page, 'flip-open-en');
  });

  await test.step('at the end the win is announced and the balance grows, without a reload', async () => {
    const result = page.getByTestId('flip-result').first();
    await expect(result).toHaveAttribute('data-outcome', 'won', { timeout: 15_000 });
    await expect(result.getByTestId('flip-result-title')).toHaveText('You won 8.5 USDT');
    await expect(result.getByTestId('flip-result-prices')).toHaveText(
      'BTC/USDT Up · open 60,000.00 → close 60,100.00',
    );
    await expect(page.getByTestId('flip-available')).toHaveText('Available 1,008.5 USDT');
    await expect(page.getByTestId('no-open-flips')).toBeVisible();
    await saveScreens(page, 'flip-won-en');
    await result.getByTestId('flip-result-dismiss').click();
  });

  await test.step('a tie gives the stake back and says why', async () => {
    await pin('60100');
    await page.getByTestId('flip-up').click();
    const result = page.getByTestId('flip-result').first();
    await expect(result).toHaveAttribute('data-outcome', 'refunded', { timeout: 15_000 });
    await expect(result.getByTestId('flip-why')).toHaveText(
      'A tie: the close price was exactly the open price (60,100.00), so nobody wins and your stake came back.',
    );
    await expect(page.getByTestId('flip-available')).toHaveText('Available 1,008.5 USDT');
    await saveScreens(page, 'flip-tie-en');
  });

  await test.step('the history lists both; a detail shows the two ticks and where the money went', async () => {
    await page.getByTestId('flip-result-dismiss').first().click();
    await page.getByTestId('flips-tab-closed').click();
    const rows = page.locator('article[data-testid^="settled-flip-"]');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByTestId('settled-flip-result')).toHaveText('Refunded');
    await expect(rows.nth(1).getByTestId('settled-flip-pnl')).toContainText('+8.5 USDT');
    await saveScreens(page, 'flip-history-en');
    await rows.nth(1).getByTestId('settled-flip-detail').click();
    const sheet = page.getByTestId('flip-sheet');
    await expect(sheet.getByTestId('flip-open-tick')).toContainText('60,000.00');
    await expect(sheet.getByTestId('flip-close-tick')).toContainText('60,100.00');
    await expect(sheet.getByTestId('flip-movement')).toHaveText([
      /Your stake, set aside for the flip\s*10 USDT/,
      /Your stake, back in your balance\s*10 USDT/,
      /Your winnings, paid by the house\s*\+8\.5 USDT/,
    ]);
    await expect(sheet.getByTestId('flip-net')).toContainText('+8.5 USDT');
    await saveScreens(page, 'flip-detail-en');
    await sheet.getByTestId('flip-sheet-done').click();
  });

  await test.step('two flips ending together are announced together, with their net result', async () => {
    await pin('60000');
    await page.getByTestId('flips-tab-open').click();
    const cards = page.locator('article[data-testid^="open-flip-"]');
    await page.getByTestId('flip-up').click();
    await expect(cards).toHaveCount(1);
    // A press within 800 ms of the last is taken for a double tap and ignored (spec §9).
    await page.waitForTimeout(900);
    await page.getByTestId('flip-down').click();
    await expect(cards).toHaveCount(2);
    await pin('60200'); // Up wins 8.5, Down loses 10
    const result = page.getByTestId('flip-result');
    await expect(result).toHaveAttribute('data-outcome', 'several', { timeout: 15_000 });
    await expect(result.getByTestId('flip-result-title')).toHaveText('2 flips ended: -1.5 USDT');
    await expect(result.getByTestId('flip-result-line')).toHaveText([
      /BTC\/USDT Down\s*-10 USDT/,
      /BTC\/USDT Up\s*\+8\.5 USDT/,
    ]);
    await expect(page.getByTestId('flip-available')).toHaveText('Available 1,007 USDT');
    await saveScreens(page, 'flip-results-en');
  });
});

test('in Chinese: the form, a flip counting down and its loss', async ({ page }) => {
  await openFlip(page, 'zh-CN', '100');
  await expect(page.getByTestId('flip-available')).toHaveText('可用 100 USDT');
  await page.getByTestId('flip-duration-5').click();
  await page.getByTestId('flip-quick-50').click();
  await expect(page.getByTestId('flip-profit')).toHaveText('+42.5 USDT');
  await saveScreens(page, 'flip-form-zh');
  await page.getByTestId('flip-down').click();
  const card = page.locator('[data-testid^="open-flip-"]').first();
  await expect(card).toBeVisible();
  await pin('60050');
  await expect(card).toHaveAttribute('data-standing', 'losing');
  await saveScreens(page, 'flip-open-zh');
  const result = page.getByTestId('flip-result').first();
  await expect(result).toHaveAttribute('data-outcome', 'lost', { timeout: 15_000 });
  await expect(result.getByTestId('flip-result-title')).toHaveText('亏损 50 USDT');
  await expect(page.getByTestId('flip-available')).toHaveText('可用 50 USDT');
  await saveScreens(page, 'flip-lost-zh');
  await result.getByTestId('flip-result-dismiss').click();
  await page.getByTestId('flips-tab-closed').click();
  await page.getByTestId('settled-flip-detail').first().click();
  await expect(page.getByTestId('flip-sheet').getByTestId('flip-close-tick')).toContainText('60,050.00');
  await saveScreens(page, 'flip-detail-zh');
});

test('Home counts the flips still running, on the game card and under the total', async ({ page }) => {
  await openFlip(page, 'en-US', '100');
  await page.getByTestId('flip-duration-30').click();
  await page.getByTestId('flip-quick-10').click();
  await page.getByTestId('flip-down').click();
  await expect(page.locator('[data-testid^="open-flip-"]').first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('open-plays-flip')).toHaveText('1 open');
  await expect(page.getByTestId('balance-summary-flips')).toHaveText('1 open flip');
  await expect(page.getByTestId('open-plays-contract')).toHaveCount(0);
  await saveScreens(page, 'flip-home-running-en');

  // On a desktop: the page in two columns, a flip's detail a centred sheet of its own width.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/pages/flip-lightning/index?id=BTCUSDT');
  await page.getByTestId('open-flip-detail').first().click();
  const sheet = page.locator('.adm-popup-body.sheet');
  await expect(sheet).toBeVisible();
  const box = (await sheet.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(520);
  expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThanOrEqual(2);
  await saveScreens(page, 'flip-detail-desktop-en', [{ width: 1280, height: 800 }]);
});
