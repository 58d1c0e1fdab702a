// Issue 16, points 13–15 (positions side): on a scripted price path (the operator's pinned prices), a
// player's positions of every pair with a count and "this pair only"; the chart's position lines;
// TP / SL checked against the current price with both errors and the estimated PnL; the Close confirm
// with the estimated price, unrealized PnL, fee and what closing adds; a closed position's realized PnL with its
// lines adding up; Home, Total assets and the asset history reading the same; a margin-ratio warning
// and a liquidation notice that stays until dismissed; a pair going stale disabling Close with the
// reason and recovering by itself. At 390 and 360 px, in both languages; screenshots for docs/screens.
import type { Page } from '@playwright/test';
import { Decimal } from '@tradeflip/money';
import { adminApi, pauseOwnRewards } from '../support/admin';
import { newEmail, newPassword, playerApi, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

async function pin(symbol: string, price: string) {
  await adminApi('/api/admin/market/price', { symbol, price });
}

let restoreOwnRewards: () => Promise<void>;
test.beforeAll(async () => {
  restoreOwnRewards = await pauseOwnRewards();
});
// The browser tests share one server: the prices this file pins walk again after it, and the rewards
// come back.
test.afterAll(async () => {
  await restoreOwnRewards();
  for (const symbol of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']) {
    await adminApi('/api/admin/market/price', { symbol });
  }
});

async function player(page: Page, lang: 'en-US' | 'zh-CN', usdt: string, width = 390) {
  const email = newEmail('positions');
  await page.setViewportSize({ width, height: width === 390 ? 844 : 780 });
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());
  await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: usdt, reason: 'test' });
  return email;
}

/** Opens a position through the API as the signed-in user (the order panel is another test's). */
async function open(page: Page, body: Record<string, unknown>): Promise<{ id: string; orderNo: string }> {
  return playerApi(page, '/api/app/game/open', body);
}

