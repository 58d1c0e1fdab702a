export { InstallPrompt } from './install-prompt';
export { recordPageView } from './install-state';
