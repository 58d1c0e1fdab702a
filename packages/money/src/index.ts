export * from './defaults';
export * from './decimal';
export * from './precision';
export * from './display';
export * from './contract-game';
export * from './contract-game-order';
export * from './flip';
export * from './player-price';
