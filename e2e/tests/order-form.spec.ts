// Issue 16, points 11, 12 and 16 in the browser at 390 and 360 px, both languages: a visitor browses
// the game and is asked to sign in at Open (and comes back); a zero balance offers Deposit; the order
// form checks what is typed, shows the cost and the largest margin, warns and asks to confirm from 50x;
// the Open buttons stay at the bottom of a phone; leverage marks remembered per pair; Home's card opens
// the last pair; Total assets → game → Back keeps working; a hidden balance reads ****.
import type { Page } from '@playwright/test';
import { adminApi, pauseOwnRewards } from '../support/admin';
import { newEmail, newPassword, registerInBrowser, saveScreens, submitSignIn } from '../support/app';
import { expect, test } from '../support/fixtures';

async function pin(symbol: string, price: string) {
  await adminApi('/api/admin/market/price', { symbol, price });
}

// Balances to the cent: the player's own invite rewards wait until this file is done.
let restoreOwnRewards: () => Promise<void>;
test.beforeAll(async () => {
  restoreOwnRewards = await pauseOwnRewards();
});
test.afterAll(async () => {
  await restoreOwnRewards();
  await adminApi('/api/admin/market/price', { symbol: 'BTCUSDT' });
});

/** Scrolls the field to the middle of the screen (for a screenshot of the form around it). */
async function centre(page: Page, testId: string) {
  await page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

async function setLanguage(page: Page, lang: 'en-US' | 'zh-CN') {
  await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
}

/** The Open buttons sit in the bottom strip of the screen, whatever is scrolled. */
async function expectOpenAtBottom(page: Page) {
  const viewport = page.viewportSize()!;
  for (const side of ['long', 'short']) {
    const box = (await page.getByTestId(`order-submit-${side}`).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.y).toBeGreaterThan(viewport.height - 90);
  }
}

/** Scrolled to the end, the page's last lines sit above the bottom bar, however tall its note makes it. */
async function expectNothingUnderTheBar(page: Page) {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 740 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = (await page.getByTestId('order-bar').boundingBox())!;
    // The order panel's card is the page's last piece for a visitor (positions are a player's).
    const last = (await page.getByTestId('order-panel').boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(bar.y);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a visitor browses the game, is asked to sign in at Open and comes back; a zero balance offers Deposit', async ({
  page,
}) => {
  const email = newEmail('visitor');
  const password = newPassword();
  await registerInBrowser(page, email, password);
  await page.evaluate(() => localStorage.clear());
  await pin('BTCUSDT', '60000');

  for (const lang of ['en-US', 'zh-CN'] as const) {
    await setLanguage(page, lang);
    await page.goto('/pages/game/detail?id=BTCUSDT');
    // Signed out: the price, the chart and the order form are there.
    await expect(page.getByTestId('pair-price')).toHaveText(/^60,000/);
    await expect(page.getByTestId('market-chart')).toBeVisible();
    await expect(page.getByTestId('order-available')).toHaveCount(0);
    await page.getByTestId('order-margin').fill('100');
    await expect(page.getByTestId('preview-cost')).toHaveText('100.5 USDT');
    await expectOpenAtBottom(page);
    await page.getByTestId('order-submit-long').click();
    await expect(page.getByTestId('order-sign-in')).toContainText(
      lang === 'en-US' ? 'Please sign in first' : '请先登录',
    );
    await expectNothingUnderTheBar(page);
    await saveScreens(page, `order-visitor-${lang === 'en-US' ? 'en' : 'zh'}`);
  }

  await setLanguage(page, 'en-US');
  await page.reload();
  await page.getByTestId('order-submit-long').click();
  await page.getByTestId('order-sign-in-link').click();
  await expect(page).toHaveURL(/\/pages\/login\/index\?redirect=%2Fpages%2Fgame%2Fdetail%3Fid%3DBTCUSDT/);
  expect(await submitSignIn(page, email, password)).toMatchObject({ code: 0 });
  await expect(page).toHaveURL(/\/pages\/game\/detail\?id=BTCUSDT$/);

  // A new account holds nothing: "Insufficient balance" comes with Deposit.
  await expect(page.getByTestId('order-available')).toHaveText('Available 0 USDT');
  await page.getByTestId('order-margin').fill('10');
  await expect(page.getByTestId('order-margin-error')).toHaveText('Insufficient balance');
  await expect(page.getByTestId('order-submit-long')).toBeDisabled();
  // Where the finger is, by the disabled buttons (the field's own line is under the bar as typed).
  const short = page.getByTestId('order-bar').getByTestId('order-short');
  await expect(short).toHaveText('Insufficient balanceDeposit');
  await expect(short).toBeInViewport();
  await expect(page.getByTestId('order-bar-deposit')).toHaveAttribute('href', '/pages/wallet/deposit');
  await saveScreens(page, 'order-zero-balance-bar-en');
  await expectNothingUnderTheBar(page);
  await centre(page, 'order-margin');
  await saveScreens(page, 'order-zero-balance-en');
  await page.getByTestId('order-deposit').click();
  await expect(page).toHaveURL(/\/pages\/wallet\/deposit$/);
});

