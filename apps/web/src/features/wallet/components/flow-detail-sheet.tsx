// An entry's detail: every change it made, the balances after, when, why (its cause) and its id.
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import type { FlowEntry } from '@tradeflip/contract';
import { displayAmount, displaySignedAmount } from '@tradeflip/money';
import { CopyButton } from '@/components/copy-button';
import { formatDateTime } from '@/lib/format-time';
import { useFlow } from '../api/get-flow';

export function FlowDetailSheet({
  entry,
  dp,
  onClose,
}: {
  entry: FlowEntry | null;
  dp: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useFlow(entry);
  const shown = detail.data ?? entry;
  return (
    <Popup
      visible={Boolean(entry)}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      {shown && (
        <div data-testid="flow-detail">
          <h2 className="sheet__title">{t('wallet.entryTitle')}</h2>
          <p className="flow-detail__type">{t(`businessTypes.${shown.type}`)}</p>
          <dl className="detail-rows">
            <Row label={t('wallet.availableChange')} testId="flow-detail-available">
              {displaySignedAmount(shown.availableDelta, dp)} {shown.token}
            </Row>
            <Row label={t('wallet.frozenChange')}>
              {displaySignedAmount(shown.frozenDelta, dp)} {shown.token}
            </Row>
            <Row label={t('wallet.availableAfter')} testId="flow-detail-available-after">
              {displayAmount(shown.availableAfter, dp)}
            </Row>
            <Row label={t('wallet.frozenAfter')}>{displayAmount(shown.frozenAfter, dp)}</Row>
            <Row label={t('wallet.time')}>{formatDateTime(shown.createdAt)}</Row>
            <Row label={t('wallet.reference')}>
              {t(`wallet.refKinds.${shown.refType}`, { defaultValue: shown.refType })}
              {shown.refId && ` #${shown.refId}`}
            </Row>
            {shown.memo && (
              <Row label={t('wallet.memo')} testId="flow-detail-memo">
                {shown.memo}
              </Row>
            )}
            <Row label={t('wallet.entryId')}>
              <span className="detail-rows__mono">{shown.id}</span>
              <CopyButton text={shown.id} />
            </Row>
          </dl>
          <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
            {t('wallet.close')}
          </button>
        </div>
      )}
    </Popup>
  );
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="detail-rows__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
