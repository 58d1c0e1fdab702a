// The confirm a high-leverage order asks for (from 50×): the order, its cost and the warning's figures.
// Loaded when first needed, so the page itself loads without the popup's code.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '@/components/sheet';

export default function OpenConfirm(props: {
  title: string;
  warning: ReactNode;
  cost: string;
  side: 'long' | 'short';
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet
      onClose={props.onCancel}
      title={props.title}
      testId="open-confirm"
      dialog
      cancel={t('contractGame.cancel')}
      actions={
        <button
          type="button"
          className={`btn order-panel__submit order-panel__submit--${props.side}`}
          data-testid="open-confirm-ok"
          aria-busy={props.pending}
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {t('order.confirm')}
        </button>
      }
    >
      {props.warning}
      <p className="sheet__text" data-testid="open-confirm-cost">
        {props.cost}
      </p>
    </Sheet>
  );
}