test('the order form checks what is typed, shows the cost and the max, and warns and confirms from 50x', async ({
  page,
}) => {
  const email = newEmail('order');
  await registerInBrowser(page, email, newPassword());
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '1000', reason: 'test' });
  await pin('BTCUSDT', '60000');

  for (const lang of ['en-US', 'zh-CN'] as const) {
    const en = lang === 'en-US';
    await setLanguage(page, lang);
    await page.goto('/pages/game/detail?id=BTCUSDT');
    await expect(page.getByTestId('order-available')).toBeVisible();
    await expectOpenAtBottom(page);

    // Impossible input: the reason under the field, no preview, Open disabled.
    for (const [field, value, error] of [
      ['order-leverage', '5000', 'order-leverage-error'],
      ['order-leverage', '0', 'order-leverage-error'],
      ['order-margin', 'abc', 'order-margin-error'],
      ['order-margin', '1.1234567', 'order-margin-error'],
      ['order-margin', '-5', 'order-margin-error'],
    ] as const) {
      await page.getByTestId('order-leverage').fill('10');
      await page.getByTestId('order-margin').fill('100');
      await page.getByTestId(field).fill(value);
      await expect(page.getByTestId(error)).toBeVisible();
      await expect(page.getByTestId('preview-size')).toHaveText('--');
      await expect(page.getByTestId('order-submit-long')).toBeDisabled();
    }
    await page.getByTestId('order-margin').fill('5000');
    await page.getByTestId('order-leverage').fill('5000');
    await centre(page, 'order-leverage');
    await saveScreens(page, `order-errors-${en ? 'en' : 'zh'}`);

    // A valid order: its cost, and the largest margin the balance pays with its fee.
    await page.getByTestId('leverage-mark-10').click();
    await page.getByTestId('order-margin').fill('100');
    await expect(page.getByTestId('preview-cost')).toHaveText('100.5 USDT');
    // 1000 / (1 + 10·0.0005) = 995.024875…; after the English run's open (102.5), 897.5 / 1.005.
    await expect(page.getByTestId('order-max')).toHaveText(
      en ? 'Max 995.024875 USDT' : '最多 893.034825 USDT',
    );
    await centre(page, 'order-leverage');
    await saveScreens(page, `order-valid-${en ? 'en' : 'zh'}`);

    // From 50x: the warning, then a confirm before anything opens.
    await page.getByTestId('leverage-mark-50').click();
    await expect(page.getByTestId('order-warning')).toHaveText(
      en
        ? 'High leverage: 50x The open fee is 2.5% of your margin, and a 1.95% move against you liquidates the position.'
        : '高杠杆：50 倍 开仓手续费占保证金的 2.5%，价格反向变动 1.95% 即会强平。',
    );
    await page.getByTestId('order-submit-long').click();
    await expect(page.getByTestId('open-confirm')).toBeVisible();
    await saveScreens(page, `order-confirm-${en ? 'en' : 'zh'}`);
    if (en) {
      await page.getByTestId('open-confirm-ok').click();
      await expect(page.getByTestId('position-liquidation').first()).toBeVisible();
      await expect(page.getByTestId('order-available')).toHaveText('Available 897.5 USDT');
    } else {
      await page.getByRole('button', { name: '取消' }).click();
      await expect(page.getByTestId('open-confirm')).toHaveCount(0);
    }
  }

  // The leverage is remembered for the pair.
  await page.reload();
  await expect(page.getByTestId('order-leverage')).toHaveValue('50');
  // The slider reaches 25x and 5x by finger: a log scale with the marks under it.
  await page.getByTestId('leverage-mark-5').click();
  await expect(page.getByTestId('order-leverage')).toHaveValue('5');
  await page.getByTestId('order-leverage-slider').fill('466');
  await expect(page.getByTestId('order-leverage')).toHaveValue('25');

  // A take-profit above the price suits a long only: Open short says why beside the field, brought
  // above the bottom bar, and Open long stays one tap away (both buttons were dead before).
  await page.getByTestId('order-margin').fill('100');
  await page.getByTestId('order-tp').fill('61000');
  await expect(page.getByTestId('order-submit-short')).toBeEnabled();
  await page.getByTestId('order-submit-short').click();
  await expect(page.getByTestId('order-tp-error')).toHaveText(
    '止盈价须高于开仓价（做多）或低于开仓价（做空）',
  );
  const error = (await page.getByTestId('order-tp-error').boundingBox())!;
  expect(error.y + error.height).toBeLessThanOrEqual((await page.getByTestId('order-bar').boundingBox())!.y);
  await expect(page.getByTestId('order-submit-short')).toBeDisabled();
  await expect(page.getByTestId('order-submit-long')).toBeEnabled();
  await saveScreens(page, 'order-one-side-targets-zh');
});

