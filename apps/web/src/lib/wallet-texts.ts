// The money screens' texts (packages/i18n wallet-ui.ts), added to i18next when the first of those
// screens loads: every screen module that shows them imports this file, so `/` and the sign-in pages
// never download them.
import { walletUiEn, walletUiZh } from '@tradeflip/i18n/wallet-ui';
import { i18n } from './i18n';

i18n.addResourceBundle('en-US', 'translation', walletUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', walletUiZh, true, true);
