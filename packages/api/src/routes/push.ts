// /api/app/push: the server's VAPID key, and a device's subscription to the user's notices (Web Push).
import type { push as wire } from '../route-schemas/push';

export const key = {
  method: 'GET',
  path: '/api/app/push/key',
  wire: {} as typeof wire.key,
} as const;
export const subscribe = {
  method: 'POST',
  path: '/api/app/push/subscriptions',
  wire: {} as typeof wire.subscribe,
} as const;
export const remove = {
  method: 'POST',
  path: '/api/app/push/subscriptions/remove',
  wire: {} as typeof wire.remove,
} as const;
