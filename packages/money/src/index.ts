export * from './decimal';
export * from './precision';
