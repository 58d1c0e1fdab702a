// Issue 10, acceptance 5: Home's market list moves with the feed over the WebSocket, a row opens that
// pair's game, the red-up / green-up choice in Profile recolours every change, and the contract screen
// draws the pair's chart in each of the spec's timeframes (screenshots at 390 and 360 px, both languages).
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
  await expect(rows.first()).toHaveAttribute('href', '/pages/game/detail?id=BTCUSDT');

  await test.step('prices tick over the WebSocket without a reload', async () => {
    const btc = page.getByTestId('ticker-BTCUSDT').getByTestId('ticker-price');
    const first = await btc.textContent();
    await expect.poll(() => btc.textContent(), { timeout: 10_000 }).not.toBe(first);
  });

  await test.step('an operator’s pinned price shows at once, rounded to the pair’s decimals', async () => {
    await adminApi('/api/admin/market/price', { symbol: 'ETHUSDT', price: '99999.999' });
    const eth = page.getByTestId('ticker-ETHUSDT');
    await expect(eth.getByTestId('ticker-price')).toHaveText('100,000.00');
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

// Issue 16, point 16: Home's first screen (390 × 844) shows the leading pairs' live prices, signed
// out too: the pair's decimals, tabular figures, the up/down colour, moving with the feed.
test('Home’s first screen shows the leading pairs’ prices, moving with the feed, in both languages', async ({
  page,
}) => {
  const pin = (price?: string) =>
    adminApi('/api/admin/market/price', { symbol: 'BTCUSDT', ...(price ? { price } : {}) });
  try {
    await page.goto('/');
    const hero = page.getByTestId('hero-prices');
    const rows = hero.locator('[data-testid^="hero-price-"]');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toHaveAttribute('href', '/pages/game/detail?id=BTCUSDT');
    // On the first screen, without scrolling.
    const box = await hero.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    const btc = page.getByTestId('hero-price-BTCUSDT');
    const price = btc.getByTestId('hero-price');
    await expect(price).toHaveCSS('font-variant-numeric', 'tabular-nums');

    await test.step('a pinned price shows at once, with the pair’s decimals, in the down colour below the open', async () => {
      await pin('1234.5');
      await expect(price).toHaveText('1,234.50');
      await expect(btc.getByTestId('hero-change')).toHaveText(/^-\d[\d,]*\.\d{2}%$/);
      await expect(price).toHaveCSS('color', RED);
    });

    await test.step('and moves again when the pinned price changes, rising in the up colour', async () => {
      await pin('99999.999');
      await expect(price).toHaveText('100,000.00');
      await expect(btc.getByTestId('hero-change')).toHaveText(/^\+\d[\d,]*\.\d{2}%$/);
      await expect(price).toHaveCSS('color', GREEN);
      await expect(btc.getByTestId('hero-change')).toHaveCSS('color', GREEN);
      await saveScreens(page, 'home-live-prices-en');
    });

    await test.step('in Chinese too', async () => {
      await page.evaluate(() => localStorage.setItem('app.lang', 'zh-CN'));
      await page.reload();
      await expect(page.getByRole('list', { name: '行情' })).toBeVisible();
      await expect(price).toHaveText('100,000.00');
      await pin('99990.5');
      await expect(price).toHaveText('99,990.50');
      await saveScreens(page, 'home-live-prices-zh');
    });
  } finally {
    await page.evaluate(() => localStorage.setItem('app.lang', 'en-US'));
    await pin();
  }
});

/** Pixels of the chart's canvases close to a colour (the library draws on canvas, not in the DOM). */
async function chartPixels(page: Page, rgb: [number, number, number]): Promise<number> {
  return page.getByTestId('market-chart').evaluate((chart, [r, g, b]) => {
    let count = 0;
    for (const canvas of Array.from(chart.querySelectorAll('canvas'))) {
      const context = canvas.getContext('2d');
      if (!context || !canvas.width || !canvas.height) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        const near = Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 40;
        if (near && data[i + 3]! > 200) count += 1;
      }
    }
    return count;
  }, rgb);
}

const UP_GREEN: [number, number, number] = [22, 199, 132];
const DOWN_RED: [number, number, number] = [255, 84, 104];
const LINE_BLUE: [number, number, number] = [32, 156, 255];

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`the contract screen draws the pair’s chart in each timeframe (${lang})`, async ({ page }) => {
    const zh = lang === 'zh-CN';
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pages/register/index');
    await registerInBrowser(page, newEmail('chart'), newPassword());
    await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
    await adminApi('/api/admin/market/price', { symbol: 'SOLUSDT', price: '187.456' });
    await page.goto('/pages/game/detail?id=SOLUSDT');

    await test.step('the header shows the live price at the pair’s decimals', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('SOL/USDT');
      await expect(page.getByTestId('pair-price')).toHaveText('187.46');
      await expect(page.getByTestId('pair-change')).toHaveText(/^[+-]?\d[\d,]*\.\d{2}%$/);
      await expect(page.getByTestId('pair-stale')).toHaveCount(0);
    });

    for (const [interval, name] of [
      ['1s', zh ? '分时' : 'Time'],
      ['1m', '1m'],
      ['5m', '5m'],
      ['15m', '15m'],
    ] as const) {
      await test.step(`${name}: history, then live`, async () => {
        await page.getByRole('tab', { name, exact: true }).click();
        await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
        const chart = page.getByTestId('market-chart');
        await expect(chart).toHaveAttribute('data-interval', interval);
        await expect(chart).toHaveAttribute('data-status', 'ready');
        if (interval === '1s') {
          await expect.poll(() => chartPixels(page, LINE_BLUE)).toBeGreaterThan(100);
        } else {
          // A day of walking history: candles of both directions.
          await expect.poll(() => chartPixels(page, UP_GREEN)).toBeGreaterThan(30);
          await expect.poll(() => chartPixels(page, DOWN_RED)).toBeGreaterThan(30);
        }
        if (interval === '5m') await saveScreens(page, `market-chart-5m-${zh ? 'zh' : 'en'}`);
      });
    }
    await saveScreens(page, `market-chart-15m-${zh ? 'zh' : 'en'}`);

    await test.step('the timeframe is remembered', async () => {
      await page.reload();
      await expect(page.getByTestId('market-chart')).toHaveAttribute('data-interval', '15m');
    });

    await test.step('an unknown pair says so', async () => {
      await page.goto('/pages/game/detail?id=NOPEUSDT');
      await expect(page.getByTestId('pair-unknown')).toHaveText(zh ? '未知的交易对' : 'Unknown trading pair');
      await page.goto('/pages/game/detail');
      await expect(page.getByTestId('missing-id')).toContainText(
        zh ? '缺少参数：id' : 'Missing parameter: id',
      );
    });
    await adminApi('/api/admin/market/price', { symbol: 'SOLUSDT' });
  });
}

test('Assets move by themselves when the balance changes: the user channel says so after the commit', async ({
  page,
}) => {
  const email = newEmail('live-balance');
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '12', reason: 'test' });
  await page.goto('/pages/asset/total');
  await expect(page.getByTestId('asset-total-usdt')).toHaveText('≈ 12.00');
  // Nothing polls this screen: only the WebSocket's `balances` notice can move it without a reload.
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '30.5', reason: 'test' });
  await expect(page.getByTestId('asset-total-usdt')).toHaveText('≈ 42.50', { timeout: 5000 });
});
