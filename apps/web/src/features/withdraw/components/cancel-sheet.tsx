// Asks before cancelling a withdrawal in review: what comes back, then Cancel withdrawal or Keep it.
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';

interface CancelSheetProps {
  visible: boolean;
  pending: boolean;
  text: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function CancelSheet({ visible, pending, text, onConfirm, onClose }: CancelSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="withdraw-sheet"
      destroyOnClose
      aria-label={t('withdraw.cancelTitle')}
    >
      <div data-testid="withdrawal-cancel-sheet">
        <h2 className="withdraw-sheet__title">{t('withdraw.cancelTitle')}</h2>
        <p className="withdraw-sheet__text">{text}</p>
        <div className="sheet-actions">
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={pending}>
            {t('withdraw.cancelKeep')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
            data-testid="withdrawal-cancel-confirm"
          >
            {t('withdraw.cancelConfirm')}
          </button>
        </div>
      </div>
    </Popup>
  );
}
