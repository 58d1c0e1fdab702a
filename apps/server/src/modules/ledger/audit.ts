// The audit (DESIGN §4): recomputes every balance from the ledger and checks the rules money obeys,
// that every user's frozen money is held by something (a position, a withdrawal), and that what each
// vault owes on open bets is kept right.
// Each check is one set-based statement, all in one read-only snapshot, so it runs beside a live
// server and stays fast on millions of entries. `npm run audit` prints it; tests call runAudit after
// every money scenario.
import { sql } from 'drizzle-orm';
import type { AuditReport, AuditDifference } from '@tradeflip/api';
import { Decimal, plainDecimal } from '@tradeflip/money';
import type { Database, Queryable } from '../../db/client';
import { queryRows } from '../../db/rows';

/** Differences listed per check (all are counted). */
const SHOWN = 20;

type Row = Record<string, string | number | null> & { total: string | number };

/** Values as SQL answers them (NUMERIC as text, counts as numbers, NULL for nothing), shown plain. */
const plain = (value: string | number | null | undefined) => plainDecimal(String(value ?? 0));

async function check(
  db: Queryable,
  name: AuditDifference['check'],
  query: ReturnType<typeof sql>,
  describe: (row: Row) => string,
) {
  const started = performance.now();
  const rows = await queryRows<Row>(db, query);
  return {
    tookMs: Math.round(performance.now() - started),
    count: rows.length > 0 ? Number(rows[0]!.total) : 0,
    shown: rows.map((row): AuditDifference => ({ check: name, detail: describe(row) })),
  };
}

export interface AuditOptions {
  /**
   * Reconcile each user's frozen balance with what holds it (default). Off only for the ledger's
   * own tests, which freeze money for no position or withdrawal.
   */
  frozenHolders?: boolean;
}