test('Home’s card opens the last pair; Total assets → game → Back keeps the page; a hidden balance reads ****', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await registerInBrowser(page, newEmail('home-card'), newPassword());
  await expect(page.getByTestId('entry-contract')).toHaveAttribute('href', '/pages/game/detail?id=BTCUSDT');

  await page.goto('/pages/asset/total');
  await expect(page.getByTestId('asset-total-usdt')).toBeVisible();
  await page.goto('/pages/game/detail?id=ETHUSDT');
  await expect(page.getByTestId('order-available')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('asset-total-usdt')).toBeVisible();
  expect(errors).toEqual([]);

  await page.goto('/');
  await expect(page.getByTestId('entry-contract')).toHaveAttribute('href', '/pages/game/detail?id=ETHUSDT');
  await page.getByTestId('hide-balances').click();
  await expect(page.getByTestId('balance-summary-total')).toHaveText('****');
  await saveScreens(page, 'home-hidden-en');
});

test('the pair’s name switches pairs, as on an exchange: every pair with its live price, one tap away', async ({
  page,
}) => {
  for (const lang of ['en-US', 'zh-CN'] as const) {
    await page.goto('/');
    await setLanguage(page, lang);
    await page.goto('/pages/game/detail?id=BTCUSDT');
    await page.getByTestId('pair-switch').click();
    const sheet = page.getByTestId('pair-switcher');
    await expect(sheet.getByRole('heading')).toHaveText(lang === 'en-US' ? 'Choose a pair' : '选择交易对');
    await expect(sheet.getByTestId('ticker-ETHUSDT').getByTestId('ticker-price')).toHaveText(
      /^\d[\d,]*\.\d{2}$/,
    );
    await saveScreens(page, `pair-switcher-${lang === 'en-US' ? 'en' : 'zh'}`);
    await sheet.getByTestId('ticker-ETHUSDT').click();
    await expect(page).toHaveURL(/\/pages\/game\/detail\?id=ETHUSDT$/);
    await expect(page.getByTestId('pair-switch')).toHaveText('ETH/USDT');
    await expect(sheet).toHaveCount(0);
  }
  // A pair that does not exist is no dead end: the pairs that do are listed under the note.
  await page.goto('/pages/game/detail?id=NOPEUSDT');
  await expect(page.getByTestId('pair-unknown')).toBeVisible();
  await expect(page.getByTestId('ticker-SOLUSDT')).toBeVisible();
  await saveScreens(page, 'pair-unknown-zh');
  await page.getByTestId('ticker-SOLUSDT').click();
  await expect(page).toHaveURL(/\/pages\/game\/detail\?id=SOLUSDT$/);
  await expect(page.getByTestId('pair-switch')).toHaveText('SOL/USDT');
});
