import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the deposit screen; its content arrives with its feature. */
export function DepositPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.deposit')} />;
}