export async function runAudit(db: Database, options: AuditOptions = {}): Promise<AuditReport> {
  const started = performance.now();
  return db.transaction(
    async (tx) => {
      const [counts] = await queryRows<{ accounts: string; movements: string; postings: string }>(
        tx,
        sql`select (select count(*) from ledger_accounts) as accounts,
                   (select count(*) from ledger_movements) as movements,
                   (select count(*) from ledger_postings) as postings`,
      );

      // 1. Every account's balances equal the sum of its postings.
      const balances = await check(
        tx,
        'balance',
        sql`select a.owner, a.token, a.available::text as available, a.frozen::text as frozen,
                   coalesce(s.available, 0)::text as expected_available, coalesce(s.frozen, 0)::text as expected_frozen,
                   count(*) over () as total
            from ledger_accounts a
            left join (select account_id, sum(available_delta) as available, sum(frozen_delta) as frozen
                         from ledger_postings group by account_id) s on s.account_id = a.id
            where a.available <> coalesce(s.available, 0) or a.frozen <> coalesce(s.frozen, 0)
            order by a.id limit ${SHOWN}`,
        (r) =>
          `${r.owner}/${r.token}: balance ${plain(r.available)} available, ${plain(r.frozen)} frozen; ` +
          `the ledger says ${plain(r.expected_available)} and ${plain(r.expected_frozen)}`,
      );

      // 2. Conservation: each movement sums to zero per token over both buckets and all accounts
      //    (so, with check 1, every token sums to zero over all accounts).
      const conservation = await check(
        tx,
        'conservation',
        sql`select movement_id, token, sum(available_delta + frozen_delta)::text as sum, count(*) over () as total
            from ledger_postings
            group by movement_id, token
            having sum(available_delta + frozen_delta) <> 0
            order by movement_id limit ${SHOWN}`,
        (r) => `movement ${r.movement_id} moves ${plain(r.sum)} ${r.token} out of nowhere`,
      );

      // 3. No user or vault balance below zero; only users hold frozen funds.
      const negative = await check(
        tx,
        'negative',
        sql`select owner, token, available::text as available, frozen::text as frozen, count(*) over () as total
            from ledger_accounts
            where (kind in ('user', 'vault') and (available < 0 or frozen < 0)) or (kind <> 'user' and frozen <> 0)
            order by id limit ${SHOWN}`,
        (r) => `${r.owner}/${r.token} holds ${plain(r.available)} available, ${plain(r.frozen)} frozen`,
      );

      // 4. Every posting's balances-after equal the running sum of its account's postings.
      const running = await check(
        tx,
        'running_balance',
        sql`select id, account_id, available_after::text as available_after, frozen_after::text as frozen_after,
                   running_available::text as running_available, running_frozen::text as running_frozen,
                   count(*) over () as total
            from (select id, account_id, available_after, frozen_after,
                         sum(available_delta) over w as running_available,
                         sum(frozen_delta) over w as running_frozen
                    from ledger_postings
                  window w as (partition by account_id order by id rows unbounded preceding)) p
            where running_available <> available_after or running_frozen <> frozen_after
            order by id limit ${SHOWN}`,
        (r) =>
          `posting ${r.id} of account ${r.account_id} says ${plain(r.available_after)}/${plain(r.frozen_after)} after; ` +
          `its postings sum to ${plain(r.running_available)}/${plain(r.running_frozen)}`,
      );

      // 5. Every movement has postings.
      const empty = await check(
        tx,
        'empty_movement',
        sql`select m.id, count(*) over () as total
            from ledger_movements m
            where not exists (select 1 from ledger_postings p where p.movement_id = m.id)
            order by m.id limit ${SHOWN}`,
        (r) => `movement ${r.id} has no postings`,
      );

      // 6. Each user's frozen balance per token is what holds it: the margin left (margin − funding
      //    paid) of open contract positions, the stakes of open flips, and amount + fee of
      //    withdrawals not yet completed, rejected, failed or cancelled. Frozen money
      //    nobody can name, or a holder with no frozen money behind it, is a difference.
      const frozen =
        options.frozenHolders === false
          ? { tookMs: 0, count: 0, shown: [] }
          : await check(
              tx,
              'frozen',
              sql`with held as (
                    select user_id, margin_token as token, sum(margin - funding_paid) as positions, 0 as withdrawals
                      from game_positions where status = 'open' group by user_id, margin_token
                    union all
                    select user_id, token, sum(stake), 0
                      from flip_positions where status = 'open' group by user_id, token
                    union all
                    select user_id, token, 0, sum(amount + fee)
                      from withdrawals where status in ('reviewing', 'approved', 'processing')
                     group by user_id, token
                  ), by_user as (
                    select user_id, token, sum(positions) as positions, sum(withdrawals) as withdrawals
                      from held group by user_id, token
                  )
                  select coalesce(a.user_id, h.user_id) as user_id, u.email, coalesce(a.token, h.token) as token,
                         coalesce(a.frozen, 0)::text as frozen,
                         (coalesce(h.positions, 0) + coalesce(h.withdrawals, 0))::text as held,
                         coalesce(h.positions, 0)::text as positions, coalesce(h.withdrawals, 0)::text as withdrawals,
                         count(*) over () as total
                    from (select user_id, token, frozen from ledger_accounts where kind = 'user') a
                    full join by_user h on h.user_id = a.user_id and h.token = a.token
                    left join users u on u.id = coalesce(a.user_id, h.user_id)
                   where coalesce(a.frozen, 0) <> coalesce(h.positions, 0) + coalesce(h.withdrawals, 0)
                   order by 1, 3 limit ${SHOWN}`,
              (r) =>
                `user ${r.user_id} (${r.email ?? '?'}) ${r.token}: frozen ${plain(r.frozen)}, held ${plain(r.held)} ` +
                `(open positions and flips ${plain(r.positions)}, withdrawals ${plain(r.withdrawals)})`,
            );

      // 7. What each vault owes, kept as a running total by every open and close, equals the profit
      //    caps of the token's open positions and the payouts its open flips could win.
      const exposure = await check(
        tx,
        'exposure',
        sql`with caps as (
              select token, sum(owed) as owed from (
                select margin_token as token, margin * profit_cap_multiple as owed
                  from game_positions where status = 'open'
                union all
                select token, profit from flip_positions where status = 'open'
              ) open_bets group by token
            )
            select coalesce(e.token, c.token) as token, coalesce(e.owed, 0)::text as owed,
                   coalesce(c.owed, 0)::text as caps, count(*) over () as total
              from vault_exposure e
              full join caps c on c.token = e.token
             where coalesce(e.owed, 0) <> coalesce(c.owed, 0)
             order by 1 limit ${SHOWN}`,
        (r) =>
          `the ${r.token} vault owes ${plain(r.owed)} by its running total; the open positions' profit caps ` +
          `sum to ${plain(r.caps)}`,
      );

      const totals = await queryRows<{ token: string; kind: string; available: string; frozen: string }>(
        tx,
        sql`select token, kind, sum(available)::text as available, sum(frozen)::text as frozen
            from ledger_accounts group by token, kind order by token, kind`,
      );
      const byToken = new Map<string, AuditReport['tokens'][number]>();
      for (const row of totals) {
        const entry = byToken.get(row.token) ?? {
          token: row.token,
          usersAvailable: '0',
          usersFrozen: '0',
          vault: '0',
          chain: '0',
          equity: '0',
          sum: '0',
        };
        const available = new Decimal(row.available);
        const frozen = new Decimal(row.frozen);
        if (row.kind === 'user') {
          entry.usersAvailable = available.toFixed();
          entry.usersFrozen = frozen.toFixed();
        } else if (row.kind === 'vault' || row.kind === 'chain' || row.kind === 'equity') {
          entry[row.kind] = available.add(frozen).toFixed();
        }
        entry.sum = new Decimal(entry.sum).add(available).add(frozen).toFixed();
        byToken.set(row.token, entry);
      }
      const tokens = [...byToken.values()];
      const unbalanced = tokens
        .filter((token) => !new Decimal(token.sum).isZero())
        .map((token): AuditDifference => ({
          check: 'conservation',
          detail: `${token.token} sums to ${token.sum} over all accounts, not 0`,
        }));

      const checks = [
        { name: 'balance' as const, differences: balances.count, tookMs: balances.tookMs },
        {
          name: 'conservation' as const,
          differences: conservation.count + unbalanced.length,
          tookMs: conservation.tookMs,
        },
        { name: 'negative' as const, differences: negative.count, tookMs: negative.tookMs },
        { name: 'running_balance' as const, differences: running.count, tookMs: running.tookMs },
        { name: 'empty_movement' as const, differences: empty.count, tookMs: empty.tookMs },
        { name: 'frozen' as const, differences: frozen.count, tookMs: frozen.tookMs },
        { name: 'exposure' as const, differences: exposure.count, tookMs: exposure.tookMs },
      ];
      const differences = [
        ...balances.shown,
        ...conservation.shown,
        ...unbalanced,
        ...negative.shown,
        ...running.shown,
        ...empty.shown,
        ...frozen.shown,
        ...exposure.shown,
      ];
      return {
        ok: checks.every((c) => c.differences === 0),
        accounts: Number(counts!.accounts),
        movements: Number(counts!.movements),
        postings: Number(counts!.postings),
        tokens,
        checks,
        differences,
        tookMs: Math.round(performance.now() - started),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The audit as printed by `npm run audit`. */
export function formatAudit(report: AuditReport): string {
  const lines = [
    `Ledger audit: ${report.ok ? 'OK' : 'DIFFERENCES FOUND'}`,
    `  accounts ${report.accounts}, movements ${report.movements}, entries ${report.postings}, tokens ${report.tokens.length}, ${report.tookMs} ms`,
    '',
  ];
  const header = ['TOKEN', 'USERS AVAILABLE', 'USERS FROZEN', 'VAULT', 'CHAIN', 'EQUITY', 'SUM'];
  const rows = [
    header,
    ...report.tokens.map((t) => [
      t.token,
      t.usersAvailable,
      t.usersFrozen,
      t.vault,
      t.chain,
      t.equity,
      t.sum,
    ]),
  ];
  const widths = header.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows)
    lines.push(
      `  ${row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd()}`,
    );
  lines.push('');
  for (const c of report.checks) {
    lines.push(
      `  ${c.differences === 0 ? 'ok  ' : 'FAIL'} ${c.name.padEnd(16)} ${c.differences} difference(s)`,
    );
  }
  if (report.differences.length > 0) {
    lines.push('', 'Differences:');
    for (const d of report.differences) lines.push(`  [${d.check}] ${d.detail}`);
  }
  return lines.join('\n');
}
