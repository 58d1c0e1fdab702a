// What a screen shows when its data could not be loaded: why, in the person's words, and a retry. Only
// a call that got no answer says "check your connection"; a server's refusal shows its own message
// (already in the person's language), so a busy server is not blamed on their network.
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/http';
import { EmptyState } from './empty-state';
import { RecordsIcon } from './icons';

interface LoadErrorProps {
  /** The failed query's error: decides between "check your connection" and the server's message. */
  error: unknown;
  onRetry: () => void;
  title?: string;
}

export function LoadError({ error, onRetry, title }: LoadErrorProps) {
  const { t } = useTranslation();
  const offline = !isApiError(error) || error.kind === 'network' || error.kind === 'timeout';
  return (
    <EmptyState
      testId="load-error"
      tone="warning"
      icon={<RecordsIcon size={32} />}
      title={title ?? t('common.loadFailed')}
      description={offline ? t('common.checkConnection') : error.message}
      action={
        <button type="button" className="btn btn--primary btn--block" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
