// /api/app/notifications: the player's notices, newest first with the unread count; marking them read.
import type { notifications as wire } from '../route-schemas/notifications';

export const list = {
  method: 'GET',
  path: '/api/app/notifications',
  wire: {} as typeof wire.list,
} as const;
export const read = {
  method: 'POST',
  path: '/api/app/notifications/read',
  wire: {} as typeof wire.read,
} as const;
