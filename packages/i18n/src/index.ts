export * from './lang';
export * from './messages';
export * from './translate';
