// POST /api/app/user/me/lang: the signed-in user's language, kept on the server (mails are written in
// it). Its own module so that `/` loads the call, and the account routes, only when the language changes.
import * as routes from '@tradeflip/api/routes';
import type { Language } from '@tradeflip/i18n';
import { api } from './http';

export function postLanguage(language: Language) {
  return api(routes.account.setLanguage, { body: { language }, silent: true });
}
