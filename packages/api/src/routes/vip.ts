// /api/app/vip: the user's VIP level and the level table; /api/admin/vip/*: the table.
import type { vip as wire } from '../route-schemas/vip';

export const status = {
  method: 'GET',
  path: '/api/app/vip',
  wire: {} as typeof wire.status,
} as const;
export const adminLevels = {
  method: 'GET',
  path: '/api/admin/vip/levels',
  wire: {} as typeof wire.adminLevels,
} as const;
export const adminSetLevel = {
  method: 'POST',
  path: '/api/admin/vip/levels',
  wire: {} as typeof wire.adminSetLevel,
} as const;
export const adminRemoveLevel = {
  method: 'POST',
  path: '/api/admin/vip/levels/remove',
  wire: {} as typeof wire.adminRemoveLevel,
} as const;
