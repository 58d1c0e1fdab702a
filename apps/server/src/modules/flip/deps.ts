// What Lightning Flip's parts are built with (service.ts builds them): what the contract game's are
// (the database, the clock, the ledger, tokens, accounts, the market, the vault's share per bet and
// the crash point of the tests).
export type { GameServiceDeps as FlipDeps } from '../contract-game/deps';
