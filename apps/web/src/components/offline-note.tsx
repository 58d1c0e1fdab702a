// The stale banner of a screen showing its last data while the connection is lost (a record list
// kept from the last visit, lib/kept-queries.ts): the figures are not live, and say so.
import { useTranslation } from 'react-i18next';
import { useConnectionLost } from '@/lib/live/use-connection-lost';
import './records.css';

export function OfflineNote() {
  const { t } = useTranslation();
  if (!useConnectionLost()) return null;
  return (
    <p className="offline-note" role="status" data-testid="offline-note">
      {t('common.offlineKept')}
    </p>
  );
}
