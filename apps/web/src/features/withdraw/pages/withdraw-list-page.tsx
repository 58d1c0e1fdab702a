import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the withdrawList screen; its content arrives with its feature. */
export function WithdrawListPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.withdrawList')} />;
}
