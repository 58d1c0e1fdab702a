// The Feedback screen's texts (packages/i18n feedback-ui.ts), added to i18next when the page loads.
import { feedbackUiEn, feedbackUiZh } from '@tradeflip/i18n/feedback-ui';
import { i18n } from '@/lib/i18n';

i18n.addResourceBundle('en-US', 'translation', feedbackUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', feedbackUiZh, true, true);
