// Invites (DESIGN §9, issue 19). A player's invite code and link make a friend theirs at sign-up
// (the account module keeps the inviter). Each game event (a bet, a profit, a loss: the games record
// them) pays the configured rate of its amount to the player (`self`) and to their inviter
// (`upline`), from the vault through the ledger: one leader takes the events not yet rewarded in
// batches (reward-job.ts), each batch one transaction that marks its events, so a crash or a run
// again pays nothing twice (the ledger's cause key and a unique key per event and level hold it as
// well), and an event whose game committed late is still found. A
// frozen user is never paid; a vault that cannot pay without touching what it owes on open bets
// holds the rewards back (the batch waits, nothing is lost) until it can.
import type { AdminRewardRuleBody, InviteReward, InviteSummary, RewardRule } from '@tradeflip/api';
import { sql } from 'drizzle-orm';
import { Decimal } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { CrashPoint } from '../../config';
import { crashIf } from '../../crash';
import { AppError } from '../../errors';
import type { Database } from '../../db/client';
import { pageOf, pageRows, type PageQuery } from '../../db/page';
import type { AccountService } from '../account/service';
import type { GameEvents } from '../game-events/service';
import type { VipService } from '../vip/service';
import { moves, type LedgerService, type MoveRequest } from '../ledger/service';
import { storeNotices } from '../notifications/service';
import type { TokenRegistry } from '../token/registry';
import * as repo from './repository';
import type { RewardLevel } from './schema';

type RuleKind = RewardRule['kind'];

/** Rule changes one at a time (pg_advisory_xact_lock). */
const INVITE_RULES_LOCK = 0x494e5652; // 'INVR'

/** Game events rewarded per transaction. */
export const REWARD_BATCH = 500;

const LEVELS: RewardLevel[] = ['self', 'upline'];
/** The highest rate a rule may pay (the table's check holds it too): half of what was played. */
const MAX_RATE = '0.5';
/**
 * The most the two levels' rates of one kind may add up to: a flip's bet rewards are paid whatever its
 * result, so they must stay well below the house's edge on it (a VIP bonus can at most double the
 * player's own); a profit's or loss's are a share of money that really moved.
 */
const MAX_RATE_SUM: Record<RuleKind, string> = { bet: '0.02', profit: '0.1', loss: '0.1' };

export interface InviteDeps {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  tokens: TokenRegistry;
  accounts: AccountService;
  /** The games' bets, profits and losses, read in order. */
  events: GameEvents;
  /** The players' VIP bonus on their own rewards. */
  vip: Pick<VipService, 'bonusesOf'>;
  crashAt?: CrashPoint | undefined;
}

/** ab***@gmail.com: enough for a player to know their friend, never the whole address. */
export function nicknameOf(email: string): string {
  const at = email.lastIndexOf('@');
  const name = at > 0 ? email.slice(0, at) : email;
  return `${name.slice(0, Math.min(2, Math.max(1, name.length - 1)))}***${at > 0 ? email.slice(at) : ''}`;
}

/**
 * ab***: a player in a public list (the live plays feed), where the e-mail's domain would say more
 * than a friend's list may.
 */
export function publicNicknameOf(email: string): string {
  const nickname = nicknameOf(email);
  return nickname.slice(0, nickname.indexOf('***') + 3);
}

/**
 * An event's rewards within its cap (a contract bet's opening fee): over it, each level gets its share
 * of the cap in proportion, so together they never pay a player more than the play cost.
 */
export function cappedRewards<T extends { amount: Decimal }>(earned: T[], cap: string | null): T[] {
  const total = earned.reduce((sum, reward) => sum.add(reward.amount), new Decimal(0));
  if (cap === null || total.lte(cap)) return earned;
  return earned.map((reward) => ({ ...reward, amount: reward.amount.mul(cap).div(total) }));
}

export class InviteService {
  constructor(private readonly deps: InviteDeps) {}

  // ---- Rewards ----

  /** Rewards every game event not yet rewarded; answers how many events were dealt with. */
  async rewardPass(): Promise<number> {
    let dealt = 0;
    for (;;) {
      const batch = await this.rewardBatch();
      dealt += batch;
      if (batch < REWARD_BATCH) return dealt;
    }
  }

