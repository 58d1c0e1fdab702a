export * from './envelope';
export * from './auth';
export * from './admin';
export * from './health';
