// VIP levels (DESIGN §9, issue 19): a player's level is the highest whose threshold their cumulative
// USDT turnover has reached, exactly (not a cent before); it adds its bonus to their own invite
// rewards. The table is configuration (`vip:levels`, /api/admin/vip/levels).
import type { AdminVipLevelBody, VipLevel, VipStatus } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { GameEvents } from '../game-events/service';
import * as repo from './repository';

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
    const invalid = (field: 'minTurnover' | 'rewardBonus') =>
      new AppError(400, 'validation', 'vip.levelInvalid', { fields: { [field]: 'vip.levelInvalid' } });
    const bonus = new Decimal(body.rewardBonus);
    if (bonus.isNegative() || bonus.gt(1)) throw invalid('rewardBonus');
    if (new Decimal(body.minTurnover).isNegative()) throw invalid('minTurnover');
    await this.deps.db.transaction(async (tx) => {
      await repo.setLevel(tx, body, this.deps.clock.now());
      const levels = await this.levels(tx);
      const ordered = levels.every((row, i) =>
        i === 0
          ? row.level === 0 && new Decimal(row.minTurnover).isZero()
          : new Decimal(row.minTurnover).gt(levels[i - 1]!.minTurnover),
      );
      if (!ordered) throw invalid('minTurnover');
    });
    return { list: await this.levels() };
  }
}
