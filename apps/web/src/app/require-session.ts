// Route guard of the pages that need sign-in: a signed-out visitor is sent to sign-in with
// 'Please sign in first', and sign-in comes back here afterwards (?redirect=).
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getToken } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { loginPath } from '@/lib/paths';
import { translateMessage } from '@/lib/i18n';

export function requireSession({ request }: LoaderFunctionArgs) {
  if (getToken()) return null;
  const url = new URL(request.url);
  showToast(translateMessage('errors.signInFirst'));
  throw redirect(loginPath(`${url.pathname}${url.search}`));
}
