// The balances query lives in lib/balances.ts: the game reads the same key with the same shape.
export { getBalances, balancesQueryOptions, useBalances } from '@/lib/balances';
