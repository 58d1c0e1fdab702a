// A records page (deposit records, withdrawal records): the user's records newest first, with
// infinite scroll and pull to refresh; a tap opens a record's detail (handed the record, so it shows
// at once); with none yet, an empty state whose button starts the first. Its texts and paths go by
// its kind: `titles.<kind>List`, `<kind>.noRecords`, `<kind>.noRecordsHint`, `<kind>.<kind>Now`;
// paths.<kind> and paths.<kind>Detail.
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { PrecisionLookup } from '@tradeflip/money';
import { paths } from '@/lib/paths';
import { usePrecisions } from '@/lib/precisions';
import { EmptyState } from './empty-state';
import { OfflineNote } from './offline-note';
import { PageFrame } from './page-frame';
import { PagedList, type Page } from './paged-list';
import { PullRefresh } from './pull-refresh';

/** One record's row in the list. */
export type RecordItem<R> = ComponentType<{
  record: R;
  precisions: PrecisionLookup | undefined;
  onOpen: () => void;
}>;

interface RecordsPageProps<R extends { id: string }> {
  kind: 'deposit' | 'withdraw';
  /** The prefix of its test ids: `<testId>-list`, `<testId>-empty`. */
  testId: string;
  query: UseInfiniteQueryResult<InfiniteData<Page<R>>>;
  Item: RecordItem<R>;
  Icon: ComponentType<{ size?: number }>;
}

export function RecordsPage<R extends { id: string }>({
  kind,
  testId,
  query,
  Item,
  Icon,
}: RecordsPageProps<R>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const precisions = usePrecisions();
  const open = (record: R) =>
    void navigate(`${paths[`${kind}Detail`]}?id=${encodeURIComponent(record.id)}`, { state: { record } });
  const empty = (
    <EmptyState
      testId={`${testId}-empty`}
      icon={<Icon size={32} />}
      title={t(`${kind}.noRecords`)}
      description={t(`${kind}.noRecordsHint`)}
      action={
        <Link to={paths[kind]} className="btn btn--primary btn--block">
          {t(`${kind}.${kind}Now`)}
        </Link>
      }
    />
  );
  return (
    <PageFrame title={t(`titles.${kind}List`)} className={kind}>
      <PullRefresh onRefresh={() => query.refetch()}>
        {query.data && <OfflineNote />}
        <PagedList
          query={query}
          testId={`${testId}-list`}
          itemKey={(record) => record.id}
          renderItem={(record) => (
            <Item record={record} precisions={precisions} onOpen={() => open(record)} />
          )}
          empty={empty}
        />
      </PullRefresh>
    </PageFrame>
  );
}
