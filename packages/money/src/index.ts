export * from './defaults';
export * from './decimal';
export * from './precision';
export * from './display';
export * from './perpetual';
export * from './open-order';