test('every pair’s positions, their lines on the chart, TP / SL, the Close confirm and the net PnL that adds up (en)', async ({
  page,
}) => {
  await player(page, 'en-US', '1000');
  await pin('BTCUSDT', '60000');
  await pin('ETHUSDT', '3000');
  await page.goto('/');
  const btc = await open(page, { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 });
  await open(page, { symbol: 'ETHUSDT', side: 'short', margin: '50', leverage: 20 });
  await page.goto('/pages/game/detail?id=BTCUSDT');
  const btcCard = page.getByTestId(`position-${btc.id}`);

  await test.step('the tab counts both pairs’ positions; "this pair only" narrows to BTC', async () => {
    await expect(page.getByTestId('positions-count')).toHaveText('2');
    await expect(page.locator('article.position')).toHaveCount(2);
    await expect(
      page.locator('article.position[data-symbol="ETHUSDT"]').getByTestId('position-pair'),
    ).toHaveText('ETH/USDT');
    await page.getByTestId('positions-this-pair').check();
    await expect(page.locator('article.position')).toHaveCount(1);
    await expect(btcCard).toBeVisible();
    await page.getByTestId('positions-this-pair').uncheck();
    await expect(page.locator('article.position')).toHaveCount(2);
  });

  await test.step('the chart draws this pair’s entry and liquidation lines; prices keep the pair’s decimals', async () => {
    // 60000 · (1 − (100 − 1000·0.0005)/1000) = 54030
    await expect(page.getByTestId('market-chart')).toHaveAttribute(
      'data-price-lines',
      'entry:60000 liquidation:54030',
    );
    // The liquidation line is the price where it would happen, not "Liquidated".
    await expect(page.getByTestId('market-chart')).toHaveAttribute(
      'data-price-line-titles',
      'Long 10× | Liq. price',
    );
    await expect(btcCard.getByTestId('position-liquidation')).toHaveText('54,030.00');
    await pin('BTCUSDT', '61200');
    await expect(btcCard.getByTestId('position-price')).toHaveText('61,200.00');
    // The headline is the unrealized PnL, the price's move alone: 20; beside it, what closing now adds
    // after the close fee 1020 · 0.0005 (the open fee has left already): 19.49.
    await expect(btcCard.getByTestId('position-pnl')).toContainText('+20 USDT');
    await expect(btcCard.getByTestId('position-close-now')).toHaveText('+19.49');
    await expect(btcCard.getByTestId('position-risk')).toBeVisible();
    await expect(btcCard.getByTestId('position-risk')).toHaveAttribute('data-warn', 'false');
    await btcCard.scrollIntoViewIfNeeded();
    await saveScreens(page, 'positions-open-en');
  });

  await test.step('TP / SL: both errors against the current price at once, then a stop at break-even', async () => {
    await btcCard.getByTestId('position-targets-edit').click();
    await page.getByTestId('targets-tp').fill('61000');
    await page.getByTestId('targets-sl').fill('61300');
    await expect(page.getByTestId('targets-tp-error')).toHaveText(
      'Take-profit must be above the current price for a long and below it for a short',
    );
    await expect(page.getByTestId('targets-sl-error')).toHaveText(
      'Stop-loss must be below the current price for a long and above it for a short',
    );
    await expect(page.getByTestId('targets-save')).toBeDisabled();
    await saveScreens(page, 'positions-targets-errors-en');
    await page.getByTestId('targets-tp').fill('66000');
    await page.getByTestId('targets-sl').fill('60100');
    await expect(page.getByTestId('targets-sheet')).toContainText('Est. realized PnL +98.95 USDT');
    await expect(page.getByTestId('targets-sheet')).toContainText('Est. realized PnL +0.665833 USDT');
    await saveScreens(page, 'positions-targets-en');
    await page.getByTestId('targets-save').click();
    await expect(btcCard.getByTestId('position-targets')).toHaveText('66,000.00 / 60,100.00');
    await expect(page.getByTestId('market-chart')).toHaveAttribute(
      'data-price-lines',
      'entry:60000 liquidation:54030 take_profit:66000 stop_loss:60100',
    );
    await expect(page.getByTestId('market-chart')).toHaveAttribute(
      'data-price-line-titles',
      'Long 10× | Liq. price | TP | SL',
    );
  });

  await test.step('Home and Total assets show the open positions and their unrealized PnL', async () => {
    await page.goto('/');
    // The cards' headlines summed: BTC +20, ETH 0.
    await expect(page.getByTestId('balance-summary-positions')).toHaveText(
      '2 open positions · Unrealized PnL\u00a0+20',
    );
    // One by one under the game cards, the newest first, each its card's headline, each opening its pair.
    const plays = page.getByTestId('home-open-position');
    await expect(plays).toHaveText(['ETH/USDTShort 20×0 USDT', 'BTC/USDTLong 10×+20 USDT']);
    await expect(plays.nth(1)).toHaveAttribute('href', '/pages/game/detail?id=BTCUSDT');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreens(page, 'positions-home-en');
    await page.goto('/pages/asset/total');
    // Beside available and frozen, what closing both now adds: 20 − 0.51 + 0 − 0.5 (their opening
    // fees have left the balance already), so the three add up to the total.
    await expect(page.getByTestId('asset-unrealized')).toHaveText('+20');
    await expect(page.getByTestId('asset-close-now')).toHaveText('+18.99');
    // What closing both now would leave: 1000 − 0.5 − 0.5 in open fees + 20 − 0.51 + 0 − 0.5 = 1000 + 17.99.
    await expect(page.getByTestId('asset-total-usdt')).toHaveText('≈ 1,017.99');
    await saveScreens(page, 'positions-assets-en');
  });

  await test.step('Close confirm: estimated close price, the unrealized PnL, close fee and what closing adds', async () => {
    await page.goto('/pages/game/detail?id=BTCUSDT');
    await btcCard.getByTestId('position-close').click();
    await expect(page.getByTestId('close-sheet-order')).toHaveText(btc.orderNo);
    await expect(page.getByTestId('close-sheet-price')).toHaveText('61,200.00');
    // Its parts add up: +20 − 0.51 = +19.49, in the up colour (the open fee is not taken again).
    await expect(page.getByTestId('close-sheet-gross')).toHaveText('+20 USDT');
    await expect(page.getByTestId('close-sheet-fee')).toHaveText('-0.51 USDT');
    await expect(page.getByTestId('close-sheet-net').locator('b')).toHaveCSS('color', 'rgb(22, 199, 132)');
    await expect(page.getByTestId('close-sheet-net')).toHaveText('+19.49 USDT');
    await saveScreens(page, 'positions-close-confirm-en');
    await page.getByTestId('close-confirm').click();
    await expect(page.getByTestId('positions-count')).toHaveText('1');
  });

  await test.step('history: realized PnL net of fees, its breakdown, and lines that add up', async () => {
    await page.getByTestId('positions-tab-closed').click();
    const closed = page.locator('article.position--closed').first();
    await expect(closed.getByTestId('closed-pnl')).toContainText('+18.99 USDT');
    await expect(closed.getByTestId('closed-return')).toHaveText('+18.99%');
    // The order number stays on one line at 360 px (it broke mid-number in a one-column cell).
    await page.setViewportSize({ width: 360, height: 780 });
    expect((await closed.getByTestId('closed-order').boundingBox())!.height).toBeLessThan(24);
    await page.setViewportSize({ width: 390, height: 844 });
    await closed.scrollIntoViewIfNeeded();
    await saveScreens(page, 'positions-history-en');
    await closed.getByTestId('closed-detail').click();
    const sheet = page.getByTestId('position-sheet');
    await expect(sheet.getByTestId('sheet-gross')).toHaveText('+20');
    await expect(sheet.getByTestId('sheet-open-fee')).toHaveText('-0.5');
    await expect(sheet.getByTestId('sheet-close-fee')).toHaveText('-0.51');
    // Where it would have ended is an open position's estimate: a closed one shows neither.
    await expect(sheet.getByTestId('sheet-liquidation')).toHaveCount(0);
    await expect(sheet.getByTestId('sheet-break-even')).toHaveCount(0);
    await expect(sheet.getByTestId('sheet-opened')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(sheet.getByTestId('sheet-entry')).toHaveText([
      /Margin locked\s*100 USDT/,
      /Open fee\s*-0\.5 USDT/,
      /Close fee\s*-0\.51 USDT/,
      /Margin returned\s*100 USDT/,
      /Profit\s*\+20 USDT/,
    ]);
    await expect(sheet.getByTestId('sheet-net')).toContainText('+18.99 USDT');
    await saveScreens(page, 'positions-detail-en');
    await page.getByTestId('position-sheet-done').click();
  });

  await test.step('the asset history reads the same: one item, its net, the same lines', async () => {
    await page.goto('/pages/wallet/token?id=USDT');
    const item = page.locator(
      '[data-testid="activity-item"][data-kind="contract_position"][data-state="done"]',
    );
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('activity-amount')).toHaveText('+18.99');
    await item.click();
    await expect(page.getByTestId('activity-step')).toHaveText([
      // The margin's lines say where it went (unsigned, not part of the net).
      /Margin locked.*100 Frozen$/,
      /Open fee.*-0\.5$/,
      /Close fee.*-0\.51$/,
      /Margin returned.*100 Available$/,
      /Profit.*\+20$/,
    ]);
    await saveScreens(page, 'positions-asset-history-en');
  });
});

