// The English (en-US) catalogs the web app's first page bundles (the fallback language, and the
// prerendered pages'); zh-CN.ts holds the Chinese, loaded when a person reads Chinese.
export { messagesEn } from './messages';
export { uiEn } from './ui';
export { installEn } from './install';
