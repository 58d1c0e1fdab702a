// Deposit detail (/pages/wallet/depositDetail?id=…): amount, token, network, status with its
// confirmations, the transaction hash, the addresses it came from and went to, and when it was seen
// and processed. A deposit below the minimum says it was not credited.
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '@tradeflip/contract';
import { amountDpOf, formatNumber } from '@tradeflip/money';
import { DetailList, DetailRow } from '@/components/detail-list';
import { EmptyState } from '@/components/empty-state';
import { ExplorerLink } from '@/components/explorer-link';
import { RecordsIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { PageFrame } from '@/components/page-frame';
import { RequireId } from '@/components/require-id';
import { SkeletonCard } from '@/components/skeleton';
import { formatDateTime } from '@/lib/format-time';
import { isApiError } from '@/lib/http';
import { usePrecisions } from '@/lib/precisions';
import { shortenMiddle } from '@/lib/shorten';
import { useDeposit } from '../api/get-deposit';
import { DepositStatus } from '../components/deposit-status';
import '../components/deposit.css';
import '@/lib/wallet-texts';
import { useBalanceEvents } from '@/lib/use-balance-events';

export function DepositDetailPage() {
  useBalanceEvents();
  const { t } = useTranslation();
  return (
    <PageFrame title={t('titles.depositDetail')} className="deposit">
      <RequireId>{(id) => <DepositDetail id={id} />}</RequireId>
    </PageFrame>
  );
}

function DepositDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const opened = (location.state as { record?: DepositRecord } | null)?.record;
  const precisions = usePrecisions();
  const deposit = useDeposit(id, opened);
  const record = deposit.data;

  if (!record) {
    if (deposit.isError) {
      return isApiError(deposit.error) && deposit.error.status === 404 ? (
        <EmptyState
          testId="deposit-not-found"
          tone="warning"
          icon={<RecordsIcon size={32} />}
          title={t('deposit.notFound')}
        />
      ) : (
        <LoadError error={deposit.error} onRetry={() => void deposit.refetch()} />
      );
    }
    return <SkeletonCard lines={6} />;
  }

  const dp = amountDpOf(precisions, record.token, record.network);
  return (
    <div data-testid="deposit-detail">
      <section className="record-hero">
        <p className="record-hero__label">{t('deposit.amount')}</p>
        <p className="record-hero__amount" data-testid="deposit-detail-amount">
          {formatNumber(record.amount, 'amount', { dp, signed: record.status !== 'failed' })}{' '}
          <small>{record.token}</small>
        </p>
        <DepositStatus record={record} testId="deposit-detail-status" />
      </section>
      {record.belowMinimum && (
        <p className="record-note" role="note" data-testid="deposit-detail-below-min">
          {t('deposit.belowMinimum')}
        </p>
      )}
      <DetailList>
        <DetailRow label={t('deposit.token')} testId="deposit-detail-token">
          {record.token}
        </DetailRow>
        <DetailRow label={t('deposit.network')} testId="deposit-detail-network">
          {record.network}
        </DetailRow>
        <DetailRow label={t('deposit.confirmationsProgress')} testId="deposit-detail-confirmations">
          {Math.min(record.confirmations, record.requiredConfirmations)}/{record.requiredConfirmations}
        </DetailRow>
        <DetailRow
          label={t('deposit.txHash')}
          testId="deposit-detail-txhash"
          mono
          copy={record.txHash}
          full={record.txHash}
        >
          {shortenMiddle(record.txHash)}
        </DetailRow>
        <DetailRow
          label={t('deposit.fromAddress')}
          testId="deposit-detail-from"
          stacked
          mono
          copy={record.fromAddress}
        >
          {record.fromAddress}
        </DetailRow>
        <DetailRow
          label={t('deposit.toAddress')}
          testId="deposit-detail-to"
          stacked
          mono
          copy={record.address}
        >
          {record.address}
        </DetailRow>
        <DetailRow label={t('deposit.createdAt')} testId="deposit-detail-created">
          {formatDateTime(record.createdAt)}
        </DetailRow>
        <DetailRow label={t('deposit.processedAt')} testId="deposit-detail-processed">
          {formatDateTime(record.processedAt)}
        </DetailRow>
      </DetailList>
      <ExplorerLink href={record.explorerTxUrl} testId="deposit-detail-explorer" />
    </div>
  );
}