test('a margin-ratio warning near liquidation, then the liquidation announced until dismissed (zh-CN, 360 px)', async ({
  page,
}) => {
  await player(page, 'zh-CN', '100', 360);
  await pin('SOLUSDT', '200');
  await page.goto('/');
  // Short 10 × 100 at 200, maintenance of SOL: its liquidation price is on the card.
  await open(page, { symbol: 'SOLUSDT', side: 'short', margin: '10', leverage: 50, takeProfit: '150' });
  await page.goto('/pages/game/detail?id=SOLUSDT');
  const card = page.locator('article.position').first();
  await expect(page.getByTestId('market-chart')).toHaveAttribute(
    'data-price-line-titles',
    '做空 50× | 强平价 | 止盈',
  );
  const liquidationShown = (await card.getByTestId('position-liquidation').textContent())!;
  const liquidation = liquidationShown.replace(/,/g, '');
  // Nine tenths of the way to the liquidation price: the bar warns.
  const near = new Decimal(liquidation).sub(200).mul('0.9').add(200).toFixed(2);
  await pin('SOLUSDT', near);
  await expect(card.getByTestId('position-risk')).toHaveAttribute('data-warn', 'true');
  await expect(card.getByTestId('position-risk-warning')).toHaveText('接近强平：请考虑平仓或设置止损');
  await card.scrollIntoViewIfNeeded();
  await saveScreens(page, 'positions-risk-zh');

  await pin('SOLUSDT', liquidation);
  // The notification centre's toast, at the top (clear of the order bar).
  const notice = page.getByTestId('notice-toast');
  await expect(notice).toContainText(
    // The price as the card wrote it, at the pair's decimals.
    `仓位已强平您的 SOL/USDT 做空仓位已在 ${liquidationShown} 被强制平仓。`,
  );
  await expect(page.getByTestId('no-positions')).toBeVisible();
  await page.getByTestId('positions').scrollIntoViewIfNeeded();
  await saveScreens(page, 'positions-liquidated-zh');
  await page.getByTestId('notice-toast-dismiss').click();
  await expect(notice).toHaveCount(0);
});

