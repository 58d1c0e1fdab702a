import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon';

/** Frame of the feedback screen; its content arrives with its feature. */
export function FeedbackPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('titles.feedback')} />;
}
