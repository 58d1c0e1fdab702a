// The notification centre (/pages/notifications/index): every notice, newest first, a page at a time,
// each with its words and time, the unread ones marked; a tap opens its screen (and marks it read);
// "Mark all as read" clears the bell. New ones arrive over the user channel (it refetches the list).
// Above the list, the switch that pushes them to this device (Web Push).
import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { EmptyState } from '@/components/empty-state';
import { useNotices } from '@/components/notices/use-notices';
import { PageFrame } from '@/components/page-frame';
import { PagedList } from '@/components/paged-list';
import { formatDateTime } from '@/lib/format-time';
import { api } from '@/lib/http';
import { markRead } from '@/lib/notices/notice-store';
import { noticePath, noticeText } from '@/lib/notices/notice-text';
import { usePrecisions } from '@/lib/precisions';
import { usePagedQuery } from '@/lib/paged-query';
import { queryKeys } from '@/lib/query-keys';
import './notifications.css';

// Web Push is opt-in here, where the notices are; its code loads after the list.
const PushSwitch = lazyPart(() => import('@/components/push-switch'));

const useNoticeList = () =>
  usePagedQuery<Notice>(queryKeys.notifications, (query, signal) =>
    api(routes.notifications.list, { query, silent: true, signal }).then(({ data }) => data),
  );

export function NotificationsPage() {
  const { t } = useTranslation();
  const precisions = usePrecisions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useNoticeList();
  const { unread } = useNotices();
  const read = async (body: { ids: string[] } | { all: true }) => {
    await markRead(body).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  };
  return (
    <PageFrame
      title={t('noticesUi.title')}
      className="notices-page"
      right={
        unread ? (
          <button
            type="button"
            className="notices-page__read-all"
            data-testid="notices-read-all"
            onClick={() => void read({ all: true })}
          >
            {t('noticesUi.readAll')}
          </button>
        ) : null
      }
    >
      <Suspense fallback={null}>
        <PushSwitch />
      </Suspense>
      <PagedList
        query={query}
        testId="notices"
        itemKey={(item) => item.id}
        empty={
          <EmptyState testId="no-notices" title={t('noticesUi.none')} description={t('noticesUi.noneHint')} />
        }
        renderItem={(item) => {
          const { title, body } = noticeText(t, item, precisions);
          return (
            <button
              type="button"
              className={item.readAt ? 'notice-row' : 'notice-row notice-row--unread'}
              data-testid={`notice-${item.id}`}
              data-kind={item.kind}
              onClick={() => {
                if (!item.readAt) void read({ ids: [item.id] });
                void navigate(noticePath(item));
              }}
            >
              <span className="notice-row__head">
                <b className="notice-row__title">{title}</b>
                {!item.readAt && <span className="notice-row__dot" aria-label={t('noticesUi.unread')} />}
              </span>
              <span className="notice-row__body">{body}</span>
              <time className="notice-row__time" dateTime={item.createdAt}>
                {formatDateTime(item.createdAt)}
              </time>
            </button>
          );
        }}
      />
    </PageFrame>
  );
}
