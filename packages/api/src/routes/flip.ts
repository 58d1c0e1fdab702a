// /api/app/flip/*: Lightning Flip's terms (public) and the user's flips; /api/admin/flip/*: the
// operators' terms and every user's flips.
import type { flip as wire } from '../route-schemas/flip';

export const config = {
  method: 'GET',
  path: '/api/app/flip/config',
  wire: {} as typeof wire.config,
} as const;
export const open = {
  method: 'POST',
  path: '/api/app/flip/open',
  wire: {} as typeof wire.open,
} as const;
export const positions = {
  method: 'GET',
  path: '/api/app/flip/positions',
  wire: {} as typeof wire.positions,
} as const;
export const position = {
  method: 'GET',
  path: '/api/app/flip/position',
  wire: {} as typeof wire.position,
} as const;
export const adminConfig = {
  method: 'POST',
  path: '/api/admin/flip/config',
  wire: {} as typeof wire.adminConfig,
} as const;
export const adminPositions = {
  method: 'GET',
  path: '/api/admin/flip/positions',
  wire: {} as typeof wire.adminPositions,
} as const;
export const adminExposure = {
  method: 'GET',
  path: '/api/admin/flip/exposure',
  wire: {} as typeof wire.adminExposure,
} as const;
