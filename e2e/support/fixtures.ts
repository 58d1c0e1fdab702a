// The `test` every spec uses. Each test gets a fresh browser context whose /api requests are recorded
// and, when the test ends, checked against the request rules of spec §7 (headers, `_r`, idempotency
// keys, bearer token): acceptance point 4 holds for every journey, not only one.
import { test as base, expect } from '@playwright/test';
import { headerProblems, recordApiCalls, type ApiLog } from './api-log';

export interface Fixtures {
  /**
   * 'suppressed' (default) marks the install prompt as never wanted (`pwa.never`) before every page
   * load, so the sheet does not cover the screens other specs look at; the install-prompt spec sets
   * 'allowed'. Service workers stay on either way, as for a real visitor.
   */
  installPrompt: 'suppressed' | 'allowed';
  apiLog: ApiLog;
  pageErrors: string[];
}

export const test = base.extend<Fixtures>({
  installPrompt: ['suppressed', { option: true }],

  context: async ({ context, installPrompt }, use) => {
    if (installPrompt === 'suppressed') {
      await context.addInitScript(() => {
        // Also runs in about:blank, where storage is off limits.
        if (window.location.protocol.startsWith('http')) window.localStorage.setItem('pwa.never', '1');
      });
    }
    await use(context);
  },

  // An uncaught error in a page is a bug whatever the test looks at.
  pageErrors: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      context.on('weberror', (error) => errors.push(String(error.error().stack ?? error.error())));
      await use(errors);
      if (errors.length) await testInfo.attach('uncaught errors', { body: errors.join('\n\n') });
      if (testInfo.status !== testInfo.expectedStatus) return;
      expect(errors, 'uncaught errors in the app').toEqual([]);
    },
    { auto: true },
  ],

  apiLog: [
    async ({ context }, use, testInfo) => {
      const log = recordApiCalls(context);
      await use(log);
      if (testInfo.status !== testInfo.expectedStatus) return;
      const calls = await log.settled();
      expect(headerProblems(calls), `request rules broken by the app's ${calls.length} /api calls`).toEqual(
        [],
      );
    },
    { auto: true },
  ],
});

export { expect };
