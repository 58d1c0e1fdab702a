// Lightning Flip's texts (packages/i18n flip-ui.ts), added to i18next when the flip page loads: every
// module of the page that shows them imports this file, so `/` never downloads them.
import { flipUiEn, flipUiZh } from '@tradeflip/i18n/flip-ui';
import { i18n } from '@/lib/i18n';

i18n.addResourceBundle('en-US', 'translation', flipUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', flipUiZh, true, true);
