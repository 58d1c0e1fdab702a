// Issue 16, point 2: nothing is lost while the live channel is down. A signed-in player's socket is
// dropped by the server (the operator's /api/admin/ws/disconnect), and while the network keeps it
// from coming back, the player's position is liquidated. The liquidation's frame went to nobody, yet
// once the socket is back the card shows the liquidation within 3 s: the reconnect resyncs the
// positions.
import type { Page } from '@playwright/test';
import { adminApi, pauseOwnRewards } from '../support/admin';
import { newEmail, newPassword, playerApi, registerInBrowser, saveScreens } from '../support/app';
import { expect, test } from '../support/fixtures';

const SYMBOL = 'SOLUSDT';

interface Frame {
  type: string;
  id?: string;
  status?: string;
  seq?: number;
  channel?: string;
}

async function pin(price?: string) {
  await adminApi('/api/admin/market/price', { symbol: SYMBOL, ...(price ? { price } : {}) });
}

// Balances to the cent: the player's own invite rewards wait until this file is done.
let restoreOwnRewards: () => Promise<void>;
test.beforeAll(async () => {
  restoreOwnRewards = await pauseOwnRewards();
});
// The browser tests share one server: the price walks again after this file.
test.afterAll(async () => {
  await restoreOwnRewards();
  await pin();
});

/**
 * Every connection of the page's socket, with the frames the server sent it. After `networkDown()`
 * a new connection waits (as over a network that is down) before it reaches the server, until the
 * function it answers is called.
 */
async function watchSocket(page: Page) {
  const connections: { frames: Frame[] }[] = [];
  let network: Promise<void> = Promise.resolve();
  await page.routeWebSocket(/\/api\/ws/, async (ws) => {
    await network;
    const connection = { frames: [] as Frame[] };
    connections.push(connection);
    const server = ws.connectToServer();
    server.onMessage((message) => {
      connection.frames.push(JSON.parse(String(message)) as Frame);
      ws.send(message);
    });
  });
  return {
    connections,
    networkDown(): () => void {
      let back!: () => void;
      network = new Promise((resolve) => (back = resolve));
      return back;
    },
  };
}

test('a liquidation while the socket is down shows within 3 s of the reconnect', async ({ page }) => {
  const { connections, networkDown } = await watchSocket(page);

  const email = newEmail('resync');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, newPassword());
  await page.evaluate(() => localStorage.setItem('app.lang', 'en-US'));
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '100', reason: 'test' });

  // A long at 200, 100×: liquidated at 200 · (1 − 9.5/1000) = 198.1.
  await pin('200');
  const position = await playerApi<{ id: string }>(token, '/api/app/game/open', {
    symbol: SYMBOL,
    side: 'long',
    margin: '10',
    leverage: 100,
  });
  // The pages before this one had sockets of their own.
  const first = connections.length;
  // Each request for what the user channel covers, and whether the server had subscribed the page's
  // user channel when it went out (its `subscribed` frame had passed through).
  const userSubscribed = () =>
    connections[first]?.frames.some((f) => f.type === 'subscribed' && f.channel === 'user') ?? false;
  const asked: { path: string; afterSubscribed: boolean }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/app\/(game\/positions|asset\/balances)$/.test(path)) {
      asked.push({ path, afterSubscribed: userSubscribed() });
    }
  });
  await page.goto(`/pages/game/detail?id=${SYMBOL}`);
  const card = page.getByTestId(`position-${position.id}`);
  await expect(card).toBeVisible();
  // The page listens to the user channel before its socket is dropped.
  await expect.poll(userSubscribed).toBe(true);

  // What the page shows of positions and balances was asked for after the subscription (a notice sent
  // before it would have been missed): the first subscription is followed, once the page is idle, by a
  // refetch of what the user channel covers, or the screen's first load came after it anyway.
  const askedSince = (path: string) => asked.some((seen) => seen.path === path && seen.afterSubscribed);
  await expect.poll(() => askedSince('/api/app/game/positions')).toBe(true);
  await expect.poll(() => askedSince('/api/app/asset/balances')).toBe(true);
  // Frames cost no request: over three ticks the page asks for nothing it shows.
  const refetches: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/app\/(game\/positions|asset\/balances|market\/tickers)$/.test(path)) refetches.push(path);
  });
  const ticks = () => connections[first]!.frames.filter((f) => f.type === 'ticks').length;
  const ticksBefore = ticks();
  await expect.poll(ticks).toBeGreaterThanOrEqual(ticksBefore + 3);
  expect(refetches).toEqual([]);

  const networkBack = networkDown();
  const dropped = await adminApi<{ disconnected: number }>('/api/admin/ws/disconnect', { email });
  expect(dropped.disconnected).toBe(1);

  await pin('198.1');
  await expect
    .poll(
      async () =>
        (
          await playerApi<{ list: { id: string; closeReason: string | null }[] }>(
            token,
            `/api/app/game/positions?status=closed&symbol=${SYMBOL}&page=1&pageSize=20`,
          )
        ).list.find((row) => row.id === position.id)?.closeReason,
    )
    .toBe('liquidation');
  // Down and missed: the card still shows the position open.
  await expect(card).toBeVisible();

  networkBack();
  await expect.poll(() => connections.length).toBe(first + 2);
  await expect(card).toBeHidden({ timeout: 3000 });
  await expect(page.getByTestId('no-positions')).toBeVisible();
  expect(refetches).toEqual(expect.arrayContaining(['/api/app/game/positions', '/api/app/asset/balances']));
  // The socket told nothing of it (the frame went to the dropped connection's nobody): the
  // reconnect's refetch is what shows it.
  const told = connections
    .flatMap((connection) => connection.frames)
    .filter((frame) => frame.type === 'position' && frame.id === position.id && frame.status === 'closed');
  expect(told).toEqual([]);

  await page.getByTestId('positions-tab-closed').click();
  await expect(page.getByTestId(`closed-${position.id}`).getByTestId('closed-reason')).toHaveText(
    'Liquidated',
  );
  await saveScreens(page, 'game-resynced-en');
});

