export * from './lang';
export * from './messages';
export * from './translate';
export * from './ui';
export * from './install';
export * from './zh-CN';
