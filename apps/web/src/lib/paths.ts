// The spec's routes (§2), named once. Features link with these instead of spelling paths.
export const paths = {
  home: '/',
  homeAlias: '/pages/index/index',
  profile: '/pages/user/index',
  login: '/pages/login/index',
  register: '/pages/register/index',
  forgot: '/pages/forget/forget',
  feedback: '/pages/feedback/index',
  assetTotal: '/pages/asset/total',
  token: '/pages/wallet/token',
  deposit: '/pages/wallet/deposit',
  depositList: '/pages/wallet/depositList',
  depositDetail: '/pages/wallet/depositDetail',
  withdraw: '/pages/wallet/withdraw',
  withdrawList: '/pages/wallet/withdrawList',
  withdrawDetail: '/pages/wallet/withdrawDetail',
  game: '/pages/game/detail',
  flip: '/pages/flip-lightning/index',
  invite: '/pages/invite/index',
  vip: '/pages/vip/index',
  account: '/pages/user/account/index',
  password: '/pages/user/password/index',
  language: '/pages/user/lang',
  notifications: '/pages/notifications/index',
} as const;

export type PathName = keyof typeof paths;

/** The pair the contract game opens when none is named. */
/** A player's invite link: Register with their code filled in (DESIGN §9), on this app's own origin. */
export function inviteUrl(code: string, origin = window.location.origin): string {
  return `${origin}${paths.register}?code=${encodeURIComponent(code)}`;
}

export const DEFAULT_GAME_PAIR = 'BTCUSDT';

/** The contract game of `symbol`. */
export function gamePath(symbol: string): string {
  return `${paths.game}?id=${encodeURIComponent(symbol)}`;
}

/** Lightning Flip on `symbol`. */
export function flipPath(symbol: string): string {
  return `${paths.flip}?id=${encodeURIComponent(symbol)}`;
}

/** The sign-in page, asking it to come back to `back` afterwards. */
export function loginPath(back?: string, extra?: Record<string, string>): string {
  const query = new URLSearchParams(extra);
  if (back && back !== paths.login) query.set('redirect', back);
  const qs = query.toString();
  return qs ? `${paths.login}?${qs}` : paths.login;
}

/**
 * Where to go after sign-in: the `redirect` query when it is an in-app path (never another origin, never
 * back to an auth page), else Home.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return paths.home;
  const pathname = raw.split(/[?#]/)[0] ?? '';
  if (pathname === paths.login || pathname === paths.register || pathname === paths.forgot) return paths.home;
  return raw;
}
