// /api/health: liveness.
import type { health as wire } from '../route-schemas/health';

export const health = {
  method: 'GET',
  path: '/api/health',
  wire: {} as typeof wire.health,
} as const;
