import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { http } from './index';
import { useKeyedMutation } from './keyed-mutation';
import { installFakeAdapter, type FakeRequest } from './test-adapter';

let server: ReturnType<typeof installFakeAdapter>;

beforeEach(() => {
  server = installFakeAdapter();
});
afterEach(() => vi.restoreAllMocks());
// TanStack Query tells the hook of a mutation's change on a 0 ms timer, which one test fakes and lets
// run with the clock, after its act() is over: here in a microtask, which each act() awaits.
beforeAll(() => notifyManager.setScheduler(queueMicrotask));
afterAll(() => notifyManager.setScheduler((callback) => setTimeout(callback, 0)));

const ok = (data: unknown) => ({ code: 0, data });

/** The open hook as the game uses it, against the fake adapter. */
function renderOpen() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useKeyedMutation({
        mutationFn: (order: { margin: string }, idempotencyKey: string) =>
          http.post('/api/app/game/open', order, { silent: true, idempotencyKey }),
      }),
    { wrapper },
  );
}

/** Starts a press and returns its promise (settled or not) and the request it sent. */
async function press(hook: ReturnType<typeof renderOpen>, order: { margin: string }) {
  const before = server.requests.length;
  let result!: Promise<unknown>;
  await act(async () => {
    result = hook.result.current.mutateAsync(order);
    result.catch(() => undefined);
    await Promise.resolve();
  });
  await vi.waitFor(() => expect(server.requests.length).toBe(before + 1));
  return { result, request: server.requests[before] as FakeRequest };
}

/** A server that honours Idempotency-Key: one position per key, its answer replayed to retries. */
function idempotentServer() {
  const positions = new Map<string, { id: string }>();
  return {
    positions,
    open(request: FakeRequest) {
      const key = request.header('Idempotency-Key')!;
      if (!positions.has(key)) positions.set(key, { id: `p${positions.size + 1}` });
      return positions.get(key)!;
    },
  };
}

describe('useKeyedMutation', () => {
  it('a press after a lost answer reuses the key, so the second press opens nothing new', async () => {
    const exchange = idempotentServer();
    const hook = renderOpen();
    const first = await press(hook, { margin: '10' });
    exchange.open(first.request); // the server opened it…
    first.request.failNetwork(); // …but its answer never arrived
    await act(async () => {
      await expect(first.result).rejects.toMatchObject({ kind: 'network' });
    });

    const second = await press(hook, { margin: '10' });
    expect(second.request.header('Idempotency-Key')).toBe(first.request.header('Idempotency-Key'));
    second.request.respond(200, ok(exchange.open(second.request)));
    await act(async () => {
      await expect(second.result).resolves.toEqual(ok({ id: 'p1' }));
    });
    expect(exchange.positions.size).toBe(1);
  });

  it('reuses the key after a timeout, a 5xx or the first try still running', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const hook = renderOpen();
    const first = await press(hook, { margin: '10' });
    const key = first.request.header('Idempotency-Key');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
      await expect(first.result).rejects.toMatchObject({ kind: 'timeout' });
    });
    const second = await press(hook, { margin: '10' });
    second.request.respond(503, { code: 503, reason: 'unavailable', msg: 'busy' });
    await act(async () => {
      await expect(second.result).rejects.toMatchObject({ status: 503 });
    });
    const third = await press(hook, { margin: '10' });
    third.request.respond(409, { code: 409, reason: 'idempotency_in_flight', msg: 'still running' });
    await act(async () => {
      await expect(third.result).rejects.toMatchObject({ reason: 'idempotency_in_flight' });
    });
    const fourth = await press(hook, { margin: '10' });
    for (const r of [second, third, fourth]) expect(r.request.header('Idempotency-Key')).toBe(key);
    vi.useRealTimers();
  });

  it('makes a new key after an answer, success or refusal', async () => {
    const hook = renderOpen();
    const first = await press(hook, { margin: '10' });
    first.request.respond(200, ok({ id: 'p1' }));
    await act(async () => {
      await first.result;
    });
    const second = await press(hook, { margin: '10' });
    expect(second.request.header('Idempotency-Key')).not.toBe(first.request.header('Idempotency-Key'));
    second.request.respond(400, { code: 400, reason: 'insufficient_balance', msg: 'Insufficient balance' });
    await act(async () => {
      await expect(second.result).rejects.toMatchObject({ status: 400 });
    });
    const third = await press(hook, { margin: '10' });
    expect(third.request.header('Idempotency-Key')).not.toBe(second.request.header('Idempotency-Key'));
  });

  it('makes a new key when the inputs change, even without an answer', async () => {
    const hook = renderOpen();
    const first = await press(hook, { margin: '10' });
    first.request.failNetwork();
    await act(async () => {
      await expect(first.result).rejects.toMatchObject({ kind: 'network' });
    });
    const second = await press(hook, { margin: '20' });
    expect(second.request.header('Idempotency-Key')).not.toBe(first.request.header('Idempotency-Key'));
  });
});
