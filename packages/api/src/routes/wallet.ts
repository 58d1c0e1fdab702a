// /api/app/asset/*: precisions, balances, overview, the user's ledger entries and their activity.
import type { wallet as wire } from '../route-schemas/wallet';

/** Spec §7: the client asks this and falls back to `precisionMapFallback`. */
export const precisionMap = {
  method: 'GET',
  path: '/api/app/asset/precision-map',
  wire: {} as typeof wire.precisionMap,
} as const;
export const precisionMapFallback = {
  method: 'GET',
  path: '/api/asset/precision-map',
  wire: {} as typeof wire.precisionMapFallback,
} as const;
export const precisions = {
  method: 'GET',
  path: '/api/app/asset/precisions',
  wire: {} as typeof wire.precisions,
} as const;
export const balances = {
  method: 'GET',
  path: '/api/app/asset/balances',
  wire: {} as typeof wire.balances,
} as const;
export const overview = {
  method: 'GET',
  path: '/api/app/asset/overview',
  wire: {} as typeof wire.overview,
} as const;
export const flows = {
  method: 'GET',
  path: '/api/app/asset/flows',
  wire: {} as typeof wire.flows,
} as const;
export const activity = {
  method: 'GET',
  path: '/api/app/asset/activity',
  wire: {} as typeof wire.activity,
} as const;
export const flow = {
  method: 'GET',
  path: '/api/app/asset/flow',
  wire: {} as typeof wire.flow,
} as const;
