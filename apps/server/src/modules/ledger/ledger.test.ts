// The ledger service and its guarantees: double entry, refusals that change nothing, exactly-once
// causes, no double spend under concurrency, an append-only ledger, and an audit that notices tampering.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Decimal } from '@tradeflip/money';
import type { Database } from '../../db/client';
import { queryRows, sqlState } from '../../db/rows';
import {
  adminCall,
  describeEachDatabase,
  describeEachTarget,
  registerUser,
  type TestApp,
  userOf,
} from '../../test/harness';
import { chainAccount, userAccount, vaultAccount } from './accounts';
import { runAudit } from './audit';
import { moves, type LedgerService } from './service';

/** These tests freeze money for no position or withdrawal: the audit's frozen check is not theirs. */
const LEDGER_ONLY = { frozenHolders: false };

async function balanceOf(db: Database, userId: number, token: string) {
  const result = (await db.execute(
    sql`select available::text as available, frozen::text as frozen from ledger_accounts where owner = ${`user:${userId}`} and token = ${token}`,
  )) as unknown as { rows: { available: string; frozen: string }[] };
  const row = result.rows[0];
  return row
    ? { available: new Decimal(row.available).toFixed(), frozen: new Decimal(row.frozen).toFixed() }
    : undefined;
}

async function newUser(t: TestApp, db: Database) {
  const { email, token } = await registerUser(t);
  const user = await userOf(db, email);
  return { id: user.id, email, token };
}

