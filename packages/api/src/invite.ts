// Invites (spec: invite code, invite link, friends total, total reward, nickname, sign-up date, friend
// reward, rules; DESIGN §9): what a player sees of the friends they brought and the rewards their
// plays paid; the operators' reward rules.
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './envelope';
import { decimalString } from './wallet';

export const rewardKinds = ['bet', 'profit', 'loss'] as const;
export const rewardLevels = ['self', 'upline'] as const;

/** One rule: a play's `kind` pays `rate` of its amount to the player (`self`) or their inviter. */
export const rewardRule = z.object({
  kind: z.enum(rewardKinds),
  level: z.enum(rewardLevels),
  /** A fraction ('0.002' = 0.2 %). */
  rate: z.string(),
});
export type RewardRule = z.infer<typeof rewardRule>;

/** GET /api/app/invite/summary */
export const inviteSummary = z.object({
  inviteCode: z.string(),
  /** The path of the invite link (the app adds its own origin): /pages/register/index?code=... */
  invitePath: z.string(),
  friends: z.number().int(),
  /**
   * Every reward received, per token (exact): in all, and its two parts, on the player's own plays
   * (`self`) and on their friends' (`upline`).
   */
  rewards: z.array(
    z.object({ token: z.string(), amount: z.string(), ownPlays: z.string(), friendsPlays: z.string() }),
  ),
  rules: z.array(rewardRule),
});
export type InviteSummary = z.infer<typeof inviteSummary>;

/** A friend: never their whole e-mail (ab***@gmail.com). */
export const inviteFriend = z.object({
  nickname: z.string(),
  registeredAt: z.string(),
  /** What their plays paid this user, per token. */
  rewards: z.array(z.object({ token: z.string(), amount: z.string() })),
});
export type InviteFriend = z.infer<typeof inviteFriend>;
export const inviteFriendPage = pageSchema(inviteFriend);

/** One reward received: for whose play (self or a friend's), of what kind, how much. */
export const inviteReward = z.object({
  id: z.string(),
  level: z.enum(rewardLevels),
  kind: z.enum(rewardKinds),
  game: z.enum(['flip', 'contract']),
  /** The friend's nickname for an upline reward; null for a reward on one's own play. */
  friend: z.string().nullable(),
  token: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type InviteReward = z.infer<typeof inviteReward>;
export const inviteRewardPage = pageSchema(inviteReward);

export const invitePageQuery = pageQuerySchema;

/** POST /api/admin/invite/rules: one rule's rate. */
export const adminRewardRuleBody = z.object({
  kind: z.enum(rewardKinds),
  level: z.enum(rewardLevels),
  rate: decimalString,
});
export type AdminRewardRuleBody = z.infer<typeof adminRewardRuleBody>;
export const rewardRules = z.object({ list: z.array(rewardRule) });