  private async rewardBatch(): Promise<number> {
    const { ledger, accounts, tokens, clock } = this.deps;
    const dealt = await ledger.transaction(async (ltx) => {
      const tx = ltx.tx;
      const events = await this.deps.events.eventsToReward(REWARD_BATCH, tx);
      if (events.length === 0) return 0;
      // A rule change in flight (it has read the events' numbering, not yet committed) finishes first:
      // an event numbered after it is never paid at the rate before it (the red team's race).
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${INVITE_RULES_LOCK})`);
      const rateOf = ratesInForce(await repo.ruleChanges(tx));
      const players = await accounts.standingsOf(
        events.map((event) => event.userId),
        tx,
      );
      const inviters = await accounts.standingsOf(
        [...players.values()].flatMap((player) => (player.inviterId === null ? [] : [player.inviterId])),
        tx,
      );
      // A player's VIP level adds its bonus to their own rewards (their level now).
      const bonuses = await this.deps.vip.bonusesOf(
        events.map((event) => event.userId),
        tx,
      );
      const now = clock.now();
      const byToken = new Map<string, { request: MoveRequest; row: repo.RewardRow }[]>();
      for (const event of events) {
        const token = await tokens.require(event.token, { allowDisabled: true, via: tx });
        const earned: { level: RewardLevel; receiver: number; amount: Decimal }[] = [];
        for (const level of LEVELS) {
          // The rate when it was played (its play opened): an operator's change since counts for
          // later plays only, though a flip's events and a position's close are recorded after it.
          const rate = rateOf(event.kind, level, event.playSeq ?? event.id);
          if (!rate?.gt(0)) continue;
          const receiver = level === 'self' ? event.userId : players.get(event.userId)?.inviterId;
          if (receiver === null || receiver === undefined) continue;
          const standing = (level === 'self' ? players : inviters).get(receiver);
          if (!standing || standing.frozen) continue;
          const bonus = level === 'self' ? (bonuses.get(event.userId) ?? new Decimal(0)) : new Decimal(0);
          earned.push({ level, receiver, amount: new Decimal(event.amount).mul(rate).mul(bonus.add(1)) });
        }
        for (const { level, receiver, amount: exact } of cappedRewards(earned, event.rewardCap)) {
          const amount = exact.toDecimalPlaces(token.amountDp, Decimal.ROUND_DOWN);
          if (!amount.gt(0)) continue;
          const list = byToken.get(token.symbol) ?? [];
          list.push({
            request: moves.payFromVault({
              userId: receiver,
              token: token.symbol,
              amount,
              type: level === 'self' ? 'invite_reward' : 'upline_reward',
              ref: { type: 'game_event', id: event.id },
              causeKey: `invite:${event.id}:${level}`,
            }),
            row: {
              eventId: event.id,
              level,
              game: event.game,
              kind: event.kind,
              userId: receiver,
              friendId: event.userId,
              token: token.symbol,
              amount: amount.toFixed(),
              movementId: 0,
              createdAt: now,
            },
          });
          byToken.set(token.symbol, list);
        }
      }
      const rows: repo.RewardRow[] = [];
      for (const [token, list] of byToken) {
        // Never out of what the vault owes on open bets: short, the batch waits (rolled back).
        const movements = await ledger.moveAll(
          list.map((item) => item.request),
          ltx,
          { covers: token },
        );
        list.forEach((item, i) => rows.push({ ...item.row, movementId: movements[i]!.id }));
      }
      await repo.insertRewards(tx, rows);
      // One notice per player and token for the batch, however many rewards it paid them.
      const earned = new Map<string, { userId: number; token: string; amount: Decimal }>();
      for (const row of rows) {
        const key = `${row.userId}:${row.token}`;
        const sum = earned.get(key) ?? { userId: row.userId, token: row.token, amount: new Decimal(0) };
        earned.set(key, { ...sum, amount: sum.amount.add(row.amount) });
      }
      await storeNotices(
        tx,
        [...earned.values()].map(({ userId, token, amount }) => ({
          userId,
          kind: 'invite_reward' as const,
          params: { amount: amount.toFixed(), token },
        })),
        now,
      );
      await this.deps.events.markRewarded(
        events.map((event) => event.id),
        tx,
      );
      crashIf('invite-rewarding', this.deps.crashAt);
      return events.length;
    });
    crashIf('invite-rewarded', this.deps.crashAt);
    return dealt;
  }

  // ---- What a player sees ----

  async rules(): Promise<RewardRule[]> {
    return (await repo.rules(this.deps.db)).map((row) => ({
      kind: row.kind,
      level: row.level,
      rate: new Decimal(row.rate).toFixed(),
    }));
  }

  async summary(userId: number, inviteCode: string): Promise<InviteSummary> {
    const [friends, totals, rules] = await Promise.all([
      this.deps.accounts.friendsOf(userId, { offset: 0, limit: 0 }),
      repo.totals(this.deps.db, userId),
      this.rules(),
    ]);
    return {
      inviteCode,
      invitePath: `/pages/register/index?code=${encodeURIComponent(inviteCode)}`,
      friends: friends.total,
      rewards: totals.map((row) => ({
        token: row.token,
        amount: new Decimal(row.amount).toFixed(),
        ownPlays: new Decimal(row.ownPlays).toFixed(),
        friendsPlays: new Decimal(row.friendsPlays).toFixed(),
      })),
      rules,
    };
  }

  async friends(userId: number, query: PageQuery) {
    const { rows, total } = await this.deps.accounts.friendsOf(userId, pageRows(query));
    const paid = await repo.fromFriends(
      this.deps.db,
      userId,
      rows.map((row) => row.id),
    );
    return pageOf(
      query,
      rows.map((row) => ({
        nickname: nicknameOf(row.email),
        registeredAt: row.createdAt.toISOString(),
        rewards: paid
          .filter((reward) => reward.friendId === row.id)
          .map((reward) => ({ token: reward.token, amount: new Decimal(reward.amount).toFixed() })),
      })),
      total,
    );
  }

  async rewards(userId: number, query: PageQuery) {
    const { rows, total } = await repo.rewardsOf(this.deps.db, userId, pageRows(query));
    const emails = await this.deps.accounts.emailsOf(rows.map((row) => row.friendId));
    return pageOf(
      query,
      rows.map((row): InviteReward => ({
        id: String(row.id),
        level: row.level,
        kind: row.kind,
        game: row.game,
        friend: row.level === 'upline' ? nicknameOf(emails.get(row.friendId) ?? '') : null,
        token: row.token,
        amount: new Decimal(row.amount).toFixed(),
        createdAt: row.createdAt.toISOString(),
      })),
      total,
    );
  }

  // ---- Operations ----

  /**
   * An operator's change of one rule: events played from now on are rewarded at it. One change at a
   * time (a lock for the transaction): two at once could each pass the two levels' sum against the
   * other's old rate (the red team had loss at 0.09 + 0.09, past its 0.1).
   */
  async setRule(body: AdminRewardRuleBody): Promise<{ list: RewardRule[] }> {
    const rate = new Decimal(body.rate);
    // lt, not isNegative: '-0' is 0 (decimal.js counts its sign).
    if (rate.lt(0) || rate.gt(MAX_RATE)) {
      throw new AppError(400, 'validation', 'invite.rateRange', { fields: { rate: 'invite.rateRange' } });
    }
    await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${INVITE_RULES_LOCK})`);
      const rules = await repo.rules(tx);
      const other = rules.find((rule) => rule.kind === body.kind && rule.level !== body.level);
      const max = MAX_RATE_SUM[body.kind];
      if (rate.add(other?.rate ?? 0).gt(max)) {
        throw new AppError(400, 'validation', `invite.rateSum.${body.kind}`, {
          fields: { rate: `invite.rateSum.${body.kind}` },
          vars: { max },
        });
      }
      // The same rate again changes nothing: no change kept (the rewarder reads them all).
      const current = rules.find((rule) => rule.kind === body.kind && rule.level === body.level);
      if (current && rate.eq(current.rate)) return;
      await repo.setRule(tx, body, this.deps.clock.now());
    });
    return { list: await this.rules() };
  }
}

/** Each rule's rate for a game event, from its changes (oldest first): the last one made before it. */
function ratesInForce(changes: { kind: RuleKind; level: RewardLevel; rate: string; afterEventId: number }[]) {
  return (kind: RuleKind, level: RewardLevel, eventId: number): Decimal | undefined => {
    let rate: string | undefined;
    for (const change of changes)
      if (change.kind === kind && change.level === level && change.afterEventId < eventId) rate = change.rate;
    return rate === undefined ? undefined : new Decimal(rate);
  };
}
