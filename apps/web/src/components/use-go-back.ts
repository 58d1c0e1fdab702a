import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back one page when the app has a page to go back to, else Home (a page opened from a link or after a
 * reload of the first entry has nothing behind it inside the app).
 */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    const canGoBack = typeof idx === 'number' ? idx > 0 : location.key !== 'default';
    if (canGoBack) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, location.key, fallback]);
}
