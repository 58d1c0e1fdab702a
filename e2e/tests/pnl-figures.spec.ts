// Issue 32, points 1 and 3: one set of PnL figures and one precision on every screen. With an ETH
// long 5× and a DOGE short 10× open at pinned prices and one flip running, Home, Total assets, USDT's
// page, each position card, its detail, the Close confirm and (once closed) the share card show the
// same figures, computed here from entry, mark, size and the pair's close fee rate:
//   unrealized PnL = size × (mark − entry), signed by side, truncated to USDT's 6 decimals;
//   if closed now (after fee) = unrealized PnL − the close fee at the mark (half-up to 6);
//   realized PnL = PnL − open fee − close fee − funding; return = PnL / margin at 4 decimals.
// In both languages, at 390 and 360 px; screenshots for docs/screens.
import type { Page } from '@playwright/test';
import { Decimal } from '@tradeflip/money';
import { pnlTermsEn, pnlTermsZh } from '@tradeflip/i18n/pnl-terms';
import { adminApi, pauseOwnRewards } from '../support/admin';
import { newEmail, newPassword, playerApi, registerInBrowser, saveScreens, sheetRisen } from '../support/app';
import { expect, test } from '../support/fixtures';

const DP = 6;

async function pin(symbol: string, price: string) {
  await adminApi('/api/admin/market/price', { symbol, price });
}

let restoreOwnRewards: () => Promise<void>;
test.beforeAll(async () => {
  restoreOwnRewards = await pauseOwnRewards();
});
test.afterAll(async () => {
  await restoreOwnRewards();
  for (const symbol of ['ETHUSDT', 'DOGEUSDT']) await adminApi('/api/admin/market/price', { symbol });
});

interface Opened {
  id: string;
  side: 'long' | 'short';
  margin: string;
  notional: string;
  entryPrice: string;
  openFee: string;
}

/** The figures of one position at `mark`, from its terms alone. */
function expected(position: Opened, mark: string, closeFeeRate: string) {
  const size = new Decimal(position.notional).div(position.entryPrice);
  const move = new Decimal(mark).sub(position.entryPrice);
  const unrealized = size
    .mul(position.side === 'long' ? move : move.neg())
    .toDecimalPlaces(DP, Decimal.ROUND_DOWN);
  const closeFee = size.mul(mark).mul(closeFeeRate).toDecimalPlaces(DP, Decimal.ROUND_HALF_UP);
  return { unrealized, closeFee, closeNow: unrealized.sub(closeFee) };
}

/** A signed amount as every screen writes it: trailing zeros trimmed, `+` before a gain. */
const signed = (value: Decimal) => (value.gt(0) ? `+${value.toFixed()}` : value.toFixed());
/** A return on margin as a percentage: 4 decimals of the fraction, shown at 2. */
const percent = (pnl: Decimal, margin: string) => {
  const rate = pnl.div(margin).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).mul(100);
  return `${rate.gt(0) ? '+' : ''}${rate.toFixed(2)}%`;
};

