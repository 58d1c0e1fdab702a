// Every key the web app keeps in localStorage / sessionStorage, in one place (spec §3).

/** localStorage keys. */
export const storageKeys = {
  token: 'token',
  userId: 'user_id',
  email: 'email',
  language: 'app.lang',
  precisions: 'app.precisions.v1',
  /** '1' while the hide-balances eye is closed (Home, Profile, Assets). */
  hideBalances: 'app.hideBalances',
  /** 'red' when rising prices show red and falling green (as Chinese users expect); else green-up. */
  upColor: 'app.upColor',
  /** The contract chart's last timeframe: '1s' (time-share), '1m', '5m' or '15m'. */
  chartInterval: 'app.chartInterval',
  /** The contract game's last pair (Home's "Contract game" card opens it). */
  gamePair: 'app.gamePair',
  /** Lightning Flip's last pair (the flip page opens it next time). */
  flipPair: 'app.flipPair',
  /** Lightning Flip's last flip placed, its stake and duration (the form starts from them). */
  flipLast: 'app.flipLast',
  /** The order panel's leverage per pair, as JSON `{ "BTCUSDT": 20 }`. */
  gameLeverage: 'app.gameLeverage',
  /** `userId:id`: the newest notice already shown as a toast (older unread ones show once at the next open). */
  noticesShown: 'app.noticesShown',
  /** The last answers of the screens visited, for offline (lib/kept-queries.ts), as JSON. */
  keptQueries: 'app.keptQueries.v1',
  pwaInstalled: 'pwa.installed',
  pwaNever: 'pwa.never',
  pwaDismissedAt: 'pwa.dismissedAt',
  pwaSnoozeDays: 'pwa.snoozeDays',
  pwaPageViews: 'pwa.pv',
} as const;

/** sessionStorage keys. */
export const sessionStorageKeys = {
  /** Page-transition stack depth: forward/back animation direction. */
  navDepth: 'app.nav.depth',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
export type SessionStorageKey = (typeof sessionStorageKeys)[keyof typeof sessionStorageKeys];

// Storage can throw (Safari private mode, disabled cookies): reads fall back to null, writes are dropped.
export function readStorage(key: StorageKey, store: Storage | undefined = safeLocal()): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(
  key: StorageKey,
  value: string | null,
  store: Storage | undefined = safeLocal(),
) {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}

export function readSessionStorage(key: SessionStorageKey): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSessionStorage(key: SessionStorageKey, value: string | null) {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}

function safeLocal(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
