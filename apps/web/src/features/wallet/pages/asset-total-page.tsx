import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the assetTotal screen; its content arrives with its feature. */
export function AssetTotalPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.assetTotal')} />;
}
