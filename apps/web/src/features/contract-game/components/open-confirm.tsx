// The confirm a high-leverage order asks for (from 50×): the order, its cost and the warning's figures.
// Loaded when first needed, so the page itself loads without the popup's code.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';

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
    <Popup visible onMaskClick={props.onCancel} bodyClassName="game-sheet">
      <div data-testid="open-confirm" role="dialog" aria-label={props.title}>
        <h2 className="game-sheet__title">{props.title}</h2>
        {props.warning}
        <p className="game-sheet__text" data-testid="open-confirm-cost">
          {props.cost}
        </p>
        <div className="sheet-actions">
          <button type="button" className="btn btn--ghost" onClick={props.onCancel}>
            {t('trade.cancel')}
          </button>
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
        </div>
      </div>
    </Popup>
  );
}
