import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, chromiumLaunchOptions } from './support/env';

// Browser tests drive the built app, served by the real server on the embedded default
// (PGlite in a throwaway data directory), in Debian's Chromium at phone size.
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    serviceWorkers: 'allow',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node e2e/support/serve.mjs',
    cwd: '..',
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Stopped like Ctrl-C: the server removes DATA_DIR/server.json and closes the database cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // Slow local blocks: a deposit stays confirming until the test mines its confirmations itself.
    // Every player of the suite signs up from 127.0.0.1: a real server's per-address limits on codes
    // and sign-ups (30 in 15 min) would cap the suite at 30 players; the server suite tests them.
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      LOCAL_CHAIN_BLOCK_TIME: '5',
      RATE_LIMIT_CODE_IP: '1000/900',
      RATE_LIMIT_REGISTER_IP: '1000/900',
    },
  },
});
