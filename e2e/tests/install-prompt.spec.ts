// Acceptance 3, the PWA: an installable manifest, a service worker that controls the page, and the
// install sheet of spec §2/§9 — after 2 page views and a 2 s dwell, only once the service worker
// controls the page; Later hides it for 2 days; the close button means never. The page's clock is
// Playwright's, so the 2 s dwell is stepped through rather than waited out.
import type { Page } from '@playwright/test';
import { saveScreens, sheetRisen } from '../support/app';
import { expect, test } from '../support/fixtures';

test.use({ installPrompt: 'allowed' });

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const START = new Date('2030-01-07T09:00:00Z');

const sheet = (page: Page) => page.getByTestId('install-sheet');
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

function controlledByServiceWorker(page: Page) {
  return page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Lets the page's pending renders run (React schedules with a MessageChannel, not a timer). */
async function flushRenders(page: Page) {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

/** Stays on the page for `ms` of page time and checks the sheet did not come. */
async function dwellWithoutSheet(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await flushRenders(page);
  await expect(sheet(page)).toHaveCount(0);
}

/**
 * Stays `ms` more and expects the sheet. React reveals a freshly loaded lazy component up to 300 ms
 * after it is ready (its Suspense throttle, a timer of the page's clock), so that time runs as well.
 */
async function sheetAfter(page: Page, ms: number) {
  await page.clock.runFor(ms + 300);
  await expect(sheet(page)).toBeVisible();
}

/** A full page load, once the service worker controls it (it does from the second load on). */
async function load(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  await controlledByServiceWorker(page);
}

test('the install sheet follows the spec: views, dwell, control, Later, close', async ({ page }) => {
  await page.clock.install({ time: START });

  await test.step('first page view: no sheet, however long the visitor stays', async () => {
    await page.goto('/');
    await expect(page.getByTestId('tab-bar')).toBeVisible();
    await controlledByServiceWorker(page);
    // Jump a minute ahead and stop the page's clock there: every timer due by then has fired.
    await page.clock.pauseAt(START.getTime() + MINUTE_MS);
    await flushRenders(page);
    await expect(sheet(page)).toHaveCount(0);
    expect(await stored(page, 'pwa.pv')).toBe('1');
  });

  await test.step('second page view: the sheet comes after a 2 s dwell, above everything', async () => {
    await page.getByTestId('tab-profile').click();
    await expect(page.getByTestId('profile-guest')).toBeVisible();
    expect(await stored(page, 'pwa.pv')).toBe('2');
    await dwellWithoutSheet(page, 1_900);
    await sheetAfter(page, 100);
    // Its layer, above every other (the sheet itself rises just above its own backdrop).
    await expect(page.locator('.adm-popup', { has: sheet(page) })).toHaveCSS('z-index', '10000');
    await expect(page.getByRole('dialog', { name: 'Install TradeFlip' })).toBeVisible();
    await expect(sheet(page).getByRole('button', { name: /Install now|How to install/ })).toBeVisible();
    await expect(sheet(page).getByRole('button', { name: 'Copy link' })).toBeVisible();
  });

  await test.step('Later hides it and snoozes it for 2 days', async () => {
    await sheet(page).getByRole('button', { name: 'Later' }).click();
    await expect(sheet(page)).toHaveCount(0);
    const now = await page.evaluate(() => Date.now());
    expect(Number(await stored(page, 'pwa.dismissedAt'))).toBe(now);
    expect(await stored(page, 'pwa.snoozeDays')).toBe('2');
    // From here on the page's time flows again (page loads are not held up by a stopped clock); the
    // checks below jump it ahead past every dwell.
    await page.clock.resume();
  });

  await test.step('within the snooze: reloads and more page views do not show it', async () => {
    await load(page, '/pages/user/index');
    await dwellWithoutSheet(page, 3_000);
    await page.getByTestId('tab-home').click();
    await expect(page.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
    await dwellWithoutSheet(page, 3_000);
    // Still snoozed a minute before the 2 days are up.
    await page.evaluate(
      (ago) => localStorage.setItem('pwa.dismissedAt', String(Date.now() - ago)),
      2 * DAY_MS - MINUTE_MS,
    );
    await load(page, '/');
    await dwellWithoutSheet(page, 3_000);
  });

  await test.step('2 days and a minute after Later it shows again', async () => {
    await page.evaluate(
      (ago) => localStorage.setItem('pwa.dismissedAt', String(Date.now() - ago)),
      2 * DAY_MS + MINUTE_MS,
    );
    await load(page, '/');
    await sheetAfter(page, 2_000);
  });

  await test.step('the close button means never', async () => {
    await sheet(page).getByRole('button', { name: 'Close and don’t show again' }).click();
    await expect(sheet(page)).toHaveCount(0);
    expect(await stored(page, 'pwa.never')).toBe('1');
    await load(page, '/pages/user/index');
    await dwellWithoutSheet(page, 3_000);
    await page.getByTestId('tab-home').click();
    await expect(page.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
    await dwellWithoutSheet(page, 3_000);
    // Not a snooze: long after Later would have run out, still nothing.
    await page.evaluate(
      (ago) => localStorage.setItem('pwa.dismissedAt', String(Date.now() - ago)),
      30 * DAY_MS,
    );
    await load(page, '/');
    await dwellWithoutSheet(page, 3_000);
  });
});

// Playwright's contexts are incognito ones, where Chromium offers no install prompt: How to install.
for (const { locale, lang, howTo, back } of [
  { locale: 'en-US', lang: 'en', howTo: 'How to install', back: 'Back' },
  { locale: 'zh-CN', lang: 'zh', howTo: '如何安装', back: '返回' },
]) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test('the install sheet and its guide at phone sizes', async ({ page }) => {
      await page.goto('/');
      await controlledByServiceWorker(page);
      // The second page view; the sheet comes after the 2 s dwell.
      await page.getByTestId('tab-profile').click();
      await expect(page.getByTestId('profile-guest')).toBeVisible();
      await sheetRisen(sheet(page));
      await saveScreens(page, `install-sheet-${lang}`);
      await sheet(page).getByRole('button', { name: howTo }).click();
      await expect(sheet(page).getByRole('button', { name: back })).toBeVisible();
      await saveScreens(page, `install-guide-${lang}`);
    });
  });
}

test('the app is installable: manifest, icons, and a service worker controlling the page', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const served = await request.get(new URL(href ?? '', page.url()).toString());
  expect(served.ok()).toBe(true);
  const manifest = (await served.json()) as {
    name?: string;
    start_url?: string;
    display?: string;
    theme_color?: string;
    icons?: { src: string; sizes: string; type?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'TradeFlip', display: 'standalone', start_url: '/' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);

  for (const size of [192, 512]) {
    const icon = manifest.icons?.find((i) => i.sizes === `${size}x${size}`);
    expect(icon, `a ${size}×${size} icon`).toBeDefined();
    const png = await request.get(new URL(icon?.src ?? '', page.url()).toString());
    expect(png.ok()).toBe(true);
    expect(png.headers()['content-type']).toBe('image/png');
    // The PNG's own IHDR says how big it really is.
    const bytes = await png.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size]);
  }

  await controlledByServiceWorker(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  // Chromium's own verdict. Playwright's contexts are incognito ones, which Chromium reports alongside
  // (not instead of) any real problem: a page without a manifest also gets 'no-manifest'.
  const cdp = await page.context().newCDPSession(page);
  expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});
