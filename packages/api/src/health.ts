import { z } from 'zod';

export const healthResult = z.object({
  status: z.literal('ok'),
  /** Which database this process runs on. */
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
});
export type HealthResult = z.infer<typeof healthResult>;
