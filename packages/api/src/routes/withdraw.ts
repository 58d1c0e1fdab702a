// /api/app/asset/withdraw*: config, request, cancel, records, and the address book.
import type { withdraw as wire } from '../route-schemas/withdraw';

/** Spec §7: the client asks this and, on a 404, `configFallback`. */
export const config = {
  method: 'GET',
  path: '/api/app/asset/withdraw/config',
  wire: {} as typeof wire.config,
} as const;
export const configFallback = {
  method: 'GET',
  path: '/api/app/asset/withdrawConfig',
  wire: {} as typeof wire.configFallback,
} as const;
export const submit = {
  method: 'POST',
  path: '/api/app/asset/withdraw',
  wire: {} as typeof wire.submit,
} as const;
export const cancel = {
  method: 'POST',
  path: '/api/app/asset/withdraw/cancel',
  wire: {} as typeof wire.cancel,
} as const;
export const list = {
  method: 'GET',
  path: '/api/app/asset/withdraw/list',
  wire: {} as typeof wire.list,
} as const;
export const detail = {
  method: 'GET',
  path: '/api/app/asset/withdraw/detail',
  wire: {} as typeof wire.detail,
} as const;
export const addresses = {
  method: 'GET',
  path: '/api/app/asset/withdraw/addresses',
  wire: {} as typeof wire.addresses,
} as const;
export const saveAddress = {
  method: 'POST',
  path: '/api/app/asset/withdraw/addresses',
  wire: {} as typeof wire.saveAddress,
} as const;
export const deleteAddress = {
  method: 'POST',
  path: '/api/app/asset/withdraw/addresses/delete',
  wire: {} as typeof wire.deleteAddress,
} as const;
