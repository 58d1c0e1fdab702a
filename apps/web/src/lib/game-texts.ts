// The contract game's texts (packages/i18n game-ui.ts), added to i18next when the game page loads:
// every module of the page that shows them imports this file, so `/` never downloads them.
import { gameUiEn, gameUiZh } from '@tradeflip/i18n/game-ui';
import { i18n } from './i18n';

i18n.addResourceBundle('en-US', 'translation', gameUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', gameUiZh, true, true);