async function player(page: Page, lang: 'en-US' | 'zh-CN') {
  const email = newEmail('pnl');
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());
  await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '1000', reason: 'test' });
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`the same PnL figures on Home, Total assets, USDT's page, the cards, the detail, the Close confirm and the share card (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const terms = lang === 'en-US' ? pnlTermsEn : pnlTermsZh;
    await player(page, lang);
    await pin('ETHUSDT', '3000');
    await pin('DOGEUSDT', '0.15');
    const pairs = (
      await playerApi<{ list: { symbol: string; closeFeeRate: string }[] }>(page, '/api/app/game/pairs')
    ).list;
    const rateOf = (symbol: string) => pairs.find((pair) => pair.symbol === symbol)!.closeFeeRate;
    const eth = await playerApi<Opened>(page, '/api/app/game/open', {
      symbol: 'ETHUSDT',
      side: 'long',
      margin: '100',
      leverage: 5,
    });
    const doge = await playerApi<Opened>(page, '/api/app/game/open', {
      symbol: 'DOGEUSDT',
      side: 'short',
      margin: '50',
      leverage: 10,
    });
    const config = await playerApi<{ durations: number[] }>(page, '/api/app/flip/config');
    await playerApi(page, '/api/app/flip/open', {
      symbol: 'ETHUSDT',
      direction: 'up',
      amount: '10',
      duration: Math.max(...config.durations),
      token: 'USDT',
    });
    await pin('ETHUSDT', '3013.37');
    await pin('DOGEUSDT', '0.15032');
    const e = expected(eth, '3013.37', rateOf('ETHUSDT'));
    const g = expected(doge, '0.15032', rateOf('DOGEUSDT'));
    const unrealized = e.unrealized.add(g.unrealized);
    const closeNow = e.closeNow.add(g.closeNow);
    // What the balance holds now: 1000 less both margins, both open fees and the flip's stake available;
    // the margins and the stake frozen; the total adds what closing both now would.
    const available = new Decimal(1000).sub(150).sub(eth.openFee).sub(doge.openFee).sub(10);
    const frozen = new Decimal(160);
    const total = `≈ ${available.add(frozen).add(closeNow).toDecimalPlaces(2, Decimal.ROUND_FLOOR).toFixed(2)}`;
    const tag = lang === 'en-US' ? 'en' : 'zh';

    await test.step('Home: the total, and the open positions’ unrealized PnL, in sum and one by one', async () => {
      await page.goto('/');
      await expect(page.getByTestId('balance-summary-total')).toHaveText(total);
      await expect(page.getByTestId('balance-summary-positions')).toContainText(terms.unrealized);
      await expect(page.getByTestId('balance-summary-pnl')).toHaveText(signed(unrealized));
      await expect(page.getByTestId('home-open-position-pnl')).toHaveText([
        `${signed(g.unrealized)} USDT`,
        `${signed(e.unrealized)} USDT`,
      ]);
      await saveScreens(page, `pnl-home-${tag}`);
    });

    await test.step('Total assets: the same total, available + frozen + if closed now', async () => {
      await page.getByTestId('balance-summary-link').click();
      await expect(page.getByTestId('asset-total-usdt')).toHaveText(total);
      await expect(page.getByTestId('asset-available-usdt')).toHaveText(available.toFixed(2));
      await expect(page.getByTestId('asset-frozen-usdt')).toHaveText(frozen.toFixed(2));
      await expect(page.getByTestId('asset-unrealized')).toHaveText(signed(unrealized));
      await expect(page.getByTestId('asset-close-now')).toHaveText(signed(closeNow));
      await expect(page.getByTestId('asset-overview')).toContainText(terms.unrealized);
      await expect(page.getByTestId('asset-overview')).toContainText(terms.closeNow);
      await saveScreens(page, `pnl-assets-${tag}`);
    });

    await test.step('USDT’s page: the balance at its decimals and the same two figures', async () => {
      await page.goto('/pages/wallet/token?id=USDT');
      await expect(page.getByTestId('token-available')).toHaveText(available.toFixed());
      await expect(page.getByTestId('token-frozen')).toHaveText(frozen.toFixed());
      await expect(page.getByTestId('token-unrealized')).toHaveText(signed(unrealized));
      await expect(page.getByTestId('token-close-now')).toHaveText(signed(closeNow));
      await saveScreens(page, `pnl-token-${tag}`);
    });

    await page.goto('/pages/game/detail?id=ETHUSDT');
    for (const [position, figures] of [
      [eth, e],
      [doge, g],
    ] as const) {
      await test.step(`the ${position.side} card: the headline, its return, and if closed now`, async () => {
        const card = page.getByTestId(`position-${position.id}`);
        await expect(card.getByTestId('position-pnl')).toContainText(`${signed(figures.unrealized)} USDT`);
        await expect(card.getByTestId('position-pnl')).toContainText(terms.unrealized);
        await expect(card.getByTestId('position-return')).toHaveText(
          percent(figures.unrealized, position.margin),
        );
        await expect(card.getByTestId('position-close-now')).toHaveText(signed(figures.closeNow));
        // Margins and sizes at the token's decimals, as the detail writes them.
        await expect(card).toContainText(position.margin);
        await expect(card).toContainText(new Decimal(position.notional).toFixed());
      });
    }
    await page.getByTestId(`position-${eth.id}`).scrollIntoViewIfNeeded();
    await saveScreens(page, `pnl-cards-${tag}`);

    await test.step('the detail sheet: the same headline at the same decimals, and if closed now', async () => {
      await page.getByTestId(`position-${eth.id}`).getByTestId('position-detail').click();
      const sheet = page.getByTestId('position-sheet');
      await sheetRisen(sheet);
      await expect(sheet.getByTestId('sheet-pnl')).toContainText(terms.unrealized);
      await expect(sheet.getByTestId('sheet-pnl-value')).toHaveText(`${signed(e.unrealized)} USDT`);
      await expect(sheet.getByTestId('sheet-return')).toHaveText(percent(e.unrealized, eth.margin));
      await expect(sheet.getByTestId('sheet-net-now')).toHaveText(signed(e.closeNow));
      await saveScreens(page, `pnl-detail-${tag}`);
      await page.getByTestId('position-sheet-done').click();
      await expect(sheet).toBeHidden();
    });

    await test.step('the Close confirm: its parts at the same decimals, adding up', async () => {
      await page.getByTestId(`position-${eth.id}`).getByTestId('position-close').click();
      const sheet = page.getByTestId('close-sheet');
      await sheetRisen(sheet);
      await expect(sheet.getByTestId('close-sheet-gross')).toHaveText(`${signed(e.unrealized)} USDT`);
      await expect(sheet.getByTestId('close-sheet-fee')).toHaveText(`${signed(e.closeFee.neg())} USDT`);
      await expect(sheet.getByTestId('close-sheet-net')).toHaveText(`${signed(e.closeNow)} USDT`);
      await expect(sheet).toContainText(terms.closeNow);
      await saveScreens(page, `pnl-close-confirm-${tag}`);
      await page.getByTestId('close-confirm').click();
      await expect(page.getByTestId(`position-${eth.id}`)).toHaveCount(0);
    });

    await test.step('closed: History, its detail and the share card show the one realized PnL', async () => {
      const realized = e.unrealized.sub(eth.openFee).sub(e.closeFee);
      await page.getByTestId('positions-tab-closed').click();
      const closed = page.getByTestId(`closed-${eth.id}`);
      await expect(closed.getByTestId('closed-pnl')).toContainText(`${signed(realized)} USDT`);
      await expect(closed.getByTestId('closed-pnl')).toContainText(terms.realized);
      await expect(closed.getByTestId('closed-return')).toHaveText(percent(realized, eth.margin));
      await closed.getByTestId('closed-detail').click();
      const sheet = page.getByTestId('position-sheet');
      await expect(sheet.getByTestId('sheet-pnl-value')).toHaveText(`${signed(realized)} USDT`);
      await page.getByTestId('position-share').click();
      const image = page.getByTestId('share-card-image');
      await expect(image).toHaveAttribute(
        'alt',
        new RegExp(` ${percent(realized, eth.margin).replace('+', '\\+')} `),
      );
      await page.getByTestId('share-card-amounts').check();
      await expect(image).toHaveAttribute('alt', new RegExp(`${signed(realized).replace('+', '\\+')} USDT`));
      await saveScreens(page, `pnl-share-card-${tag}`);
    });
  });
}
