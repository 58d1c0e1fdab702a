// Every table of the server, for Drizzle's migrations (drizzle.config.ts) and their staleness test.
// Each module owns its tables in its own schema.ts and imports them from there, never from here.
// Migrations in apps/server/drizzle are generated from this list with
// `npm run db:generate -w @tradeflip/server`; a test fails when they are stale.
export * from '../modules/account/schema';
export * from './tables';
export * from '../modules/token/schema';
export * from '../modules/ledger/schema';
export * from '../modules/deposit/schema';
export * from '../modules/withdraw/schema';
export * from '../modules/market/schema';
export * from '../modules/contract-game/schema';
export * from '../modules/flip/schema';
export * from '../modules/game-events/schema';
export * from '../modules/invite/schema';
export * from '../modules/vip/schema';
export * from '../modules/feedback/schema';
export * from '../modules/push/schema';
export * from '../modules/notifications/schema';
export * from '../modules/plays/schema';
