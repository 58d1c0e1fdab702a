// One Idempotency-Key per logical operation (DESIGN §3, §10). A press whose answer never arrived
// (network failure, timeout, a superseded call, a 5xx the server does not keep) may still have
// happened on the server, so the next press with the same inputs sends the same key and gets the first
// answer replayed instead of a second order. A new key is made only after an answer, or when the
// inputs change (then it is another operation).
import { useRef } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { stableKey, uuid } from './client';
import { isApiError } from './errors';

/**
 * Whether `err` is the server's final word on a keyed call, so a retry would be a new operation. Not
 * answered: no response at all, a cancel, the first try still running (409 idempotency_in_flight),
 * and 429/5xx, which the server does not store for the key (a retry runs it once).
 */
export function wasAnswered(err: unknown): boolean {
  if (!isApiError(err) || err.kind === 'network' || err.kind === 'timeout') return false;
  const status = err.status ?? 0;
  if (status >= 500 || status === 429) return false;
  return err.reason !== 'idempotency_in_flight';
}

/** Hands out the key of the operation still waiting for its answer, or a new one. */
export function createKeyedOperation() {
  let unanswered: { key: string; signature: string } | null = null;
  return {
    /** The key to send for `input`: the unanswered one when the input is the same. */
    keyFor(input: unknown): string {
      const signature = stableKey(input);
      if (unanswered?.signature !== signature) unanswered = { key: uuid(), signature };
      return unanswered.key;
    },
    /** Records the outcome of the call that sent `key`: an answer retires the key. */
    settle(key: string, err?: unknown) {
      if (unanswered?.key === key && (err === undefined || wasAnswered(err))) unanswered = null;
    },
  };
}

export interface KeyedMutationOptions<TData, TVariables, TContext = unknown> extends Omit<
  UseMutationOptions<TData, Error, TVariables, TContext>,
  'mutationFn'
> {
  /** Sends the call with `idempotencyKey` (pass it to http as `idempotencyKey`). */
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
}

/** useMutation whose calls carry one Idempotency-Key per logical operation (see above). */
export function useKeyedMutation<TData, TVariables, TContext = unknown>({
  mutationFn,
  ...options
}: KeyedMutationOptions<TData, TVariables, TContext>) {
  const operation = useRef<ReturnType<typeof createKeyedOperation>>(null);
  operation.current ??= createKeyedOperation();
  return useMutation<TData, Error, TVariables, TContext>({
    ...options,
    mutationFn: async (variables) => {
      const keyed = operation.current!;
      const key = keyed.keyFor(variables);
      try {
        const data = await mutationFn(variables, key);
        keyed.settle(key);
        return data;
      } catch (err) {
        keyed.settle(key, err);
        throw err;
      }
    },
  });
}
