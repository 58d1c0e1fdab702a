// The bell (Home, Profile): the unread count, and a tap opens the notification centre.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import '@/lib/notices/notice-texts';
import { paths } from '@/lib/paths';
import { useNotices } from './use-notices';
import './notices.css';

export function NoticeBell() {
  const { t } = useTranslation();
  const { unread = 0 } = useNotices();
  return (
    <Link
      to={paths.notifications}
      className="notice-bell"
      data-testid="notice-bell"
      aria-label={unread > 0 ? t('noticesUi.bellUnread', { n: unread }) : t('noticesUi.bell')}
    >
      <Icon size={22}>
        <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15Z" />
        <path d="M10 20.5a2 2 0 0 0 4 0" />
      </Icon>
      {unread > 0 && (
        <span className="notice-bell__count" data-testid="notice-bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
