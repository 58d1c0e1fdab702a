// The route table of the API (CONVENTIONS 18: one feature, one place): one module per feature, each
// route a named export, so a web chunk carries only the routes it calls. Import it as
// `import * as routes from '@tradeflip/api/routes'` and call `routes.account.login`.
export * as account from './account';
export * as wallet from './wallet';
export * as deposit from './deposit';
export * as withdraw from './withdraw';
export * as market from './market';
export * as contractGame from './contract-game';
export * as flip from './flip';
export * as invite from './invite';
export * as vip from './vip';
export * as feedback from './feedback';
export * as push from './push';
export * as notifications from './notifications';
export * as plays from './plays';
export * as health from './health';
export * as admin from './admin';
