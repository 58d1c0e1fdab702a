// The Invite screen's and the share card's texts (packages/i18n invite-ui.ts), added to i18next when
// either first loads (they share the invite words), so the first pages never download them.
import { inviteUiEn, inviteUiZh } from '@tradeflip/i18n/invite-ui';
import { i18n } from './i18n';

i18n.addResourceBundle('en-US', 'translation', inviteUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', inviteUiZh, true, true);
