import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { CompassIcon } from '@/components/icons';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('titles.notFound')}>
      <EmptyState
        testId="not-found"
        icon={<CompassIcon size={34} />}
        title={t('notFound.title')}
        description={t('notFound.body')}
        action={
          <Link to={paths.home} replace className="btn btn--primary btn--block">
            {t('common.goHome')}
          </Link>
        }
      />
    </PageFrame>
  );
}