describeEachDatabase('ledger', (db) => {
  const ref = { type: 'test', id: 'case' };

  describe('movements', () => {
    it('freezes, unfreezes, consumes from frozen and pays from the vault, double-entry', async () => {
      const t = await db.app();
      const ledger: LedgerService = t.app.services.ledger;
      const money = t.app.services.operatorMoney;
      const user = await newUser(t, db.handle.db);
      await money.adjust({ userId: user.id, token: 'USDT', amount: '100', memo: 'start' });
      await money.fundVault({ token: 'USDT', amount: '50' });

      const frozen = await ledger.freeze({
        userId: user.id,
        token: 'USDT',
        amount: '40',
        type: 'margin_lock',
        ref,
      });
      expect(frozen.postings).toEqual([
        expect.objectContaining({
          kind: 'user',
          availableDelta: '-40',
          frozenDelta: '40',
          availableAfter: '60',
          frozenAfter: '40',
        }),
      ]);
      await ledger.unfreeze({ userId: user.id, token: 'USDT', amount: '10', type: 'margin_unfreeze', ref });
      const consumed = await ledger.consumeFrozen({
        userId: user.id,
        token: 'USDT',
        amount: '12.5',
        type: 'loss_consumed',
        ref,
      });
      expect(consumed.postings.map((p) => [p.kind, p.availableDelta, p.frozenDelta])).toEqual(
        expect.arrayContaining([
          ['user', '0', '-12.5'],
          ['vault', '12.5', '0'],
        ]),
      );
      await ledger.payFromVault({
        userId: user.id,
        token: 'USDT',
        amount: '62.5',
        type: 'profit_payout',
        ref,
      });
      expect(await balanceOf(db.handle.db, user.id, 'USDT')).toEqual({ available: '132.5', frozen: '17.5' });

      // The vault holds 0 now: paying more is refused and changes nothing.
      await expect(
        ledger.payFromVault({
          userId: user.id,
          token: 'USDT',
          amount: '0.000001',
          type: 'profit_payout',
          ref,
        }),
      ).rejects.toMatchObject({ reason: 'insufficient_balance', msgKey: 'errors.vaultInsufficient' });
      await expect(
        ledger.freeze({ userId: user.id, token: 'USDT', amount: '132.500001', type: 'bet_freeze', ref }),
      ).rejects.toMatchObject({ statusCode: 400, reason: 'insufficient_balance' });
      await expect(
        ledger.consumeFrozen({ userId: user.id, token: 'USDT', amount: '17.6', type: 'flip_consume', ref }),
      ).rejects.toMatchObject({ reason: 'insufficient_balance' });
      expect(await balanceOf(db.handle.db, user.id, 'USDT')).toEqual({ available: '132.5', frozen: '17.5' });

      // Deposits and withdrawals use the chain account of the network.
      await ledger.move({
        type: 'deposit',
        ref: { type: 'deposit', id: 1 },
        legs: [
          { account: userAccount(user.id, 'USDT'), available: '5' },
          { account: chainAccount('USDT', 'BEP20'), available: '-5' },
        ],
      });
      await expect(
        ledger.move({
          type: 'default',
          ref,
          legs: [{ account: userAccount(user.id, 'USDT'), available: '1' }],
        }),
      ).rejects.toThrow(/sums to 1, not 0/);
      await expect(
        ledger.move({
          type: 'default',
          ref,
          legs: [{ account: vaultAccount('USDT'), frozen: '1', available: '-1' }],
        }),
      ).rejects.toThrow(/no frozen balance/);
      await expect(
        ledger.credit({ userId: user.id, token: 'USDT', amount: '-1', type: 'default', ref }),
      ).rejects.toMatchObject({
        msgKey: 'errors.amountPositive',
      });
      await expect(
        ledger.credit({
          userId: user.id,
          token: 'USDT',
          amount: '0.0000000000000000001',
          type: 'default',
          ref,
        }),
      ).rejects.toMatchObject({ msgKey: 'errors.amountInvalid' });
      await db.expectAuditClean(LEDGER_ONLY);
    });

    it('moves a cause once: the same cause key answers the first movement', async () => {
      const t = await db.app();
      const ledger = t.app.services.ledger;
      const user = await newUser(t, db.handle.db);
      const deposit = () =>
        ledger.move({
          type: 'deposit',
          ref: { type: 'deposit', id: 'tx1' },
          causeKey: `deposit:ERC20:0xabc:${user.id}`,
          legs: [
            { account: userAccount(user.id, 'USDT'), available: '20' },
            { account: chainAccount('USDT', 'ERC20'), available: '-20' },
          ],
        });
      const results = await Promise.all([deposit(), deposit(), deposit()]);
      expect(results.filter((m) => !m.replayed)).toHaveLength(1);
      expect(new Set(results.map((m) => m.id)).size).toBe(1);
      expect(results.find((m) => m.replayed)!.postings).toHaveLength(2);
      expect(await balanceOf(db.handle.db, user.id, 'USDT')).toEqual({ available: '20', frozen: '0' });
      await db.expectAuditClean(LEDGER_ONLY);
    });

    it('moves money inside a caller’s transaction, and a refusal leaves that transaction usable', async () => {
      const t = await db.app();
      const ledger = t.app.services.ledger;
      const money = t.app.services.operatorMoney;
      const user = await newUser(t, db.handle.db);
      await money.adjust({ userId: user.id, token: 'ETH', amount: '1' });
      const outcome = await db.handle.db.transaction(async (tx) => {
        await ledger.freeze({ userId: user.id, token: 'ETH', amount: '0.4', type: 'bet_freeze', ref }, tx);
        const refused = await ledger
          .freeze({ userId: user.id, token: 'ETH', amount: '0.7', type: 'bet_freeze', ref }, tx)
          .then(
            () => 'moved',
            (error: { reason?: string }) => error.reason,
          );
        await ledger.unfreeze(
          { userId: user.id, token: 'ETH', amount: '0.1', type: 'bet_unfreeze', ref },
          tx,
        );
        return refused;
      });
      expect(outcome).toBe('insufficient_balance');
      expect(await balanceOf(db.handle.db, user.id, 'ETH')).toEqual({ available: '0.7', frozen: '0.3' });

      // A rolled-back caller leaves no trace.
      await expect(
        db.handle.db.transaction(async (tx) => {
          await ledger.freeze({ userId: user.id, token: 'ETH', amount: '0.7', type: 'bet_freeze', ref }, tx);
          throw new Error('caller failed');
        }),
      ).rejects.toThrow('caller failed');
      expect(await balanceOf(db.handle.db, user.id, 'ETH')).toEqual({ available: '0.7', frozen: '0.3' });
      await db.expectAuditClean(LEDGER_ONLY);
    });
    it('moves several movements together in one statement, each posting its running balance', async () => {
      const t = await db.app();
      const ledger = t.app.services.ledger;
      const money = t.app.services.operatorMoney;
      const user = await newUser(t, db.handle.db);
      await money.adjust({ userId: user.id, token: 'USDT', amount: '10' });
      await money.fundVault({ token: 'USDT', amount: '5' });
      const vaultBefore = (await ledger.houseAccounts()).find(
        (a) => a.kind === 'vault' && a.token === 'USDT',
      )!;
      const base = { userId: user.id, token: 'USDT', ref };
      const [lock, fee] = await db.handle.db.transaction((tx) =>
        ledger.moveAll(
          [
            moves.freeze({ ...base, amount: '4', type: 'margin_lock' }),
            moves.debit({ ...base, amount: '0.5', type: 'game_open_fee', to: vaultAccount('USDT') }),
          ],
          tx,
        ),
      );
      expect(lock!.postings.map((p) => [p.kind, p.availableAfter, p.frozenAfter])).toEqual([
        ['user', '6', '4'],
      ]);
      expect(
        fee!.postings
          .map((p) => [p.kind, p.availableDelta, p.availableAfter])
          .sort(([a], [b]) => a!.localeCompare(b!)),
      ).toEqual([
        ['user', '-0.5', '5.5'],
        ['vault', '0.5', new Decimal(vaultBefore.available).add('0.5').toFixed()],
      ]);

      // The second step would take the frozen balance below zero, although the batch ends above it:
      // refused, and the caller's transaction goes on with nothing written.
      const outcome = await db.handle.db.transaction(async (tx) => {
        const refused = await ledger
          .moveAll(
            [
              moves.consumeFrozen({ ...base, amount: '5', type: 'loss_consumed' }),
              moves.freeze({ ...base, amount: '2', type: 'margin_lock' }),
            ],
            tx,
          )
          .then(
            () => 'moved',
            (error: { reason?: string }) => error.reason,
          );
        await ledger.unfreeze({ ...base, amount: '1', type: 'margin_unfreeze' }, tx);
        return refused;
      });
      expect(outcome).toBe('insufficient_balance');
      expect(await balanceOf(db.handle.db, user.id, 'USDT')).toEqual({ available: '6.5', frozen: '3' });
      await db.expectAuditClean(LEDGER_ONLY);
    });
  });

  describe('balancing movements (at most what is there)', () => {
    it('pays from the vault at most what it holds at its turn, and moves a refund only when that fell short', async () => {
      const t = await db.app();
      const ledger = t.app.services.ledger;
      const money = t.app.services.operatorMoney;
      const [a, b] = [await newUser(t, db.handle.db), await newUser(t, db.handle.db)];
      const vault = async () =>
        new Decimal(
          (await ledger.houseAccounts()).find((row) => row.kind === 'vault' && row.token === 'ETH')
            ?.available ?? 0,
        );
      // The vault holds exactly 3 ETH.
      const before = await vault();
      await money.fundVault({ token: 'ETH', amount: new Decimal(3).sub(before).toFixed(), belowOwed: true });
      await money.adjust({ userId: a.id, token: 'ETH', amount: '1' });
      await ledger.freeze({ userId: a.id, token: 'ETH', amount: '1', type: 'margin_lock', ref });
      const pay = (userId: number, amount: string, key: string, leaving = '0') =>
        moves.payFromVault({
          userId,
          token: 'ETH',
          amount,
          type: 'profit_payout',
          ref,
          causeKey: key,
          atMost: { leaving },
        });
      const refund = (userId: number, key: string) =>
        moves.payFromVault({
          userId,
          token: 'ETH',
          amount: '0.5',
          type: 'fee_refund_vault_short',
          ref,
          causeKey: `${key}:refund`,
          ifShort: key,
        });
      const fee = moves.consumeFrozen({
        userId: a.id,
        token: 'ETH',
        amount: '0.5',
        type: 'close_fee_from_frozen',
        ref,
      });
      // a: its fee in, then 2 asked leaving that fee: paid in full (3 there besides), no refund.
      // b: 4 asked, 1.5 left: paid 1.5 (no fee of its own to give back).
      // a: its fee in, then 1 asked leaving that fee: nothing there besides, so nothing moves, and the
      // refund of its fee is due.
      const moved = await ledger.moveAll([
        fee,
        pay(a.id, '2', 'a1', '0.5'),
        refund(a.id, 'a1'),
        pay(b.id, '4', 'b1'),
        fee,
        pay(a.id, '1', 'a2', '0.5'),
        refund(a.id, 'a2'),
      ]);
      const userDelta = (m: (typeof moved)[number]) =>
        m && new Decimal(m.postings.find((p) => p.kind === 'user')!.availableDelta).toFixed();
      expect(moved.map(userDelta)).toEqual(['0', '2', null, '1.5', '0', null, '0.5']);
      expect((await vault()).toFixed()).toBe('0');
      expect(await balanceOf(db.handle.db, a.id, 'ETH')).toEqual({ available: '2.5', frozen: '0' });
      expect(await balanceOf(db.handle.db, b.id, 'ETH')).toEqual({ available: '1.5', frozen: '0' });
      // A movement that is not balancing is still refused when the vault is short, changing nothing.
      await expect(
        ledger.payFromVault({ userId: b.id, token: 'ETH', amount: '0.1', type: 'profit_payout', ref }),
      ).rejects.toMatchObject({ reason: 'insufficient_balance' });
      await db.expectAuditClean(LEDGER_ONLY);
    });

    it('takes back at most what a user holds, from either balance, and refuses a balancing movement it cannot bound', async () => {
      const t = await db.app();
      const ledger = t.app.services.ledger;
      const money = t.app.services.operatorMoney;
      const user = await newUser(t, db.handle.db);
      await money.adjust({ userId: user.id, token: 'USDT', amount: '7' });
      await ledger.freeze({ userId: user.id, token: 'USDT', amount: '3', type: 'bet_freeze', ref });
      const [back, frozen] = await ledger.moveAll([
        {
          type: 'deposit',
          ref,
          legs: [
            { account: userAccount(user.id, 'USDT'), available: '-10' },
            { account: chainAccount('USDT', 'BEP20'), available: '10' },
          ],
          atMost: {},
        },
        {
          type: 'loss_consumed',
          ref,
          legs: [
            { account: userAccount(user.id, 'USDT'), frozen: '-5' },
            { account: vaultAccount('USDT'), available: '5' },
          ],
          atMost: {},
        },
      ]);
      expect(back!.postings.find((p) => p.kind === 'user')).toMatchObject({ availableDelta: '-4' });
      expect(frozen!.postings.find((p) => p.kind === 'user')).toMatchObject({ frozenDelta: '-3' });
      expect(await balanceOf(db.handle.db, user.id, 'USDT')).toEqual({ available: '0', frozen: '0' });
      // Equity is signed: there is no "what is there" to bound.
      await expect(
        ledger.moveAll([
          {
            type: 'admin_adjust',
            ref,
            legs: [
              { account: userAccount(user.id, 'USDT'), available: '1' },
              { account: { kind: 'equity', token: 'USDT' }, available: '-1' },
            ],
            atMost: {},
          },
        ]),
      ).rejects.toThrow('balancing');
      await db.expectAuditClean(LEDGER_ONLY);
    });
  });

  it('moves without answering exactly as it moves answering: the same entries, the same refusals', async () => {
    const t = await db.app();
    const ledger = t.app.services.ledger;
    const money = t.app.services.operatorMoney;
    await money.fundVault({ token: 'USDT', amount: '100' });
    const batch = (userId: number, tag: string) => [
      moves.freeze({ userId, token: 'USDT', amount: '4', type: 'bet_freeze', ref, causeKey: `${tag}:f` }),
      moves.unfreeze({ userId, token: 'USDT', amount: '4', type: 'bet_unfreeze', ref, causeKey: `${tag}:u` }),
      moves.payFromVault({
        userId,
        token: 'USDT',
        amount: '2.5',
        type: 'flip_profit_pay',
        ref,
        causeKey: `${tag}:p`,
      }),
      moves.freeze({ userId, token: 'USDT', amount: '1', type: 'bet_freeze', ref, causeKey: `${tag}:f2` }),
      moves.consumeFrozen({
        userId,
        token: 'USDT',
        amount: '1',
        type: 'flip_consume',
        ref,
        causeKey: `${tag}:c`,
      }),
    ];
    const answered = await newUser(t, db.handle.db);
    const unanswered = await newUser(t, db.handle.db);
    for (const user of [answered, unanswered])
      await money.adjust({ userId: user.id, token: 'USDT', amount: '5' });
    await ledger.moveAll(batch(answered.id, 'a'));
    await expect(ledger.moveAllUnanswered(batch(unanswered.id, 'b'))).resolves.toBeUndefined();
    const entries = (userId: number) =>
      queryRows(
        db.handle.db,
        sql`select m.type, p.available_delta::text, p.frozen_delta::text, p.available_after::text, p.frozen_after::text
              from ledger_postings p join ledger_movements m on m.id = p.movement_id
              join ledger_accounts a on a.id = p.account_id
             where a.user_id = ${userId} order by p.id`,
      );
    // The adjustment and the five movements, each with its running balances.
    expect(await entries(unanswered.id)).toHaveLength(6);
    expect(await entries(unanswered.id)).toEqual(await entries(answered.id));
    expect(await balanceOf(db.handle.db, unanswered.id, 'USDT')).toEqual({ available: '6.5', frozen: '0' });
    // A replay moves nothing; a shortfall is refused naming the account, and moves nothing either.
    await ledger.moveAllUnanswered(batch(unanswered.id, 'b'));
    await expect(
      ledger.moveAllUnanswered([
        moves.freeze({ userId: unanswered.id, token: 'USDT', amount: '7', type: 'bet_freeze', ref }),
      ]),
    ).rejects.toMatchObject({ reason: 'insufficient_balance' });
    expect(await balanceOf(db.handle.db, unanswered.id, 'USDT')).toEqual({ available: '6.5', frozen: '0' });
    await db.expectAuditClean(LEDGER_ONLY);
  });

  describe('double spend', () => {
    it('lets exactly 3 of 50 concurrent 30% withdrawals through the admin API', async () => {
      const t = await db.app();
      const user = await newUser(t, db.handle.db);
      await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
        body: { email: user.email, token: 'USDT', amount: '100', reason: 'start' },
      });
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
            body: { email: user.email, token: 'USDT', amount: '-30', reason: 'take 30%' },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      expect(
        results.filter((r) => r.status === 400 && r.body.reason === 'insufficient_balance'),
      ).toHaveLength(47);
      expect(await balanceOf(db.handle.db, user.id, 'USDT')).toEqual({ available: '10', frozen: '0' });
      await db.expectAuditClean(LEDGER_ONLY);
    });

    it('lets exactly 3 of 50 concurrent 30% freezes through the ledger service', async () => {
      const t = await db.app();
      const ledger = t.app.services.ledger;
      const money = t.app.services.operatorMoney;
      const user = await newUser(t, db.handle.db);
      await money.adjust({ userId: user.id, token: 'BNB', amount: '10' });
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          ledger.freeze({ userId: user.id, token: 'BNB', amount: '3', type: 'flip_bet_freeze', ref }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      expect(await balanceOf(db.handle.db, user.id, 'BNB')).toEqual({ available: '1', frozen: '9' });
      await db.expectAuditClean(LEDGER_ONLY);
    });
  });

  describe('append-only', () => {
    it('refuses UPDATE, DELETE and TRUNCATE of ledger entries', async () => {
      const t = await db.app();
      const user = await newUser(t, db.handle.db);
      await t.app.services.operatorMoney.adjust({ userId: user.id, token: 'SOL', amount: '1' });
      for (const statement of [
        sql`update ledger_postings set available_delta = 2`,
        sql`delete from ledger_postings`,
        sql`truncate ledger_postings`,
        sql`update ledger_movements set memo = 'changed'`,
        sql`delete from ledger_movements`,
        sql`truncate ledger_movements cascade`,
      ]) {
        await expect(db.handle.db.execute(statement)).rejects.toThrow();
      }
      await db.expectAuditClean(LEDGER_ONLY);
    });

    it('refuses a posting of no movement or of another token, and keeps every account', async () => {
      const t = await db.app();
      const user = await newUser(t, db.handle.db);
      await t.app.services.operatorMoney.adjust({ userId: user.id, token: 'SOL', amount: '1' });
      const [posted] = await queryRows<{ movement_id: string; account_id: string }>(
        db.handle.db,
        sql`select p.movement_id::text, p.account_id::text from ledger_postings p
              join ledger_accounts a on a.id = p.account_id where a.owner = ${`user:${user.id}`}`,
      );
      const other = await newUser(t, db.handle.db);
      await t.app.services.operatorMoney.adjust({ userId: other.id, token: 'SOL', amount: '1' });
      const [otherAccount] = await queryRows<{ id: string }>(
        db.handle.db,
        sql`select id::text from ledger_accounts where owner = ${`user:${other.id}`}`,
      );
      const post = (movement: string, account: string, token: string) =>
        db.handle.db.execute(
          sql`insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
              values (${movement}, ${account}, ${token}, 1, 0, 2, 0)`,
        );
      const refusal = (work: Promise<unknown>) =>
        work.then(
          () => 'written',
          (error: unknown) => sqlState(error),
        );
      expect(await refusal(post('999999999', posted!.account_id, 'SOL'))).toBe('23503');
      expect(await refusal(post(posted!.movement_id, otherAccount!.id, 'BTC'))).toBe('23503');
      for (const statement of [
        sql`delete from ledger_accounts where id = ${posted!.account_id}`,
        sql`update ledger_accounts set token = 'BTC' where id = ${posted!.account_id}`,
        sql`truncate ledger_accounts cascade`,
      ]) {
        expect(await refusal(db.handle.db.execute(statement))).toBe('23001');
      }
      expect(await balanceOf(db.handle.db, user.id, 'SOL')).toEqual({ available: '1', frozen: '0' });
      await db.expectAuditClean(LEDGER_ONLY);
    });
  });
});

