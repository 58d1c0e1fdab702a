import { useTranslation } from 'react-i18next';
import { ComingSoonBody } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';
import { RequireId } from '@/components/require-id';

/** Frame of the token screen, reached with ?id=; its content arrives with its feature. */
export function TokenPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('titles.token')}>
      <RequireId>{() => <ComingSoonBody />}</RequireId>
    </PageFrame>
  );
}
