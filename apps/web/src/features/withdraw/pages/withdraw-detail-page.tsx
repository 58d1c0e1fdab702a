// Withdrawal detail (/pages/wallet/withdrawDetail?id=…): amount and status, then the order number,
// network, recipient, fee, arrival amount, submitted and processed time, estimated arrival while it is
// reviewed, the rejection or failure reason, and the transaction hash once it is on chain (with its
// block-explorer link). While it is still in review its owner can cancel it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalRecord } from '@tradeflip/api';
import { amountDpOf, formatNumber } from '@tradeflip/money';
import { AddressRow, DetailList, DetailRow, TxHashRow } from '@/components/detail-list';
import { ExplorerLink } from '@/components/explorer-link';
import { RecordDetailPage } from '@/components/record-detail-page';
import { formatDateTime } from '@/lib/format-time';
import { isApiError, isCancel } from '@/lib/http';
import { usePrecisions } from '@/lib/precisions';
import { showError, showToast } from '@/lib/toast';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useWithdrawal } from '../api/get-withdrawal';
import { CancelSheet } from '../components/cancel-sheet';
import { isReturnedWithdrawal, withdrawalAmount, WithdrawalStatus } from '../components/withdrawal-status';
import '../components/withdraw.css';
import '@/lib/wallet-texts';

export function WithdrawDetailPage() {
  return (
    <RecordDetailPage
      kind="withdraw"
      testId="withdrawal"
      useRecord={useWithdrawal}
      Detail={WithdrawalDetail}
    />
  );
}

function WithdrawalDetail({ record, refetch }: { record: WithdrawalRecord; refetch: () => void }) {
  const { t } = useTranslation();
  const precisions = usePrecisions();
  const cancel = useCancelWithdrawal();
  const [askCancel, setAskCancel] = useState(false);
  const dp = amountDpOf(precisions, record.token, record.network);
  const amount = (value: string) => `${formatNumber(value, 'amount', { dp })} ${record.token}`;
  const returned = isReturnedWithdrawal(record.status);

  const confirmCancel = async () => {
    try {
      await cancel.mutateAsync(record.id);
      showToast(t('withdraw.cancelled'));
    } catch (err) {
      // Lost the race to the operator: the page refreshes to what it became.
      if (isApiError(err) && err.status === 409) showToast(t('withdraw.cancelTooLate'));
      else if (!isCancel(err)) showError(err);
    } finally {
      setAskCancel(false);
      refetch();
    }
  };
  return (
    <div data-testid="withdrawal-detail">
      <section className="record-hero">
        <p className="record-hero__label">{t(returned ? 'withdraw.totalReturned' : 'withdraw.total')}</p>
        <p className="record-hero__amount" data-testid="withdrawal-detail-amount">
          {withdrawalAmount(record, dp)} <small>{record.token}</small>
        </p>
        <WithdrawalStatus status={record.status} long testId="withdrawal-detail-status" />
      </section>
      {record.status === 'rejected' && record.rejectReason && (
        <div className="record-note record-note--danger" role="note">
          <strong className="record-note__label">{t('withdraw.rejectReason')}</strong>
          {/* The operator's own words, in the language they wrote them in. */}
          <span className="record-note__quote-label">{t('withdraw.operatorNote')}</span>
          <q data-testid="withdrawal-detail-reject-reason">{record.rejectReason}</q>
        </div>
      )}
      {record.status === 'failed' && record.failureReason && (
        <div className="record-note record-note--danger" role="note">
          <strong className="record-note__label">{t('withdraw.failureReason')}</strong>
          <span data-testid="withdrawal-detail-failure-reason">{record.failureReason}</span>
        </div>
      )}
      {returned && (
        <p className="record-note record-note--info" role="note" data-testid="withdrawal-detail-returned">
          {t('withdraw.fundsReturned')}
        </p>
      )}
      <DetailList>
        <DetailRow label={t('withdraw.orderNo')} testId="withdrawal-detail-order" mono copy={record.orderNo}>
          {record.orderNo}
        </DetailRow>
        <DetailRow label={t('withdraw.token')} testId="withdrawal-detail-token">
          {record.token}
        </DetailRow>
        <DetailRow label={t('withdraw.network')} testId="withdrawal-detail-network">
          {record.network}
        </DetailRow>
        <AddressRow
          label={t('withdraw.recipient')}
          testId="withdrawal-detail-address"
          address={record.address}
        />
        <DetailRow label={t('withdraw.amount')} testId="withdrawal-detail-amount-row">
          {amount(record.amount)}
        </DetailRow>
        <DetailRow label={t('withdraw.fee')} testId="withdrawal-detail-fee">
          {amount(record.fee)}
        </DetailRow>
        {!returned && (
          <DetailRow label={t('withdraw.arrival')} testId="withdrawal-detail-arrival">
            {amount(record.arrivalAmount)}
          </DetailRow>
        )}
        <DetailRow label={t('withdraw.submittedAt')} testId="withdrawal-detail-submitted">
          {formatDateTime(record.createdAt)}
        </DetailRow>
        <DetailRow label={t('withdraw.processedAt')} testId="withdrawal-detail-processed">
          {formatDateTime(record.processedAt)}
        </DetailRow>
        {record.estimatedArrival && (
          <DetailRow label={t('withdraw.estimatedArrival')} testId="withdrawal-detail-estimated">
            {formatDateTime(record.estimatedArrival)}
          </DetailRow>
        )}
        <TxHashRow label={t('withdraw.txHash')} testId="withdrawal-detail-txhash" hash={record.txHash} />
      </DetailList>
      <ExplorerLink href={record.explorerTxUrl} testId="withdrawal-detail-explorer" />
      {record.cancellable && (
        <button
          type="button"
          className="btn btn--ghost btn--block withdraw-cancel"
          data-testid="withdrawal-cancel"
          onClick={() => setAskCancel(true)}
        >
          {t('withdraw.cancel')}
        </button>
      )}
      <CancelSheet
        visible={askCancel && record.cancellable}
        pending={cancel.isPending}
        text={t('withdraw.cancelBody', {
          amount: formatNumber(record.amount, 'amount', { dp }),
          fee: formatNumber(record.fee, 'amount', { dp }),
          token: record.token,
        })}
        onConfirm={() => void confirmCancel()}
        onClose={() => setAskCancel(false)}
      />
    </div>
  );
}
