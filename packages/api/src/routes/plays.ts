// /api/app/plays/settings: the signed-in player's say in the live plays feed.
import type { plays as wire } from '../route-schemas/plays';

export const settings = {
  method: 'GET',
  path: '/api/app/plays/settings',
  wire: {} as typeof wire.settings,
} as const;
export const saveSettings = {
  method: 'PUT',
  path: '/api/app/plays/settings',
  wire: {} as typeof wire.saveSettings,
} as const;
