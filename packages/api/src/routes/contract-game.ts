// /api/app/game/*: the pairs' terms (public) and the user's positions.
import type { contractGame as wire } from '../route-schemas/contract-game';

export const pairs = {
  method: 'GET',
  path: '/api/app/game/pairs',
  wire: {} as typeof wire.pairs,
} as const;
export const open = {
  method: 'POST',
  path: '/api/app/game/open',
  wire: {} as typeof wire.open,
} as const;
export const close = {
  method: 'POST',
  path: '/api/app/game/close',
  wire: {} as typeof wire.close,
} as const;
export const setTargets = {
  method: 'POST',
  path: '/api/app/game/tpsl',
  wire: {} as typeof wire.setTargets,
} as const;
export const positions = {
  method: 'GET',
  path: '/api/app/game/positions',
  wire: {} as typeof wire.positions,
} as const;
export const position = {
  method: 'GET',
  path: '/api/app/game/position',
  wire: {} as typeof wire.position,
} as const;
