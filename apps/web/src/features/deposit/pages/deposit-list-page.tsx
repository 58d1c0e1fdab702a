import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the depositList screen; its content arrives with its feature. */
export function DepositListPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.depositList')} />;
}
