import { useTranslation } from 'react-i18next';
import { ComingSoonBody } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';
import { RequireId } from '@/components/require-id';

/** Frame of the depositDetail screen, reached with ?id=; its content arrives with its feature. */
export function DepositDetailPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('titles.depositDetail')}>
      <RequireId>{() => <ComingSoonBody />}</RequireId>
    </PageFrame>
  );
}
