import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the flip screen; its content arrives with its feature. */
export function FlipPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.flip')} />;
}
