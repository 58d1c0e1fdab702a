// Where the auth screens send a person back to: `?redirect=` (kept when moving between the auth
// screens, so sign-in still comes back), reached once they are signed in or registered.
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/paths';
import { setSession, type SessionUser } from '@/lib/session';
import { showToast } from '@/lib/toast';

export function useAuthReturn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return {
    /** `?redirect=…` for the links to the other auth screens ('' without one). */
    carry: redirect ? `?redirect=${encodeURIComponent(redirect)}` : '',
    /** Keeps the new session, says so, and goes back where the sign-in interrupted. */
    signedIn(result: { token: string; user: SessionUser }, message: string) {
      setSession({ token: result.token, user: { id: result.user.id, email: result.user.email } });
      showToast(message);
      void navigate(safeRedirect(redirect), { replace: true });
    },
  };
}
