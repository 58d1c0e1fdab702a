// Random operations from many concurrent clients: adjustments (through the admin API and the
// service), airdrops, freezes, unfreezes, consumption from frozen funds, vault payouts and vault
// funding. Every movement is additive, so whatever order the database chose, the final balances
// must equal the starting ones plus the effects of the operations that succeeded: a refused
// operation that changed anything, or a success applied twice, shows up as a difference. Then the
// audit must pass and nothing may be negative.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { Decimal } from '@tradeflip/money';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { AppError } from '../../errors';
import { adminCall, describeEachDatabase, registerUser, userOf } from '../../test/harness';

/** These tests freeze money for no position or withdrawal: the audit's frozen check is not theirs. */
const LEDGER_ONLY = { frozenHolders: false };

const TOKENS = ['USDT', 'BTC'] as const;
const USERS = 6;
const BATCH = 25;

type Token = (typeof TOKENS)[number];
type Op =
  | { kind: 'adjust'; user: number; token: Token; cents: number; viaApi: boolean }
  | { kind: 'airdrop'; users: number[]; token: Token; cents: number }
  | { kind: 'freeze' | 'unfreeze' | 'consume' | 'pay'; user: number; token: Token; cents: number }
  | { kind: 'fund'; token: Token; cents: number };

const token = fc.constantFrom(...TOKENS);
const user = fc.integer({ min: 0, max: USERS - 1 });
const cents = fc.integer({ min: 1, max: 20_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      user,
      token,
      cents: fc.integer({ min: -20_000, max: 20_000 }).filter((n) => n !== 0),
      viaApi: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('airdrop' as const),
      users: fc.uniqueArray(user, { minLength: 1, maxLength: 4 }),
      token,
      cents,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('freeze' as const, 'unfreeze' as const, 'consume' as const, 'pay' as const),
      user,
      token,
      cents,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fund' as const),
      token,
      cents: fc.integer({ min: -5_000, max: 20_000 }).filter((n) => n !== 0),
    }),
  },
);

const amountOf = (c: number) => new Decimal(c).div(100);

describeEachDatabase('ledger under random concurrent operations', (db, target) => {
  const scale = target.name === 'postgres' ? { runs: 5, ops: 420 } : { runs: 2, ops: 120 };

  it(`keeps the books: ${scale.runs} runs of ~${scale.ops} operations in batches of ${BATCH}`, async () => {
    const t = await db.app();
    const ledger = t.app.services.ledger;
    const money = t.app.services.operatorMoney;
    const users: { id: number; email: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const { email } = await registerUser(t);
      users.push({ id: (await userOf(db.handle.db, email)).id, email });
    }

    async function balances(database: Database) {
      const rows = await queryRows<{ owner: string; token: string; available: string; frozen: string }>(
        database,
        sql`select owner, token, available::text as available, frozen::text as frozen from ledger_accounts
            where kind in ('user', 'vault')`,
      );
      const map = new Map<string, Decimal>();
      for (const row of rows) {
        map.set(`${row.owner}/${row.token}/a`, new Decimal(row.available));
        map.set(`${row.owner}/${row.token}/f`, new Decimal(row.frozen));
      }
      return map;
    }

    /** The balance changes of `o` if it succeeds. */
    function effects(o: Op): [string, Decimal][] {
      const a = amountOf(o.cents);
      const acct = (i: number, bucket: 'a' | 'f') => `user:${users[i]!.id}/${o.token}/${bucket}`;
      const vault = `vault/${o.token}/a`;
      switch (o.kind) {
        case 'adjust':
          return [[acct(o.user, 'a'), a]];
        case 'airdrop':
          return o.users.map((i) => [acct(i, 'a'), a]);
        case 'freeze':
          return [
            [acct(o.user, 'a'), a.neg()],
            [acct(o.user, 'f'), a],
          ];
        case 'unfreeze':
          return [
            [acct(o.user, 'a'), a],
            [acct(o.user, 'f'), a.neg()],
          ];
        case 'consume':
          return [
            [acct(o.user, 'f'), a.neg()],
            [vault, a],
          ];
        case 'pay':
          return [
            [vault, a.neg()],
            [acct(o.user, 'a'), a],
          ];
        case 'fund':
          return [[vault, a]];
      }
    }

    async function run(o: Op): Promise<void> {
      const amount = amountOf(o.cents);
      const ref = { type: 'property', id: null };
      switch (o.kind) {
        case 'adjust': {
          if (!o.viaApi) {
            await money.adjust({ userId: users[o.user]!.id, token: o.token, amount });
            return;
          }
          const res = await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
            body: {
              email: users[o.user]!.email,
              token: o.token,
              amount: amount.toFixed(),
              reason: 'property',
            },
          });
          if (res.status === 200) return;
          throw new AppError(
            res.status,
            res.body.reason as 'insufficient_balance',
            'errors.insufficientBalance',
          );
        }
        case 'airdrop':
          await money.airdrop({ userIds: o.users.map((i) => users[i]!.id), token: o.token, amount });
          return;
        case 'fund':
          await money.fundVault({ token: o.token, amount });
          return;
        default: {
          const options = { userId: users[o.user]!.id, token: o.token, amount, ref };
          if (o.kind === 'freeze') await ledger.freeze({ ...options, type: 'bet_freeze' });
          else if (o.kind === 'unfreeze') await ledger.unfreeze({ ...options, type: 'bet_unfreeze' });
          else if (o.kind === 'consume') await ledger.consumeFrozen({ ...options, type: 'loss_consumed' });
          else await ledger.payFromVault({ ...options, type: 'profit_payout' });
        }
      }
    }

    let refusedTotal = 0;
    let movedTotal = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: scale.ops - 20, maxLength: scale.ops }), async (ops) => {
        const expected = await balances(db.handle.db);
        for (let i = 0; i < ops.length; i += BATCH) {
          const batch = ops.slice(i, i + BATCH);
          const outcomes = await Promise.allSettled(batch.map(run));
          outcomes.forEach((outcome, j) => {
            if (outcome.status === 'rejected') {
              // The only acceptable refusal: someone would go below zero.
              const error = outcome.reason as { reason?: string; cause?: unknown };
              expect(error.reason, String(error.cause ?? error)).toBe('insufficient_balance');
              refusedTotal++;
              return;
            }
            movedTotal++;
            for (const [key, delta] of effects(batch[j]!)) {
              expected.set(key, (expected.get(key) ?? new Decimal(0)).add(delta));
            }
          });
        }
        const actual = await balances(db.handle.db);
        for (const [key, value] of expected) {
          expect(actual.get(key)?.toFixed() ?? '0', key).toBe(value.toFixed());
        }
        for (const [key, value] of actual) {
          expect(value.isNegative(), `${key} is ${value.toFixed()}`).toBe(false);
          expect(value.toFixed(), key).toBe((expected.get(key) ?? new Decimal(0)).toFixed());
        }
        await db.expectAuditClean(LEDGER_ONLY);
      }),
      { numRuns: scale.runs, endOnFailure: true },
    );
    // Both kinds of outcome happened, so refusals were exercised.
    expect(refusedTotal).toBeGreaterThan(0);
    expect(movedTotal).toBeGreaterThan(0);
  }, 180_000);
});
