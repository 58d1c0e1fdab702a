// The live feed of other players' plays (issue 32, point 11): the latest flips settled and contract
// positions closed, on the public WebSocket channel `plays`, and each player's say in it.
import { z } from 'zod';

/** One play as the feed shows it: no e-mail, and amounts only where the player chose to show them. */
export const play = z.object({
  /** `flip-<id>` or `position-<id>`: unique in the feed. */
  id: z.string(),
  game: z.enum(['flip', 'contract']),
  /** The player's masked nickname (`ab***`): never the e-mail's domain. */
  player: z.string(),
  symbol: z.string(),
  /** A flip's direction (up, down) or a position's side (long, short). */
  side: z.enum(['up', 'down', 'long', 'short']),
  token: z.string(),
  /** A position's leverage; null for a flip. */
  leverage: z.number().int().nullable(),
  /** Won (a profit), lost or tie (the stake back). */
  outcome: z.enum(['won', 'lost', 'tie']),
  /** The stake (a position's margin); null unless the player shows their amounts. */
  stake: z.string().nullable(),
  /** What the play moved the balance by (a position's net PnL); null unless shown. */
  result: z.string().nullable(),
  /** When it was settled or closed (epoch ms). */
  time: z.number().int(),
});
export type Play = z.infer<typeof play>;

/** GET/PUT /api/app/plays/settings: whether one's plays are in the feed, and with their amounts. */
export const playFeedSettings = z.object({
  /** Keeps the player's own plays out of the feed. */
  hidden: z.boolean(),
  /** Shows their stake and result beside their plays (off until the player chooses). */
  showAmounts: z.boolean(),
});
export type PlayFeedSettings = z.infer<typeof playFeedSettings>;
