// The notification centre's texts (packages/i18n notices-ui.ts), added to i18next when the bell, a
// toast or the centre loads: never at first paint.
import { noticesUiEn, noticesUiZh } from '@tradeflip/i18n/notices-ui';
import { i18n } from '@/lib/i18n';

i18n.addResourceBundle('en-US', 'translation', noticesUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', noticesUiZh, true, true);
