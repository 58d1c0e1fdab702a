export * from './envelope';
export * from './auth';
export * from './admin';
export * from './health';
export * from './wallet';
export * from './admin-wallet';
export * from './chain-wallet';
