// /api/health: liveness (the process answers); /api/ready: readiness (it can serve: 200, or 503 with
// the same answer naming each failing part).
import type { health as wire } from '../route-schemas/health';

export const health = {
  method: 'GET',
  path: '/api/health',
  wire: {} as typeof wire.health,
} as const;

export const ready = {
  method: 'GET',
  path: '/api/ready',
  wire: {} as typeof wire.ready,
} as const;
