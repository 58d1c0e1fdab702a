// /api/app/asset/deposit/*: where a token can be deposited, the user's address, and their records.
import type { deposit as wire } from '../route-schemas/deposit';

export const options = {
  method: 'GET',
  path: '/api/app/asset/deposit/options',
  wire: {} as typeof wire.options,
} as const;
export const info = {
  method: 'GET',
  path: '/api/app/asset/deposit/info',
  wire: {} as typeof wire.info,
} as const;
export const list = {
  method: 'GET',
  path: '/api/app/asset/deposit/list',
  wire: {} as typeof wire.list,
} as const;
export const detail = {
  method: 'GET',
  path: '/api/app/asset/deposit/detail',
  wire: {} as typeof wire.detail,
} as const;
