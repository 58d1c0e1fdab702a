import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the invite screen; its content arrives with its feature. */
export function InvitePage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.invite')} />;
}
