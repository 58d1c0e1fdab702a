import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18090);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
// Named like the product's own ./data, so the repository's ignore files (git, prettier) cover it.
export const E2E_DATA_DIR = fileURLToPath(new URL('../data', import.meta.url));

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
