import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amountDpOf, priceDpOf } from '@tradeflip/money';
import { resetHttpState } from './http/client';
import { installFakeAdapter } from './http/test-adapter';
import { ensurePrecisions, getPrecisions, PRECISION_CACHE_MS, resetPrecisions } from './precisions';
import { storageKeys } from './storage-keys';

let server: ReturnType<typeof installFakeAdapter>;
const flush = () => vi.advanceTimersByTimeAsync(0);
const serverMap = { price_dp: { BTC: 2, USDT: 4 }, amount_dp: { BTC: 6, USDT: 6, usdt__bsc: 4 } };

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
  localStorage.clear();
  resetPrecisions();
  resetHttpState();
  server = installFakeAdapter();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('precision map', () => {
  it('loads the map, normalises it and stores it under app.precisions.v1 with a timestamp', async () => {
    const loaded = ensurePrecisions();
    await flush();
    expect(server.last().url).toBe('/api/app/asset/precision-map');
    server.last().respond(200, { code: 0, data: serverMap });
    const map = await loaded;
    expect(amountDpOf(map, 'usdt', 'BEP20')).toBe(4);
    expect(priceDpOf(map, 'btc')).toBe(2);
    const stored = JSON.parse(localStorage.getItem(storageKeys.precisions)!) as { savedAt: number };
    expect(stored).toEqual({
      savedAt: Date.parse('2026-03-01T00:00:00Z'),
      data: { price_dp: { BTC: 2, USDT: 4 }, amount_dp: { BTC: 6, USDT: 6, USDT__BEP20: 4 } },
    });
  });

  it('falls back to /api/asset/precision-map when the first call fails', async () => {
    const loaded = ensurePrecisions();
    await flush();
    server.last().respond(404, { code: 404, msg: 'Not found' });
    await flush();
    expect(server.last().url).toBe('/api/asset/precision-map');
    server.last().respond(200, { code: 0, data: serverMap });
    expect(priceDpOf(await loaded, 'BTC')).toBe(2);
  });

  it('reuses the stored map for 5 minutes, then fetches again', async () => {
    const first = ensurePrecisions();
    await flush();
    server.last().respond(200, { code: 0, data: serverMap });
    await first;
    resetPrecisions(); // as after a reload: only localStorage remains

    await vi.advanceTimersByTimeAsync(PRECISION_CACHE_MS - 1000);
    expect(priceDpOf(await ensurePrecisions(), 'BTC')).toBe(2);
    expect(server.requests).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1000);
    const again = ensurePrecisions();
    await flush();
    expect(server.requests).toHaveLength(2);
    server.last().respond(200, { code: 0, data: { price_dp: { BTC: 1 }, amount_dp: {} } });
    expect(priceDpOf(await again, 'BTC')).toBe(1);
    expect(priceDpOf(getPrecisions(), 'BTC')).toBe(1);
  });

  it('asks once however many callers wait', async () => {
    const calls = [ensurePrecisions(), ensurePrecisions(), ensurePrecisions()];
    await flush();
    expect(server.requests).toHaveLength(1);
    server.last().respond(200, { code: 0, data: serverMap });
    const maps = await Promise.all(calls);
    expect(new Set(maps).size).toBe(1);
  });

  it('keeps a stale map, or the defaults, when both calls fail', async () => {
    localStorage.setItem(
      storageKeys.precisions,
      JSON.stringify({ savedAt: Date.now() - 10 * PRECISION_CACHE_MS, data: serverMap }),
    );
    const stale = ensurePrecisions();
    await flush();
    server.last().failNetwork();
    await vi.advanceTimersByTimeAsync(1000); // the GET retry
    server.last().failNetwork();
    await flush();
    server.last().respond(500, {});
    await vi.advanceTimersByTimeAsync(1000);
    server.last().respond(500, {});
    expect(priceDpOf(await stale, 'BTC')).toBe(2);

    localStorage.clear();
    resetPrecisions();
    const none = ensurePrecisions({ force: true });
    await flush();
    server.last().respond(503, {});
    await flush();
    server.last().respond(503, {});
    const map = await none;
    expect(priceDpOf(map, 'BTC')).toBe(4);
    expect(amountDpOf(map, 'BTC')).toBe(6);
  });

  it('ignores a damaged stored entry', async () => {
    localStorage.setItem(storageKeys.precisions, '{not json');
    const loaded = ensurePrecisions();
    await flush();
    expect(server.requests).toHaveLength(1);
    server.last().respond(200, { code: 0, data: serverMap });
    expect(priceDpOf(await loaded, 'BTC')).toBe(2);
  });
});
