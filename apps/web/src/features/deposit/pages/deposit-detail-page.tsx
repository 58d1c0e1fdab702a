// Deposit detail (/pages/wallet/depositDetail?id=…): amount, token, network, status with its
// confirmations, the transaction hash, the addresses it came from and went to, and when it was seen
// and processed. A deposit below the minimum says it was not credited.
import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '@tradeflip/api';
import { amountDpOf, formatNumber } from '@tradeflip/money';
import { AddressRow, DetailList, DetailRow, TxHashRow } from '@/components/detail-list';
import { ExplorerLink } from '@/components/explorer-link';
import { RecordDetailPage } from '@/components/record-detail-page';
import { formatDateTime } from '@/lib/format-time';
import { usePrecisions } from '@/lib/precisions';
import { useDeposit } from '../api/get-deposit';
import { DepositStatus } from '../components/deposit-status';
import '../components/deposit.css';
import '@/lib/wallet-texts';

export function DepositDetailPage() {
  return <RecordDetailPage kind="deposit" testId="deposit" useRecord={useDeposit} Detail={DepositDetail} />;
}

function DepositDetail({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  const precisions = usePrecisions();
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
        <TxHashRow label={t('deposit.txHash')} testId="deposit-detail-txhash" hash={record.txHash} />
        <AddressRow
          label={t('deposit.fromAddress')}
          testId="deposit-detail-from"
          address={record.fromAddress}
        />
        <AddressRow label={t('deposit.toAddress')} testId="deposit-detail-to" address={record.address} />
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
