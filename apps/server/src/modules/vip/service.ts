// VIP levels (DESIGN §9, issue 19): a player's level is the highest whose threshold their cumulative
// USDT turnover has reached, exactly (not a cent before); it adds its bonus to their own invite
// rewards. The table is configuration (`vip:levels`, /api/admin/vip/levels).
import type { AdminVipLevelBody, VipLevel, VipStatus } from '@tradeflip/api';
import type { MessageKey } from '@tradeflip/i18n';
import { sql } from 'drizzle-orm';
import { Decimal } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { GameEvents } from '../game-events/service';
import * as repo from './repository';

/** Level table changes one at a time (pg_advisory_xact_lock). */
const VIP_LEVELS_LOCK = 0x564950; // 'VIP'

/** The level `turnover` reaches in `levels` (sorted by level; level 0 starts at 0). */
export function levelOf<L extends { minTurnover: string }>(turnover: Decimal, levels: L[]): L | undefined {
  let reached: L | undefined;
  for (const row of levels) if (turnover.gte(row.minTurnover)) reached = row;
  return reached;
}

const plain = (value: string) => new Decimal(value).toFixed();

export class VipService {
  constructor(private readonly deps: { db: Database; clock: Clock; events: GameEvents }) {}

  async levels(db: Queryable = this.deps.db): Promise<VipLevel[]> {
    return (await repo.levels(db)).map((row) => ({
      level: row.level,
      minTurnover: plain(row.minTurnover),
      rewardBonus: plain(row.rewardBonus),
    }));
  }

  /** GET /api/app/vip */
  async statusOf(userId: number): Promise<VipStatus> {
    const [levels, turnovers] = await Promise.all([this.levels(), this.deps.events.turnoversOf([userId])]);
    const turnover = turnovers.get(userId) ?? new Decimal(0);
    const current = levelOf(turnover, levels) ?? { level: 0, minTurnover: '0', rewardBonus: '0' };
    const next = levels.find((row) => row.level > current.level && turnover.lt(row.minTurnover));
    const span = next ? new Decimal(next.minTurnover).sub(current.minTurnover) : undefined;
    const progress =
      next && span?.gt(0)
        ? turnover.sub(current.minTurnover).div(span).mul(100).toDecimalPlaces(2, Decimal.ROUND_DOWN)
        : new Decimal(100);
    return {
      level: current.level,
      turnover: turnover.toFixed(),
      rewardBonus: current.rewardBonus,
      next: next
        ? {
            level: next.level,
            minTurnover: next.minTurnover,
            remaining: new Decimal(next.minTurnover).sub(turnover).toFixed(),
          }
        : null,
      progress: progress.toFixed(),
      levels,
    };
  }

  /** Each player's bonus on their own invite rewards (by their level now). */
  async bonusesOf(userIds: number[], db: Queryable = this.deps.db): Promise<Map<number, Decimal>> {
    const [levels, turnovers] = await Promise.all([
      this.levels(db),
      this.deps.events.turnoversOf(userIds, db),
    ]);
    return new Map(
      [...turnovers].map(([id, turnover]) => [id, new Decimal(levelOf(turnover, levels)?.rewardBonus ?? 0)]),
    );
  }

  /** An operator's change of one level; the table must stay in order (refused, nothing changed). */
  async setLevel(body: AdminVipLevelBody): Promise<{ list: VipLevel[] }> {
    // The refusal names the field that is wrong: the bonus's range, or the threshold (its sign, its order).
    const invalid = (field: 'minTurnover' | 'rewardBonus', key: MessageKey = 'vip.levelInvalid') =>
      new AppError(400, 'validation', key, { fields: { [field]: key } });
    const bonus = new Decimal(body.rewardBonus);
    // lt, not isNegative: '-0' is 0 (decimal.js counts its sign).
    if (bonus.lt(0) || bonus.gt(1)) throw invalid('rewardBonus');
    if (new Decimal(body.minTurnover).lt(0)) throw invalid('minTurnover');
    await this.deps.db.transaction(async (tx) => {
      // One change at a time: two at once could each keep the order against the other's old row.
      await tx.execute(sql`select pg_advisory_xact_lock(${VIP_LEVELS_LOCK})`);
      await repo.setLevel(tx, body, this.deps.clock.now());
      const levels = await this.levels(tx);
      // Numbered without gaps (a VIP9 after VIP5 read as four levels missing), each from more turnover
      // than the one below and giving at least its bonus (a higher level paying less is a mistake).
      if (levels.some((row, i) => row.level !== i)) {
        throw new AppError(400, 'validation', 'vip.levelGap', {
          fields: { level: 'vip.levelGap' },
          vars: { next: levels.findIndex((row, i) => row.level !== i) },
        });
      }
      const ordered = levels.every((row, i) =>
        i === 0
          ? new Decimal(row.minTurnover).isZero()
          : new Decimal(row.minTurnover).gt(levels[i - 1]!.minTurnover),
      );
      if (!ordered) throw invalid('minTurnover');
      const bonusesRise = levels.every(
        (row, i) => i === 0 || new Decimal(row.rewardBonus).gte(levels[i - 1]!.rewardBonus),
      );
      if (!bonusesRise) throw invalid('rewardBonus', 'vip.bonusOrder');
    });
    return { list: await this.levels() };
  }

  /** Takes the top level away (a mistyped one); a player who had reached it counts at the level below. */
  async removeLevel(level: number): Promise<{ list: VipLevel[] }> {
    await this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${VIP_LEVELS_LOCK})`);
      const top = (await this.levels(tx)).at(-1)?.level ?? 0;
      if (level !== top || level === 0) {
        throw new AppError(400, 'validation', 'vip.removeTopOnly', {
          fields: { level: 'vip.removeTopOnly' },
          vars: { top },
        });
      }
      await repo.removeLevel(tx, level);
    });
    return { list: await this.levels() };
  }
}
