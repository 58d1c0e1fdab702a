import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { CompassIcon } from './icons';
import { PageFrame } from './page-frame';

/** The body of a screen a later release fills. */
export function ComingSoonBody() {
  const { t } = useTranslation();
  return (
    <EmptyState
      testId="coming-soon"
      icon={<CompassIcon size={34} />}
      title={t('common.comingSoon')}
      description={t('common.comingSoonHint')}
    />
  );
}

/** The frame of a page a later release fills: its title bar and a "coming soon" body. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <ComingSoonBody />
    </PageFrame>
  );
}
