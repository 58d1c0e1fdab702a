// Withdrawal detail (/pages/wallet/withdrawDetail?id=…): amount and status, then the order number,
// network, recipient, fee, arrival amount, submitted and processed time, estimated arrival while it is
// reviewed, the rejection or failure reason, and the transaction hash once it is on chain.
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WithdrawalRecord } from '@tradeflip/contract';
import { amountDpOf, displayAmount } from '@tradeflip/money';
import { DetailList, DetailRow } from '@/components/detail-list';
import { EmptyState } from '@/components/empty-state';
import { RecordsIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { PageFrame } from '@/components/page-frame';
import { RequireId } from '@/components/require-id';
import { formatDateTime } from '@/lib/format-time';
import { isApiError } from '@/lib/http';
import { usePrecisions } from '@/lib/precisions';
import { shortenMiddle } from '@/lib/shorten';
import { useWithdrawal } from '../api/get-withdrawal';
import { WithdrawalStatus } from '../components/withdrawal-status';
import '../components/withdraw.css';
import '@/lib/wallet-texts';

export function WithdrawDetailPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('titles.withdrawDetail')} className="withdraw">
      <RequireId>{(id) => <WithdrawalDetail id={id} />}</RequireId>
    </PageFrame>
  );
}

function WithdrawalDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const opened = (location.state as { record?: WithdrawalRecord } | null)?.record;
  const precisions = usePrecisions();
  const withdrawal = useWithdrawal(id, opened);
  const record = withdrawal.data;

  if (!record) {
    if (withdrawal.isError) {
      return isApiError(withdrawal.error) && withdrawal.error.status === 404 ? (
        <EmptyState
          testId="withdrawal-not-found"
          tone="warning"
          icon={<RecordsIcon size={32} />}
          title={t('withdraw.notFound')}
        />
      ) : (
        <LoadError onRetry={() => void withdrawal.refetch()} />
      );
    }
    return <div className="withdraw-skeleton" aria-busy="true" />;
  }

  const dp = amountDpOf(precisions, record.token, record.network);
  const amount = (value: string) => `${displayAmount(value, dp)} ${record.token}`;
  const returned = record.status === 'rejected' || record.status === 'failed';
  return (
    <div data-testid="withdrawal-detail">
      <section className="record-hero">
        <p className="record-hero__label">{t('withdraw.amount')}</p>
        <p className="record-hero__amount" data-testid="withdrawal-detail-amount">
          {displayAmount(record.amount, dp)} <small>{record.token}</small>
        </p>
        <WithdrawalStatus status={record.status} long testId="withdrawal-detail-status" />
      </section>
      {record.status === 'rejected' && record.rejectReason && (
        <div className="record-note record-note--danger" role="note">
          <strong className="record-note__label">{t('withdraw.rejectReason')}</strong>
          <span data-testid="withdrawal-detail-reject-reason">{record.rejectReason}</span>
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
        <DetailRow
          label={t('withdraw.recipient')}
          testId="withdrawal-detail-address"
          stacked
          mono
          copy={record.address}
        >
          {record.address}
        </DetailRow>
        <DetailRow label={t('withdraw.amount')} testId="withdrawal-detail-amount-row">
          {amount(record.amount)}
        </DetailRow>
        <DetailRow label={t('withdraw.fee')} testId="withdrawal-detail-fee">
          {amount(record.fee)}
        </DetailRow>
        <DetailRow label={t('withdraw.arrival')} testId="withdrawal-detail-arrival">
          {amount(record.arrivalAmount)}
        </DetailRow>
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
        <DetailRow
          label={t('withdraw.txHash')}
          testId="withdrawal-detail-txhash"
          mono={Boolean(record.txHash)}
          copy={record.txHash}
          full={record.txHash ?? undefined}
        >
          {record.txHash ? shortenMiddle(record.txHash) : '--'}
        </DetailRow>
      </DetailList>
    </div>
  );
}
