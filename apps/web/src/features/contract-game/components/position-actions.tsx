// The sheets of an open position's buttons: Close (a confirm showing the order number) and TP / SL.
// Loaded when a person first reaches for a button (positions.tsx), so the page itself loads without
// the popup's code.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import type { Position } from '@tradeflip/contract';
import { formatNumber } from '@tradeflip/money';
import { isApiError } from '@/lib/http';
import { showError, showToast } from '@/lib/toast';
import { useClosePosition, useSetTargets } from '../api/game-api';
import { OrderField } from './order-field';

export function CloseSheet({ position, onDone }: { position: Position | null; onDone: () => void }) {
  const { t } = useTranslation();
  const close = useClosePosition();
  const confirm = async () => {
    if (!position) return;
    try {
      await close.mutateAsync(position.id);
      showToast(t('trade.closed'));
    } catch (error) {
      showError(error);
    }
    onDone();
  };
  return (
    <Popup visible={Boolean(position)} onMaskClick={onDone} bodyClassName="game-sheet" destroyOnClose>
      {position && (
        <div data-testid="close-sheet">
          <h2 className="game-sheet__title">{t('trade.confirmClose')}</h2>
          <p className="game-sheet__text">
            {t('trade.orderNo')}: <b data-testid="close-sheet-order">{position.orderNo}</b>
          </p>
          <div className="sheet-actions">
            <button type="button" className="btn btn--ghost" onClick={onDone}>
              {t('trade.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              data-testid="close-confirm"
              aria-busy={close.isPending}
              disabled={close.isPending}
              onClick={() => void confirm()}
            >
              {t('trade.closeNow')}
            </button>
          </div>
        </div>
      )}
    </Popup>
  );
}

export function TargetsSheet({
  position,
  priceDp,
  onDone,
}: {
  position: Position | null;
  priceDp: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSetTargets();
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setTp(position?.takeProfit ?? '');
    setSl(position?.stopLoss ?? '');
    setErrors({});
  }, [position]);
  const submit = async () => {
    if (!position) return;
    try {
      await save.mutateAsync({ id: position.id, takeProfit: tp.trim() || null, stopLoss: sl.trim() || null });
      showToast(t('trade.targetsSaved'));
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields);
      else showError(error);
    }
  };
  return (
    <Popup visible={Boolean(position)} onMaskClick={onDone} bodyClassName="game-sheet" destroyOnClose>
      {position && (
        <div data-testid="targets-sheet">
          <h2 className="game-sheet__title">{t('trade.targets')}</h2>
          <p className="game-sheet__text">
            {t('trade.entryPrice')}: {formatNumber(position.entryPrice, 'price', { dp: priceDp })}
          </p>
          <OrderField
            label={t('trade.takeProfit')}
            value={tp}
            onChange={setTp}
            testId="targets-tp"
            error={errors.takeProfit}
          />
          <OrderField
            label={t('trade.stopLoss')}
            value={sl}
            onChange={setSl}
            testId="targets-sl"
            error={errors.stopLoss}
          />
          <div className="sheet-actions">
            <button type="button" className="btn btn--ghost" onClick={onDone}>
              {t('trade.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              data-testid="targets-save"
              onClick={() => void submit()}
            >
              {t('trade.save')}
            </button>
          </div>
        </div>
      )}
    </Popup>
  );
}
