// /api/app/invite/*: the user's invite code, friends and rewards; /api/admin/invite/*: the reward rules.
import type { invite as wire } from '../route-schemas/invite';

export const summary = {
  method: 'GET',
  path: '/api/app/invite/summary',
  wire: {} as typeof wire.summary,
} as const;
export const friends = {
  method: 'GET',
  path: '/api/app/invite/friends',
  wire: {} as typeof wire.friends,
} as const;
export const rewards = {
  method: 'GET',
  path: '/api/app/invite/rewards',
  wire: {} as typeof wire.rewards,
} as const;
export const adminRules = {
  method: 'GET',
  path: '/api/admin/invite/rules',
  wire: {} as typeof wire.adminRules,
} as const;
export const adminSetRule = {
  method: 'POST',
  path: '/api/admin/invite/rules',
  wire: {} as typeof wire.adminSetRule,
} as const;
