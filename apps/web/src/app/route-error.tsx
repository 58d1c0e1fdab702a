// Shown when a page fails to load or render (e.g. its chunk is gone after a deploy).
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { CompassIcon } from '@/components/icons';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="app-column">
      <EmptyState
        tone="warning"
        icon={<CompassIcon size={34} />}
        title={t('errors.requestFailed')}
        action={
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => window.location.assign('/')}
          >
            {t('common.goHome')}
          </button>
        }
      />
    </div>
  );
}

/** First paint while the first page's code loads. */
export function PageLoading() {
  return <div className="page-loading" aria-busy="true" />;
}
