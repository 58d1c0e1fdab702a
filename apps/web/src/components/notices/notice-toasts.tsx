// A notice shown at once on whatever screen is open (issue 32 point 7): a banner at the top, clear of a
// game's order bar at the bottom; a tap opens its screen and marks it read, × takes it away (it stays
// unread in the centre), and it goes by itself after a while. Lightning Flip's own page shows a flip's
// result where the flip was: there its notice waits in the centre only.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@tradeflip/api';
import { DismissButton } from '@/components/dismiss-button';
import { dismissToast, markRead } from '@/lib/notices/notice-store';
import { noticePath, noticeText } from '@/lib/notices/notice-text';
import { usePrecisions } from '@/lib/precisions';
import { paths } from '@/lib/paths';
import { useNotices } from './use-notices';
import './notices.css';

/** How long a toast stays. */
const SHOWN_MS = 8000;

export default function NoticeToasts() {
  const { toasts } = useNotices();
  const { pathname } = useLocation();
  const shown = toasts.filter((n) => !(n.kind === 'flip_result' && pathname === paths.flip));
  if (shown.length === 0) return null;
  return (
    <div className="notice-toasts" role="status" aria-live="polite" data-testid="notice-toasts">
      {shown.map((notice) => (
        <NoticeToast key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

function NoticeToast({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const precisions = usePrecisions();
  const navigate = useNavigate();
  const { title, body } = noticeText(t, notice, precisions);
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(notice.id), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice.id]);
  return (
    <div
      className={`notice-toast notice-toast--${notice.kind}`}
      data-testid="notice-toast"
      data-kind={notice.kind}
    >
      <button
        type="button"
        className="notice-toast__main"
        onClick={() => {
          void markRead({ ids: [notice.id] }).catch(() => undefined);
          dismissToast(notice.id);
          void navigate(noticePath(notice));
        }}
      >
        <b className="notice-toast__title">{title}</b>
        <span className="notice-toast__body">{body}</span>
      </button>
      <DismissButton
        className="notice-toast__dismiss"
        label={t('noticesUi.dismiss')}
        testId="notice-toast-dismiss"
        onClick={() => dismissToast(notice.id)}
      />
    </div>
  );
}
