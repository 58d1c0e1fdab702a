// Detail pages are reached with ?id=… (spec §2); without it they say 'Missing parameter: id'.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { RecordsIcon } from './icons';

export function useIdParam(): string | null {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  return id ? id : null;
}

/** Renders `children(id)` when the page has an id, else the missing-parameter message. */
export function RequireId({ children }: { children: (id: string) => ReactNode }) {
  const id = useIdParam();
  const { t } = useTranslation();
  if (!id) {
    return (
      <EmptyState
        testId="missing-id"
        tone="warning"
        icon={<RecordsIcon size={34} />}
        title={t('errors.missingId')}
        description={t('common.missingIdHint')}
      />
    );
  }
  return <>{children(id)}</>;
}
