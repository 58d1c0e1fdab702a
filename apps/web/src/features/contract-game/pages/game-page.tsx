import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the game screen; its content arrives with its feature. */
export function GamePage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.game')} />;
}