describeEachTarget('ledger audit', (target) => {
  it('finds every kind of difference and counts them', async () => {
    // A database of its own: the tampering below cannot be undone in an append-only ledger.
    const handle = await target.open();
    try {
      const { db } = handle;
      const exec = (statement: ReturnType<typeof sql>) => db.execute(statement);
      const clean = await runAudit(db);
      expect(clean).toMatchObject({ ok: true, accounts: 0, movements: 0, postings: 0, differences: [] });

      await exec(
        sql`insert into users (email, password_hash, invite_code) values ('a@example.com', 'x', 'AAAAAA')`,
      );
      await exec(sql`alter table ledger_accounts drop constraint ledger_accounts_available_check`);
      await exec(sql`insert into ledger_accounts (kind, owner, user_id, token, available, created_at, updated_at)
        select 'user', 'user:' || id, id, 'USDT', -5, now(), now() from users`);
      await exec(sql`insert into ledger_accounts (kind, owner, token, available, created_at, updated_at)
        values ('equity', 'equity', 'USDT', 5, now(), now())`);
      await exec(
        sql`insert into ledger_movements (type, ref_type, created_at) values ('admin_adjust', 'admin', now()), ('airdrop', 'airdrop', now())`,
      );
      // Movement 1: the user's posting and its counterpart, but the user's "after" is wrong and
      // the equity leg is 1 short; movement 2 has no postings.
      await exec(sql`insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
        select 1, id, 'USDT', -5, 0, -4, 0 from ledger_accounts where kind = 'user'`);
      await exec(sql`insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
        select 1, id, 'USDT', 4, 0, 4, 0 from ledger_accounts where kind = 'equity'`);

      const report = await runAudit(db);
      expect(report.ok).toBe(false);
      expect(Object.fromEntries(report.checks.map((c) => [c.name, c.differences]))).toEqual({
        balance: 1, // equity holds 5, its postings say 4
        conservation: 1, // movement 1 sums to -1 (the token's total -1 is derived from the same)
        negative: 1,
        running_balance: 1,
        empty_movement: 1,
        frozen: 0,
        exposure: 0,
      });
      expect(report.differences.map((d) => d.detail)).toEqual(
        expect.arrayContaining([
          'equity/USDT: balance 5 available, 0 frozen; the ledger says 4 and 0',
          'movement 1 moves -1 USDT out of nowhere',
          'user:1/USDT holds -5 available, 0 frozen',
          'movement 2 has no postings',
        ]),
      );
      expect(report.tokens).toEqual([
        {
          token: 'USDT',
          usersAvailable: '-5',
          usersFrozen: '0',
          vault: '0',
          chain: '0',
          equity: '5',
          sum: '0',
        },
      ]);
    } finally {
      await handle.close();
    }
  });
});
