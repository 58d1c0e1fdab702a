import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the withdraw screen; its content arrives with its feature. */
export function WithdrawPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.withdraw')} />;
}
