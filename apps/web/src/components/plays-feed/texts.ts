// The live plays feed's texts (packages/i18n plays-ui.ts), added to i18next with the feed's chunk.
import { playsUiEn, playsUiZh } from '@tradeflip/i18n/plays-ui';
import { i18n } from '@/lib/i18n';

i18n.addResourceBundle('en-US', 'translation', playsUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', playsUiZh, true, true);
