// Issue 32: the game page and Lightning Flip do not jump while their late content comes in (the
// pair's logo, the funding line, the order form and its quick amounts, the positions and flips, the
// live plays feed). Every layout shift the browser reports (PerformanceObserver 'layout-shift', none
// after input) from the first paint until everything is in sums below 0.1, Lighthouse's "good" CLS;
// signed in and as a visitor.
import type { Browser, Page } from '@playwright/test';
import { signUpSession, type StoredSession } from '../support/bundle';
import { expect, test } from '../support/fixtures';

const GAME_PAGE = '/pages/game/detail?id=BTCUSDT';
const FLIP_PAGE = '/pages/flip-lightning/index';
const GOOD_CLS = 0.1;

interface Shift {
  value: number;
  sources: string[];
}

/** A page in a fresh context (no cache, no service worker yet) recording every layout shift. */
async function recordingPage(browser: Browser, baseURL: string, session?: StoredSession) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await context.addInitScript((stored) => {
    if (!window.location.protocol.startsWith('http')) return;
    localStorage.setItem('pwa.never', '1');
    if (stored) for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((s) =>
            s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : 'text',
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, session);
  return { context, page: await context.newPage() };
}

async function shiftsOf(page: Page): Promise<Shift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

for (const who of ['signed in', 'visitor'] as const) {
  test(`the game page keeps its layout while its data comes, ${who}`, async ({ browser, baseURL }) => {
    const session = who === 'signed in' ? await signUpSession(baseURL ?? '') : undefined;
    const { context, page } = await recordingPage(browser, baseURL ?? '', session);
    try {
      await page.goto(`${baseURL}${GAME_PAGE}`);
      // Everything late is in: the price, the funding countdown, the order form (with the balance's
      // quick amounts for a signed-in person), the chart's history.
      await expect(page.getByTestId('pair-price')).toHaveText(/^\d[\d,]*\.\d{2}$/);
      await expect(page.getByTestId('pair-funding-countdown')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
      await expect(page.getByTestId('order-panel')).toBeVisible();
      if (session) {
        await expect(page.getByTestId('order-available')).toBeVisible();
        await expect(page.getByTestId('positions')).toBeVisible();
      }
      await expect(page.getByTestId('market-chart')).toHaveAttribute('data-status', 'ready');
      const shifts = await shiftsOf(page);
      expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(GOOD_CLS);
    } finally {
      await context.close();
    }
  });

  test(`Lightning Flip keeps its layout while its data comes, ${who}`, async ({ browser, baseURL }) => {
    const session = who === 'signed in' ? await signUpSession(baseURL ?? '') : undefined;
    const { context, page } = await recordingPage(browser, baseURL ?? '', session);
    try {
      await page.goto(`${baseURL}${FLIP_PAGE}`);
      await expect(page.getByTestId('flip-price')).toHaveText(/^\d[\d,]*\.\d{2}$/);
      await expect(page.getByTestId('flip-panel')).toBeVisible();
      if (session) await expect(page.getByTestId('flips')).toBeVisible();
      // The live plays feed sits within reach of the first screen here: it loads and shows.
      await expect(page.getByTestId('plays-feed')).toBeVisible();
      await expect(page.getByTestId('market-chart')).toHaveAttribute('data-status', 'ready');
      const shifts = await shiftsOf(page);
      expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(GOOD_CLS);
    } finally {
      await context.close();
    }
  });
}
