// Asks before cancelling a withdrawal in review: what comes back, then Cancel withdrawal or Keep it.
import { useTranslation } from 'react-i18next';
import { Sheet } from '@/components/sheet';

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
    <Sheet
      visible={visible}
      onClose={onClose}
      title={t('withdraw.cancelTitle')}
      testId="withdrawal-cancel-sheet"
      cancel={t('withdraw.cancelKeep')}
      busy={pending}
      actions={
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
      }
    >
      <p className="sheet__text withdraw-sheet__text">{text}</p>
    </Sheet>
  );
}