test('a flip that ends while the socket is down is announced after the reconnect', async ({ page }) => {
  const { connections, networkDown } = await watchSocket(page);
  await adminApi('/api/admin/flip/config', { duration: { seconds: 5, enabled: true } });
  await adminApi('/api/admin/flip/config', { rate: { symbol: SYMBOL, seconds: 5, payoutRate: '0.85' } });
  try {
    const email = newEmail('flipresync');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pages/register/index');
    await registerInBrowser(page, email, newPassword());
    await page.evaluate(() => localStorage.setItem('app.lang', 'en-US'));
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '100', reason: 'test' });
    await pin('200');
    const first = connections.length;
    await page.goto(`/pages/flip-lightning/index?id=${SYMBOL}`);
    await expect
      .poll(() => connections[first]?.frames.some((f) => f.type === 'subscribed' && f.channel === 'user'))
      .toBe(true);
    const flip = await playerApi<{ id: string }>(token, '/api/app/flip/open', {
      symbol: SYMBOL,
      direction: 'up',
      amount: '10',
      duration: 5,
      token: 'USDT',
    });
    await expect(page.getByTestId(`open-flip-${flip.id}`)).toBeVisible();

    const networkBack = networkDown();
    const dropped = await adminApi<{ disconnected: number }>('/api/admin/ws/disconnect', { email });
    expect(dropped.disconnected).toBe(1);
    await pin('201');
    await expect
      .poll(
        async () =>
          (await playerApi<{ status: string }>(token, `/api/app/flip/position?id=${flip.id}`)).status,
        { timeout: 15_000 },
      )
      .toBe('closed');
    await expect(page.getByTestId('flip-result')).toBeHidden();

    networkBack();
    const result = page.getByTestId('flip-result');
    await expect(result.getByTestId('flip-result-title')).toHaveText('You won 8.5 USDT', { timeout: 5000 });
    await expect(page.getByTestId(`open-flip-${flip.id}`)).toBeHidden();
    await saveScreens(page, 'flip-resynced-en');
  } finally {
    await adminApi('/api/admin/flip/config', { duration: { seconds: 5, enabled: false } });
  }
});
