// Renders the install and home-screen icons from the one brand mark (apps/web/public/icons/logo.svg,
// the trend arrow the app shows) with the machine's Chromium, so the icons and the in-app logo are the
// same picture (issue 9). Run once after changing the mark: `npx tsx scripts/render-icons.ts`; the
// PNGs are committed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const ICONS = join(import.meta.dirname, '../apps/web/public/icons');
const mark = readFileSync(join(ICONS, 'logo.svg'), 'utf8');

/**
 * - `rounded`: the mark as it is (its own rounded square), for browsers that show the icon as given.
 * - `full`: the mark's background edge to edge and the arrow inside the maskable safe zone (80 %), for
 *   launchers and iOS that cut their own shape.
 */
const icons: { file: string; size: number; shape: 'rounded' | 'full' }[] = [
  { file: 'icon-192.png', size: 192, shape: 'rounded' },
  { file: 'icon-512.png', size: 512, shape: 'rounded' },
  { file: 'maskable-512.png', size: 512, shape: 'full' },
  { file: 'apple-touch-icon.png', size: 180, shape: 'full' },
  { file: 'favicon-32.png', size: 32, shape: 'rounded' },
];

function page(size: number, shape: 'rounded' | 'full'): string {
  const svg =
    shape === 'rounded'
      ? mark
      : // Square background; the arrow scaled to the safe zone around the centre.
        mark
          .replace('rx="9"', 'rx="0"')
          .replace(/<path /g, '<path transform="translate(16 16) scale(0.8) translate(-16 -15.75)" ');
  return `<!doctype html><html><body style="margin:0;background:transparent">
    <div style="width:${size}px;height:${size}px">${svg.replace(/width="32" height="32"/, `width="${size}" height="${size}"`)}</div>
  </body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const tab = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await tab.setViewportSize({ width: icon.size, height: icon.size });
    await tab.setContent(page(icon.size, icon.shape));
    await tab.screenshot({ path: join(ICONS, icon.file), omitBackground: true });
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
