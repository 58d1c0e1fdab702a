// The Prometheus figures, scraped over HTTP from the metrics listener and parsed: a liquidation on a
// scripted price path moves the close-lag histogram and the open-position gauge; requests are timed
// by route pattern. The public port's /metrics is a 404 envelope, never the app's page; each app has
// its own registry, and without METRICS_PORT none is kept. The same listener answers the probes a
// worker (no public port) is watched by: /health, and /ready as the public /api/ready. A figure that
// cannot be read is left out of its scrape and counted, and the rest still answer.
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { fundedUser } from '../../test/accounts';
import { startTestChain } from '../../test/chains';
import { call, describeEachDatabase } from '../../test/harness';
import { GameTable } from '../contract-game/test-helpers';
import { listenForMetrics, type MetricsListener } from './metrics-listener';

/** Prometheus's text format: each sample's value by its name and labels as written. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

describeEachDatabase('metrics', (db) => {
  const listeners: MetricsListener[] = [];
  afterAll(async () => {
    for (const listener of listeners) await listener.close();
  });

  it('are scraped from their own listener, and a liquidation moves the close-lag histogram', async () => {
    const game = await GameTable.start(db, '2030-02-01T00:00:00Z', { env: { METRICS_PORT: '0' } });
    const { t } = game;
    const serves = { metrics: t.app.metrics!, readiness: t.app.services.readiness };
    const listener = await listenForMetrics(serves, { host: '127.0.0.1', port: 0 }, t.app.log);
    listeners.push(listener);
    const scrape = async () => {
      const res = await fetch(listener.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return parse(await res.text());
    };
    const closes = 'tradeflip_position_close_lag_seconds_count';
    const openLongs = 'tradeflip_open_positions{game="contract",token="USDT"}';

    const before = await scrape();
    expect(before.get(closes)).toBe(0);
    // With no bet and no withdrawal yet, every series is there at zero (an alert finds it).
    for (const game of ['contract', 'flip']) {
      for (const token of await t.app.services.tokens.all()) {
        expect(before.get(`tradeflip_open_positions{game="${game}",token="${token.symbol}"}`)).toBe(0);
      }
    }
    for (const status of [
      'reviewing',
      'approved',
      'processing',
      'completed',
      'rejected',
      'failed',
      'cancelled',
    ]) {
      expect(before.get(`tradeflip_withdrawals{status="${status}"}`)).toBe(0);
    }
    const user = await fundedUser(t, '100');
    await game.price('BTCUSDT', '60000');
    await game.opened(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 });
    await game.price('BTCUSDT', '59430.01');
    const open = await scrape();
    expect(open.get(openLongs)).toBe(1);
    expect(open.get(closes)).toBe(0);
    // The vault promised the position's profit cap.
    expect(open.get('tradeflip_vault_promised{token="USDT"}')).toBeGreaterThan(0);

    // The liquidation price (60000 · (1 − 9.5/1000)): the engine closes it at this mark.
    await game.price('BTCUSDT', '59430');
    const after = await scrape();
    expect(after.get(closes)).toBe(1);
    expect(after.get('tradeflip_position_close_lag_seconds_sum')).toBeGreaterThanOrEqual(0);
    expect(after.get(`tradeflip_position_close_lag_seconds_bucket{le="+Inf"}`)).toBe(1);
    expect(after.get(openLongs)).toBe(0);
    expect(after.get('tradeflip_vault_promised{token="USDT"}')).toBe(0);
    // The funded million, and the margin the vault took.
    expect(after.get('tradeflip_vault_available{token="USDT"}')).toBeGreaterThan(1000000);
    // Its bet and loss wait for the invite rewarder (no job runs here).
    expect(after.get('tradeflip_rewarder_backlog')).toBeGreaterThanOrEqual(2);
    expect(after.get('tradeflip_market_mark_age_seconds{symbol="BTCUSDT"}')).toBeGreaterThanOrEqual(0);
    expect(after.get('tradeflip_socket_clients')).toBe(0);
    // Requests are timed by route pattern and status class.
    const opens =
      'tradeflip_http_request_duration_seconds_count{method="POST",route="/api/app/game/open",status_class="2xx"}';
    expect(after.get(opens)).toBe(1);

    // Not on the public port: its /metrics is the API's 404 envelope, not the web app.
    const publicMetrics = await call(t.app, 'GET', '/metrics');
    expect(publicMetrics.status).toBe(404);
    expect(publicMetrics.headers['content-type']).toMatch(/^application\/json/);
    expect(publicMetrics.body).toMatchObject({ code: 404, reason: 'not_found' });
    expect((await fetch(listener.url.replace('/metrics', '/'))).status).toBe(404);
  });

  it('share the listener with /health and /ready, which names the marks until one is heard', async () => {
    const t = await db.app({ env: { METRICS_PORT: '0' } });
    const market = t.app.services.market;
    await market.init();
    const serves = { metrics: t.app.metrics!, readiness: t.app.services.readiness };
    const listener = await listenForMetrics(serves, { host: '127.0.0.1', port: 0 }, t.app.log);
    listeners.push(listener);
    const probe = async (path: string) => {
      const res = await fetch(listener.url.replace('/metrics', path));
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    };

    const health = await probe('/health');
    expect(health.status).toBe(200);
    expect(health.type).toMatch(/^application\/json/);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });

    const before = await probe('/ready');
    expect(before.status).toBe(503);
    expect(before.type).toMatch(/^application\/json/);
    expect(JSON.parse(before.body)).toEqual({
      code: 503,
      msg: 'Not ready',
      data: { status: 'unready', failing: { marks: 'no price mark heard yet since the start' } },
    });
    for (let i = 0; i < 3; i++) await market.step();
    const after = await probe('/ready');
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body)).toEqual({ code: 0, data: { status: 'ready', failing: {} } });
    // The public /api/ready answers the same.
    expect((await call(t.app, 'GET', '/api/ready')).body).toEqual(JSON.parse(after.body));

    expect((await probe('/healthz')).status).toBe(404);
    expect((await probe('/api/ready')).status).toBe(404);
    const posted = await fetch(listener.url.replace('/metrics', '/health'), { method: 'POST' });
    expect(posted.status).toBe(404);
  });

  it('still answer when one figure cannot be read, leaving it out and counting the failure', async () => {
    const t = await db.app({ env: { METRICS_PORT: '0' } });
    const withdrawals = 'tradeflip_withdrawals{status="reviewing"}';
    const failures = 'tradeflip_metrics_read_failures_total{metric="tradeflip_withdrawals"}';
    const whole = parse(await t.app.metrics!.text());
    expect(whole.has(withdrawals)).toBe(true);
    expect(whole.has(failures)).toBe(false);

    // The withdrawals cannot be read for a moment: that figure alone goes.
    await db.handle.db.execute(sql`alter table withdrawals rename to withdrawals_away`);
    try {
      const partial = parse(await t.app.metrics!.text());
      expect(partial.has(withdrawals)).toBe(false);
      expect(partial.get(failures)).toBe(1);
      // The others are read as before.
      expect(partial.has('tradeflip_open_positions{game="flip",token="USDT"}')).toBe(true);
      expect(partial.has('tradeflip_rewarder_backlog')).toBe(true);
    } finally {
      await db.handle.db.execute(sql`alter table withdrawals_away rename to withdrawals`);
    }
    const again = parse(await t.app.metrics!.text());
    expect(again.get(withdrawals)).toBe(whole.get(withdrawals));
    expect(again.get(failures)).toBe(1);
  });

  it('say whether each network’s node answers, and leave its watcher’s lag out when it does not', async () => {
    const chain = await startTestChain('ERC20');
    try {
      const t = await db.app({ chains: chain.registry, env: { METRICS_PORT: '0' } });
      const up = 'tradeflip_chain_node_up{network="ERC20"}';
      expect(parse(await t.app.metrics!.text()).get(up)).toBe(1);
      await chain.stop();
      const down = parse(await t.app.metrics!.text());
      expect(down.get(up)).toBe(0);
      expect(down.has('tradeflip_chain_watcher_lag_blocks{network="ERC20"}')).toBe(false);
    } finally {
      await chain.stop();
    }
  });

  it('keep a registry per app, and none without METRICS_PORT', async () => {
    const one = await db.app({ env: { METRICS_PORT: '0' } });
    const two = await db.app({ env: { METRICS_PORT: '0' } });
    expect(one.app.metrics!.registry).not.toBe(two.app.metrics!.registry);
    await call(one.app, 'GET', '/api/health');
    const text = parse(await one.app.metrics!.text());
    const health =
      'tradeflip_http_request_duration_seconds_count{method="GET",route="/api/health",status_class="2xx"}';
    expect(text.get(health)).toBe(1);
    expect(parse(await two.app.metrics!.text()).has(health)).toBe(false);
    expect((await db.app()).app.metrics).toBeUndefined();
  });
});
