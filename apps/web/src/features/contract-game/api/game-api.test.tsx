import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { installFakeAdapter } from '@/lib/http/test-adapter';
import { clearSession, setSession } from '@/lib/session';
import { useBalances } from '@/lib/balances';
import { useAvailable } from './game-api';

const balances = [
  { token: 'USDT', available: '25.5', frozen: '0', usdtValue: '25.5' },
  { token: 'ETH', available: '1', frozen: '0', usdtValue: '3000' },
];

/** Answers every request the balances need, as the server would. */
function answerAll(server: ReturnType<typeof installFakeAdapter>) {
  const answered = new Set<unknown>();
  const timer = setInterval(() => {
    for (const request of server.requests) {
      if (answered.has(request) || request.aborted) continue;
      answered.add(request);
      if (request.url.includes('precision-map')) request.respond(200, { code: 0, data: { price_dp: {} } });
      else request.respond(200, { code: 0, data: { list: balances } });
    }
  }, 5);
  return () => clearInterval(timer);
}

let stop: () => void;
beforeEach(() => {
  setSession({ token: 't', user: { id: 'u1', email: 'a@b.co' } });
  stop = answerAll(installFakeAdapter());
});
// Unmounted before the session goes: a mounted hook would re-render outside act().
afterEach(() => {
  stop();
  cleanup();
  clearSession();
});

describe('the balances query key', () => {
  it('holds one shape: the game’s available, then the wallet’s list, from one cache (Total assets → game → Back)', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const game = renderHook(() => useAvailable('USDT'), { wrapper });
    await waitFor(() => expect(game.result.current.data).toBe('25.5'));
    game.unmount();
    // The wallet reads what the game left in the cache before its own refetch answers.
    const wallet = renderHook(() => useBalances(), { wrapper });
    expect(Array.isArray(wallet.result.current.data)).toBe(true);
    expect(wallet.result.current.data?.filter((row) => row.token === 'ETH')).toHaveLength(1);
    // And the other way round.
    const again = renderHook(() => useAvailable('ETH'), { wrapper });
    expect(again.result.current.data).toBe('1');
  });
});
