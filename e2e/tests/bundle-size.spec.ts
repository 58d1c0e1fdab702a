// The performance limits of the Foundation issue: JavaScript loaded for `/` ≤ 150 KiB gzipped, and each
// lazily loaded route's own chunk ≤ 60 KiB gzipped. The figures are printed for the release note.
import {
  chartFiles,
  ENTRY_LIMIT_KIB,
  FLIP_PAGE,
  FLIP_PAGE_BEYOND_CHART_LIMIT_KIB,
  FLIP_PAGE_LIMIT_KIB,
  pageOwnJs,
  GAME_PAGE_LIMIT_KIB,
  gamePageOwnJs,
  signUpSession,
  jsLoadedFor,
  routeChunks,
  ROUTE_CHUNK_LIMIT_KIB,
} from '../support/bundle';
import { expect, test } from '../support/fixtures';

const kib = (n: number) => `${n.toFixed(1)} KiB`;

test('JavaScript loaded for / stays within 150 KiB gzipped', async ({ browser, baseURL }) => {
  for (const path of ['/', '/pages/login/index']) {
    const { files, totalKiB } = await jsLoadedFor(browser, baseURL ?? '', path);
    console.log(
      `JS loaded for ${path}: ${kib(totalKiB)} gzipped in ${files.length} files\n` +
        files
          .sort((a, b) => b.kib - a.kib)
          .map((f) => `  ${kib(f.kib).padStart(10)}  ${f.file}`)
          .join('\n'),
    );
    expect(files.length).toBeGreaterThan(0);
    if (path === '/') expect(totalKiB, `JS for ${path}`).toBeLessThanOrEqual(ENTRY_LIMIT_KIB);
  }
});

test('each lazily loaded route chunk stays within 60 KiB gzipped', async () => {
  const chunks = await routeChunks();
  console.log(
    `Lazily loaded chunks (own code, gzipped):\n` +
      chunks
        .sort((a, b) => b.kib - a.kib)
        .map((c) => `  ${kib(c.kib).padStart(10)}  ${c.src}`)
        .join('\n'),
  );
  // Every route of the spec is its own lazy chunk (the two Home paths share one).
  expect(chunks.filter((c) => /\/pages\/[^/]+-page\.tsx$/.test(c.src)).length).toBeGreaterThanOrEqual(20);
  for (const chunk of chunks) expect(chunk.kib, chunk.src).toBeLessThanOrEqual(ROUTE_CHUNK_LIMIT_KIB);
  // The chart (lightweight-charts) is its own chunk, loaded by the pages that draw one (issue 10).
  const chart = chunks.find((c) => c.src.endsWith('components/market/market-chart/market-chart.tsx'));
  expect(chart, 'the chart chunk').toBeDefined();
  console.log(`Chart chunk: ${kib(chart!.kib)} gzipped`);
});

test('the contract game page loads at most 100 KiB gzipped of its own JavaScript, chart included', async ({
  browser,
  baseURL,
}) => {
  const session = await signUpSession(baseURL ?? '');
  const { files, totalKiB } = await gamePageOwnJs(browser, baseURL ?? '', session);
  console.log(
    `the game page's own JS: ${kib(totalKiB)} gzipped in ${files.length} files\n` +
      files.map((f) => `  ${kib(f.kib).padStart(10)}  ${f.file}`).join('\n'),
  );
  // The chart is among them: the page is not measured before it loads.
  expect(files.length).toBeGreaterThan(1);
  expect(totalKiB).toBeLessThanOrEqual(GAME_PAGE_LIMIT_KIB);
});

test('Lightning Flip loads at most 100 KiB of its own JavaScript, 60 KiB once the chart is cached', async ({
  browser,
  baseURL,
}) => {
  const session = await signUpSession(baseURL ?? '');
  const { files, totalKiB } = await pageOwnJs(browser, baseURL ?? '', FLIP_PAGE, session);
  const chart = await chartFiles();
  const beyondChart = files.filter((f) => !chart.has(f.file));
  const beyondChartKiB = beyondChart.reduce((sum, f) => sum + f.kib, 0);
  console.log(
    `the flip page's own JS: ${kib(totalKiB)} gzipped in ${files.length} files, ` +
      `${kib(beyondChartKiB)} beyond the chart\n` +
      files
        .map((f) => `  ${kib(f.kib).padStart(10)}  ${f.file}${chart.has(f.file) ? ' (chart)' : ''}`)
        .join('\n'),
  );
  // The chart is among them (the page draws one), and the page's own code beside it.
  expect(files.some((f) => chart.has(f.file))).toBe(true);
  expect(beyondChart.length).toBeGreaterThan(0);
  expect(totalKiB).toBeLessThanOrEqual(FLIP_PAGE_LIMIT_KIB);
  expect(beyondChartKiB).toBeLessThanOrEqual(FLIP_PAGE_BEYOND_CHART_LIMIT_KIB);
});
