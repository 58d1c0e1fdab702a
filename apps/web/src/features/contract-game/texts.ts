// The contract game's texts (packages/i18n contract-game-ui.ts), added to i18next when the game page loads:
// every module of the page that shows them imports this file, so `/` never downloads them.
import { contractGameUiEn, contractGameUiZh } from '@tradeflip/i18n/contract-game-ui';
import { i18n } from '@/lib/i18n';

i18n.addResourceBundle('en-US', 'translation', contractGameUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', contractGameUiZh, true, true);