test('a pair going stale disables Close with the reason and recovers by itself (en)', async ({ page }) => {
  await player(page, 'en-US', '1000');
  await pin('BTCUSDT', '60000');
  // The socket's BTC ticks are held back while `paused`, as a feed that stopped would.
  let paused = false;
  await page.routeWebSocket(/\/api\/ws/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (paused && typeof message === 'string' && message.includes('"ticks"')) {
        const frame = JSON.parse(message) as { list: { symbol: string }[] };
        frame.list = frame.list.filter((tick) => tick.symbol !== 'BTCUSDT');
        if (frame.list.length) ws.send(JSON.stringify(frame));
        return;
      }
      ws.send(message);
    });
  });
  await page.goto('/');
  await open(page, { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 });
  await page.goto('/pages/game/detail?id=BTCUSDT');
  const card = page.locator('article.position').first();
  await expect(card.getByTestId('position-close')).toBeEnabled();

  paused = true;
  // No tick for the staleness limit (10 s): the reason shows and Close waits.
  await expect(card.getByTestId('position-stale')).toHaveText(
    'Price paused: closing waits until it moves again',
    {
      timeout: 20_000,
    },
  );
  await expect(card.getByTestId('position-close')).toBeDisabled();
  await expect(page.getByTestId('pair-stale')).toBeVisible();
  await expect(page.getByTestId('order-stale')).toBeVisible();
  // Open waits too, its reason in the bottom bar beside it.
  await expect(page.getByTestId('order-bar').getByTestId('order-stale')).toBeVisible();
  await expect(page.getByTestId('order-submit-long')).toBeDisabled();
  await expect(page.getByTestId('order-submit-short')).toBeDisabled();
  await expect(page.getByTestId('pair-change')).not.toHaveClass(/is-down|is-up/);
  await card.scrollIntoViewIfNeeded();
  await saveScreens(page, 'positions-stale-en');

  paused = false;
  await expect(card.getByTestId('position-stale')).toHaveCount(0);
  await expect(card.getByTestId('position-close')).toBeEnabled();
  await expect(page.getByTestId('pair-stale')).toHaveCount(0);
  await expect(page.getByTestId('order-stale')).toHaveCount(0);
  await expect(page.getByTestId('order-submit-long')).toBeEnabled();
});

test('a device that goes offline is told its connection, not the market, stopped the price (en)', async ({
  page,
}) => {
  await player(page, 'en-US', '1000');
  await pin('BTCUSDT', '60000');
  await page.goto('/');
  await open(page, { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10, takeProfit: '61000' });
  await page.goto('/pages/game/detail?id=BTCUSDT');
  const card = page.locator('article.position').first();
  await expect(card.getByTestId('position-close')).toBeEnabled();

  await page.context().setOffline(true);
  // No tick for the staleness limit (10 s): Close and Open wait, and the reason is the connection.
  await expect(card.getByTestId('position-stale')).toHaveText(
    'Connection lost, reconnecting: closing waits until it is back',
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('order-bar').getByTestId('order-stale')).toHaveText(
    'Connection lost, reconnecting. Prices and new orders wait until it is back.',
  );
  await expect(card.getByTestId('position-close')).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await saveScreens(page, 'positions-offline-en');

  await page.context().setOffline(false);
  await expect(card.getByTestId('position-stale')).toHaveCount(0, { timeout: 20_000 });
  await expect(card.getByTestId('position-close')).toBeEnabled();
  // The screen stayed; what it could not load offline (the plays feed below the positions) comes now.
  await page.locator('.game__plays').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('plays-feed')).toBeVisible();

  // Back online, the take-profit is hit: announced in a sentence (side in lower case).
  await pin('BTCUSDT', '61000');
  await expect(page.getByTestId('notice-toast')).toContainText(
    'Take-profit filledYour BTC/USDT long position closed at 61,000.00 by its take-profit.',
  );
});
