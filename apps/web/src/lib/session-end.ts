// How the app ends a session the server has ended (spec §4, Session). The HTTP client's 401 and the
// user channel's revocation notice both end it here, so the person sees the same thing either way.
import { currentLocation, navigate } from './navigation';
import { paths } from './paths';
import { clearSession } from './session';
import { showToast } from './toast';
import { translateMessage } from '@/lib/i18n';

/** The spec's forced-logout redirect delay (§9). */
const FORCED_LOGOUT_REDIRECT_MS = 300;

let redirecting = false;

/**
 * Clears token, user id and email and goes to sign-in: a frozen account with the forced-logout message
 * and `from=force` (after a moment, with the message showing), any other end with the session-expired
 * message and a way back to the page it was on.
 */
export function endSession(why: 'frozen' | 'expired'): void {
  clearSession();
  if (why === 'frozen') {
    showToast(translateMessage('errors.forcedLogout'));
    redirectOnce(`${paths.login}?from=force`, FORCED_LOGOUT_REDIRECT_MS);
    return;
  }
  showToast(translateMessage('errors.sessionExpired'));
  const back = currentLocation();
  const onLogin = back.startsWith(paths.login);
  redirectOnce(onLogin ? paths.login : `${paths.login}?redirect=${encodeURIComponent(back)}`, 0);
}

function redirectOnce(to: string, delay: number) {
  if (redirecting) return;
  redirecting = true;
  const go = () => {
    redirecting = false;
    navigate(to, { replace: true });
  };
  if (delay > 0) setTimeout(go, delay);
  else go();
}

/** For tests: forget a redirect under way. */
export function resetSessionEnd(): void {
  redirecting = false;
}
