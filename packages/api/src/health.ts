import { z } from 'zod';

export const healthResult = z.object({
  status: z.literal('ok'),
  /** Which database this process runs on. */
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
});
export type HealthResult = z.infer<typeof healthResult>;

/** What `/api/ready` checks; a failing one names why (200 when none fails, 503 otherwise). */
export const readinessParts = ['database', 'redis', 'migrations', 'marks'] as const;
export type ReadinessPart = (typeof readinessParts)[number];

export const readyResult = z.object({
  status: z.enum(['ready', 'unready']),
  /** Each failing part and why; empty when ready. */
  failing: z.partialRecord(z.enum(readinessParts), z.string()),
});
export type ReadyResult = z.infer<typeof readyResult>;
