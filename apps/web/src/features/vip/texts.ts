// The VIP screen's texts (packages/i18n vip-ui.ts), added to i18next when the page loads.
import { vipUiEn, vipUiZh } from '@tradeflip/i18n/vip-ui';
import { i18n } from '@/lib/i18n';

i18n.addResourceBundle('en-US', 'translation', vipUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', vipUiZh, true, true);
