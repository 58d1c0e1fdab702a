// A record's detail page (a deposit, a withdrawal: ?id=…): the record the list handed over shows at
// once while the server's copy loads; until there is one, a skeleton, the error with a retry, or "not
// found" (a 404). Its title and texts go by its kind: `titles.<kind>Detail`, `<kind>.notFound`.
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '@/lib/http';
import { EmptyState } from './empty-state';
import { RecordsIcon } from './icons';
import { LoadError } from './load-error';
import { PageFrame } from './page-frame';
import { RequireId } from './require-id';
import { SkeletonCard } from './skeleton';

/** The detail of a loaded record; `refetch` reloads it (after the user changed it). */
export type RecordDetail<R> = ComponentType<{ record: R; refetch: () => void }>;

interface RecordDetailPageProps<R> {
  kind: 'deposit' | 'withdraw';
  /** The prefix of its test ids (`<testId>-not-found`). */
  testId: string;
  useRecord: (id: string, opened: R | undefined) => UseQueryResult<R>;
  Detail: RecordDetail<R>;
}

export function RecordDetailPage<R>(props: RecordDetailPageProps<R>) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`titles.${props.kind}Detail`)} className={props.kind}>
      <RequireId>{(id) => <Loaded id={id} {...props} />}</RequireId>
    </PageFrame>
  );
}

function Loaded<R>({ id, kind, testId, useRecord, Detail }: RecordDetailPageProps<R> & { id: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const opened = (location.state as { record?: R } | null)?.record;
  const query = useRecord(id, opened);
  if (query.data) return <Detail record={query.data} refetch={() => void query.refetch()} />;
  if (!query.isError) return <SkeletonCard lines={6} />;
  return isApiError(query.error) && query.error.status === 404 ? (
    <EmptyState
      testId={`${testId}-not-found`}
      tone="warning"
      icon={<RecordsIcon size={32} />}
      title={t(`${kind}.notFound`)}
    />
  ) : (
    <LoadError error={query.error} onRetry={() => void query.refetch()} />
  );
}
