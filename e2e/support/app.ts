// What a person does in the app, in a few steps the specs share: registering with the mailed code,
// signing in, reading toasts, and phone-size screenshots.
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { E2E_BASE_URL } from './env';
import { latestCode } from './outbox';

export const SCREENS_DIR = join(import.meta.dirname, '../test-results/screens');

/** A never-used address, so every test starts with its own account (and its own rate limits). */
export function newEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/** A password that passes the rule (8–32, letters and digits). */
export function newPassword(): string {
  return `Pw${randomBytes(4).toString('hex')}9`;
}

/** antd-mobile's toast with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.adm-toast-main').filter({ hasText: text });
}

/**
 * Waits until the toast with `text` has shown and gone. Toasts are throttled to one per 1.2 s and stay
 * 2 s, so a step whose own message is a toast waits for the previous one first.
 */
export async function toastShownAndGone(page: Page, text: string): Promise<void> {
  await expect(toast(page, text)).toBeVisible();
  await expect(toast(page, text)).toBeHidden();
}

/**
 * Waits until the bottom sheet (components/sheet.tsx) holding `content` has risen: it takes taps once
 * its rise has ended, before which a screenshot would catch it on the way.
 */
export async function sheetRisen(content: Locator): Promise<void> {
  await expect(content.page().locator('.adm-popup-body', { has: content })).toHaveCSS(
    'pointer-events',
    'auto',
  );
}

/** The session the app keeps in localStorage (spec §3). */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userId: localStorage.getItem('user_id'),
    email: localStorage.getItem('email'),
  }));
}

/** The page's path and query, e.g. `/pages/login/index?from=force`. */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Registers on the Register page as a person does: Send code, the code from the outbox, the form,
 * Create account. Ends signed in on Home.
 */
export async function registerInBrowser(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/pages/register/index') await page.goto('/pages/register/index');
  await page.getByLabel('Email').fill(email);
  const codeSent = page.waitForResponse(
    (r) => r.url().includes('/api/app/auth/code') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send code' }).click();
  expect(await (await codeSent).json()).toMatchObject({ code: 0 });
  await expect(page.getByTestId('send-code')).toHaveText(/Resend in \d+s/);
  await page.locator('input[name="code"]').fill(await latestCode(email));
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirmPassword"]').fill(password);
  const registered = page.waitForResponse((r) => r.url().includes('/api/app/auth/register'));
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(await (await registered).json()).toMatchObject({ code: 0 });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-sign-in')).toHaveCount(0);
}

/** Fills the Login page and taps Sign in; resolves with the server's answer. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  const answer = page.waitForResponse((r) => r.url().includes('/api/app/auth/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  return (await (await answer).json()) as { code: number; msg?: string; reason?: string };
}

/**
 * Saves the screen at both phone sizes (390×844 and 360×780) as `<name>-390.png` / `<name>-360.png`
 * under e2e/test-results/screens, then restores the test's viewport.
 */
export async function saveScreens(
  page: Page,
  name: string,
  sizes = [
    { width: 390, height: 844 },
    { width: 360, height: 780 },
  ],
): Promise<void> {
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: join(SCREENS_DIR, `${name}-${size.width}.png`),
      animations: 'disabled',
      // A toast from the step before is not part of the screen.
      style: '.adm-toast-mask { display: none !important; }',
    });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * A player's own API call with their session (a page's stored token, or the token itself): a GET
 * without a body, a POST with one (keyed, as the app sends it). For setting up what another test
 * drives through the screens.
 */
export async function playerApi<T>(who: Page | string, path: string, body?: unknown): Promise<T> {
  const token = typeof who === 'string' ? who : await who.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { code: number; msg?: string; data: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.msg ?? response.status}`);
  return answer.data;
}
