import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the vip screen; its content arrives with its feature. */
export function VipPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.vip')} />;
}
