// Invite reward payout throughput (issue 19): 10,000 game events (bets, profits and losses of flips and
// contract plays, spread over 100 friends of 10 inviters) rewarded to both levels — the player's own
// reward and their inviter's — by the rewarder's pass (500 events per transaction with its cursor),
// then the ledger's audit. Events per second and rewards paid, on PostgreSQL when TEST_DATABASE_URL is
// set and on PGlite (SKIP_PGLITE=1 skips it).
//   npx tsx apps/server/scripts/bench-invite.ts [--events=N]
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { Decimal } from '@tradeflip/money';
import { loadTestSettings } from '../src/config';
import { openPglite, type DatabaseHandle } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { openScratchPostgres } from '../src/db/scratch';
import type { GameEvent } from '../src/modules/game-events/service';
import { runAudit } from '../src/modules/ledger/audit';
import { benchApp, registerBenchUser } from './memory-mailer';

const INVITERS = 10;
const FRIENDS = 100;
/** Events recorded per transaction while setting up (the games record a batch at a time too). */
const RECORD_BATCH = 1_000;

function eventsOf(count: number, friends: number[]): GameEvent[] {
  return Array.from({ length: count }, (_, i): GameEvent => {
    const userId = friends[i % friends.length]!;
    const contract = i % 2 === 1;
    // Each play: its bet, then its profit or its loss (every third a profit).
    const kind = i % 3 === 0 ? 'bet' : i % 3 === 1 ? 'loss' : 'profit';
    const stake = new Decimal(10 + (i % 90));
    return {
      userId,
      game: contract ? 'contract' : 'flip',
      kind,
      token: 'USDT',
      amount: kind === 'profit' ? stake.mul('0.85') : stake,
      ...(contract && kind === 'bet' && { turnover: stake.mul(10), rewardCap: stake.mul('0.005') }),
      ref: { type: contract ? 'game_position' : 'flip_position', id: 1_000_000 + i },
    };
  });
}

async function rewardMany(count: number, on: 'postgres' | 'pglite') {
  const url = loadTestSettings().databaseUrl;
  if (on === 'postgres' && !url) {
    console.log('  on PostgreSQL: set TEST_DATABASE_URL to measure');
    return;
  }
  const database: DatabaseHandle =
    on === 'postgres' ? await openScratchPostgres(url!, 'bench_invite') : await openPglite(undefined);
  const { app, mailer, dataDir } = await benchApp(database, 'tf-bench-invite-');
  try {
    const { invite, gameEvents, operatorMoney: money } = app.services;
    await money.fundVault({ token: 'USDT', amount: '100000000' });
    const friends: number[] = [];
    for (let n = 0; n < INVITERS; n++) {
      const inviter = await registerBenchUser(app, mailer, `bench-inviter-${n}@example.com`);
      for (let f = 0; f < FRIENDS / INVITERS; f++) {
        const friend = await registerBenchUser(
          app,
          mailer,
          `bench-friend-${n}-${f}@example.com`,
          inviter.inviteCode,
        );
        friends.push(friend.userId);
      }
    }
    await invite.rewardPass(); // nothing yet: the cursor starts here
    const events = eventsOf(count, friends);
    const prices = await gameEvents.prices(['USDT']);
    for (let i = 0; i < events.length; i += RECORD_BATCH) {
      await app.services.ledger.transaction((ltx) =>
        gameEvents.record(ltx.tx, events.slice(i, i + RECORD_BATCH), prices),
      );
    }
    const started = performance.now();
    const dealt = await invite.rewardPass();
    const seconds = (performance.now() - started) / 1000;
    if (dealt !== count) throw new Error(`the pass dealt with ${dealt} of ${count} events`);
    const again = await invite.rewardPass();
    if (again !== 0) throw new Error(`a second pass dealt with ${again} events`);
    const [row] = await queryRows<{ n: string; total: string }>(
      database.db,
      sql`select count(*)::text as n, coalesce(sum(amount), 0)::text as total from invite_rewards`,
    );
    if (!row) throw new Error('no rewards table');
    const audit = await runAudit(database.db);
    if (!audit.ok) throw new Error(`the audit found differences: ${JSON.stringify(audit.differences)}`);
    console.log(
      `  ${count.toLocaleString('en-US')} game events of ${FRIENDS} friends of ${INVITERS} inviters ` +
        `(${on === 'postgres' ? 'PostgreSQL' : 'PGlite'}): rewarded in ${seconds.toFixed(2)} s, ` +
        `${Math.round(count / seconds).toLocaleString('en-US')} events/s; ${Number(row.n).toLocaleString('en-US')} ` +
        `rewards (self and upline) paid ${new Decimal(row.total).toFixed(2)} USDT; a second pass paid nothing; audit clean`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const arg = process.argv.find((a) => a.startsWith('--events='));
  const count = arg ? Number(arg.split('=')[1]) : 10_000;
  await rewardMany(count, 'postgres');
  if (!process.env.SKIP_PGLITE) await rewardMany(count, 'pglite');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
