export * from './envelope';
export * from './auth';
