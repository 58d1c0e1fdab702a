// VIP levels (spec route /pages/vip/index; DESIGN §9): a player's level from their cumulative USDT
// turnover, the progress to the next, and the level table with what each level gives.
import { z } from 'zod';
import { decimalString } from './wallet';

export const vipLevel = z.object({
  level: z.number().int(),
  /** Cumulative USDT turnover from which a player is at this level. */
  minTurnover: z.string(),
  /** This fraction more on the player's own invite rewards ('0.1' = +10 %). */
  rewardBonus: z.string(),
});
export type VipLevel = z.infer<typeof vipLevel>;

/** GET /api/app/vip */
export const vipStatus = z.object({
  level: z.number().int(),
  /** Cumulative USDT turnover (contract notional and flip stakes at the USDT price of the moment). */
  turnover: z.string(),
  rewardBonus: z.string(),
  /** The next level and the turnover still to go; null at the top. */
  next: z.object({ level: z.number().int(), minTurnover: z.string(), remaining: z.string() }).nullable(),
  /** Of the way from this level's threshold to the next's, in percent ('37.5'); '100' at the top. */
  progress: z.string(),
  levels: z.array(vipLevel),
});
export type VipStatus = z.infer<typeof vipStatus>;

/** POST /api/admin/vip/levels: one level's threshold and bonus (added or changed). */
export const adminVipLevelBody = z.object({
  level: z.number().int().min(0).max(20),
  minTurnover: decimalString,
  rewardBonus: decimalString,
});
export type AdminVipLevelBody = z.infer<typeof adminVipLevelBody>;
/** The table's top level taken away (a mistyped one): only the highest, never level 0. */
export const adminVipRemoveLevelBody = z.object({ level: z.number().int().min(1).max(20) });
export type AdminVipRemoveLevelBody = z.infer<typeof adminVipRemoveLevelBody>;
export const vipLevels = z.object({ list: z.array(vipLevel) });
