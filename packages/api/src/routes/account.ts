// /api/app/auth/* and /api/app/user/*: codes, sign-up, sign-in, password reset, the signed-in user.
import type { account as wire } from '../route-schemas/account';

export const sendCode = {
  method: 'POST',
  path: '/api/app/auth/code',
  wire: {} as typeof wire.sendCode,
} as const;
export const register = {
  method: 'POST',
  path: '/api/app/auth/register',
  wire: {} as typeof wire.register,
} as const;
export const login = {
  method: 'POST',
  path: '/api/app/auth/login',
  wire: {} as typeof wire.login,
} as const;
export const forgot = {
  method: 'POST',
  path: '/api/app/auth/forgot',
  wire: {} as typeof wire.forgot,
} as const;
export const logout = {
  method: 'POST',
  path: '/api/app/auth/logout',
  wire: {} as typeof wire.logout,
} as const;
export const me = {
  method: 'GET',
  path: '/api/app/user/me',
  wire: {} as typeof wire.me,
} as const;
export const changePassword = {
  method: 'POST',
  path: '/api/app/user/password',
  wire: {} as typeof wire.changePassword,
} as const;
export const setLanguage = {
  method: 'POST',
  path: '/api/app/user/me/lang',
  wire: {} as typeof wire.setLanguage,
} as const;
