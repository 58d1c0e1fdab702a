import { useTranslation } from 'react-i18next';
import { ComingSoonBody } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';
import { RequireId } from '@/components/require-id';

/** Frame of the withdrawDetail screen, reached with ?id=; its content arrives with its feature. */
export function WithdrawDetailPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('titles.withdrawDetail')}>
      <RequireId>{() => <ComingSoonBody />}</RequireId>
    </PageFrame>
  );
}
