// Every query key of the app, in one place. A screen's load, a mutation's success and a frame of the
// user channel name the same data the same way, and a key's prefix covers every query under it: the
// user channel's `balances` frame refetches all of `queryKeys.money`, a position's frame all of
// `queryKeys.gamePositions`. A user's own data carries their id, so a session that changes in this tab
// never reads the one before it.

type UserId = string;

export const queryKeys = {
  /** All of a user's money: balances, overview, records, deposit and withdrawal settings. */
  money: ['asset'] as const,
  balances: (userId: UserId) => ['asset', 'balances', userId] as const,
  overview: (userId: UserId) => ['asset', 'overview', userId] as const,
  tokenPrecisions: ['asset', 'precisions'] as const,
  activity: (userId: UserId, token: string, category: string) =>
    ['asset', 'activity', userId, token, category] as const,
  /** One deposit or withdrawal record (`kind` is `deposit` or `withdrawal`). */
  record: (kind: string, userId: UserId, id: string) => ['asset', kind, userId, id] as const,
  /** A user's deposit or withdrawal records (`kind` is `deposit` or `withdrawal`). */
  records: (kind: string, userId: UserId) => ['asset', `${kind}s`, userId] as const,
  depositOptions: (userId: UserId) => ['asset', 'deposit-options', userId] as const,
  depositInfo: (userId: UserId, token: string, network: string) =>
    ['asset', 'deposit-info', userId, token, network] as const,
  withdrawConfig: (userId: UserId, token: string) => ['asset', 'withdraw-config', userId, token] as const,
  addressBooks: ['asset', 'address-book'] as const,
  addressBook: (userId: UserId) => ['asset', 'address-book', userId] as const,

  gamePairs: ['game', 'pairs'] as const,
  /** Every list and detail of the contract game's positions. */
  gamePositions: ['game', 'positions'] as const,
  gamePositionList: (userId: UserId, status: string, symbol: string) =>
    ['game', 'positions', userId, status, symbol] as const,
  gamePosition: (userId: UserId, id: string | null) => ['game', 'positions', userId, 'detail', id] as const,

  flipConfig: ['flip', 'config'] as const,
  /** Every list and detail of Lightning Flip's flips. */
  flips: ['flip', 'positions'] as const,
  flipList: (userId: UserId, status: string) => ['flip', 'positions', userId, status] as const,
  flip: (userId: UserId, id: string | null) => ['flip', 'positions', userId, 'detail', id] as const,

  /** The signed-in user's profile, every session's. */
  mes: ['user', 'me'] as const,
  me: (userId: UserId) => ['user', 'me', userId] as const,
  vip: (userId: UserId) => ['vip', userId] as const,
  inviteSummary: (userId: UserId) => ['invite', 'summary', userId] as const,
  /** One of a user's paged lists (below): usePagedQuery's key. */
  userList: (list: readonly string[], userId: UserId) => [...list, userId] as const,
  /** Paged lists, under usePagedQuery (userList). */
  inviteFriends: ['invite', 'friends'] as const,
  inviteRewards: ['invite', 'rewards'] as const,
  feedback: ['feedback'] as const,
  /** The notification centre's list (paged, userList) and unread notices. */
  notifications: ['notifications'] as const,

  tickers: ['market', 'tickers'] as const,
};
