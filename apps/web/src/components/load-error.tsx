// What a screen shows when its data could not be loaded: the reason and a retry.
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { RecordsIcon } from './icons';

export function LoadError({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      testId="load-error"
      tone="warning"
      icon={<RecordsIcon size={32} />}
      title={title ?? t('common.loadFailed')}
      action={
        <button type="button" className="btn btn--primary btn--block" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
