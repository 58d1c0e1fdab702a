// Token detail (/pages/wallet/token?id=USDT): available, frozen and ≈ USDT value, then the token's
// ledger history, newest first, with infinite scroll, a business-type filter and pull to refresh.
// Tapping an entry opens its detail.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { BusinessType, FlowEntry } from '@tradeflip/contract';
import { displayAmount, displayValuation, normalizeSymbol } from '@tradeflip/money';
import { paths } from '@/lib/paths';
import { EmptyState } from '@/components/empty-state';
import { ChevronRightIcon, DepositIcon, RecordsIcon, WithdrawIcon } from '@/components/icons';
import { PageFrame } from '@/components/page-frame';
import { RequireId } from '@/components/require-id';
import { usePrecisions } from '@/lib/precisions';
import { useBalances } from '../api/get-balances';
import { useFlows } from '../api/get-flows';
import { FlowDetailSheet } from '../components/flow-detail-sheet';
import { FlowItem } from '../components/flow-item';
import { LoadError } from '@/components/load-error';
import { TokenBadge } from '../components/token-badge';
import { tokenAmountDp } from '../components/token-decimals';
import { TypeFilterSheet } from '../components/type-filter-sheet';
import '@/components/records.css';
import '../components/wallet.css';
import '@/lib/wallet-texts';

export function TokenPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('titles.token')} className="wallet">
      <RequireId>{(id) => <TokenDetail symbol={normalizeSymbol(id)} />}</RequireId>
    </PageFrame>
  );
}

function TokenDetail({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const precisions = usePrecisions();
  const balances = useBalances();
  const [type, setType] = useState<BusinessType | undefined>();
  const [filterOpen, setFilterOpen] = useState(false);
  const [opened, setOpened] = useState<FlowEntry | null>(null);
  const flows = useFlows({ token: symbol, type });

  if (balances.isError && !balances.data) return <LoadError onRetry={() => void balances.refetch()} />;
  const balance = balances.data?.find((b) => b.token === symbol);
  if (balances.data && !balance) {
    return (
      <EmptyState
        testId="unknown-token"
        tone="warning"
        icon={<RecordsIcon size={32} />}
        title={t('wallet.unknownToken')}
        description={t('wallet.unknownTokenHint', { id: symbol })}
      />
    );
  }
  const dp = tokenAmountDp(precisions, symbol, balance?.amountDp);
  const entries = flows.data?.pages.flatMap((p) => p.list) ?? [];
  const typeLabel = type ? t(`businessTypes.${type}`) : t('wallet.allTypes');

  const refresh = async () => {
    await Promise.all([balances.refetch(), flows.refetch()]);
  };

  return (
    <PullToRefresh onRefresh={refresh}>
      <section className="token-hero" data-testid="token-hero">
        <div className="token-hero__head">
          <TokenBadge symbol={symbol} size={40} />
          <span className="token-hero__symbol">{symbol}</span>
        </div>
        <p className="token-hero__label">{t('wallet.total')}</p>
        <p className="token-hero__total" data-testid="token-total">
          {balance ? displayAmount(balance.total, dp) : '--'}
        </p>
        <p className="token-hero__usdt" data-testid="token-usdt">
          {balance ? t('wallet.approx', { value: displayValuation(balance.usdtValue) }) : '--'}
        </p>
        <dl className="asset-hero__split">
          <div>
            <dt>{t('wallet.available')}</dt>
            <dd data-testid="token-available">{balance ? displayAmount(balance.available, dp) : '--'}</dd>
          </div>
          <div>
            <dt>{t('wallet.frozen')}</dt>
            <dd data-testid="token-frozen">{balance ? displayAmount(balance.frozen, dp) : '--'}</dd>
          </div>
        </dl>
        <div className="asset-hero__actions">
          <Link to={`${paths.deposit}?token=${encodeURIComponent(symbol)}`} className="btn btn--primary">
            <DepositIcon size={18} />
            {t('wallet.deposit')}
          </Link>
          <Link to={`${paths.withdraw}?token=${encodeURIComponent(symbol)}`} className="btn btn--ghost">
            <WithdrawIcon size={18} />
            {t('wallet.withdraw')}
          </Link>
        </div>
      </section>

      <div className="asset-list__head">
        <h2 className="wallet__heading">{t('wallet.history')}</h2>
        <button
          type="button"
          className="type-filter"
          onClick={() => setFilterOpen(true)}
          data-testid="flow-filter"
          aria-haspopup="dialog"
        >
          {typeLabel}
          <ChevronRightIcon size={14} style={{ transform: 'rotate(90deg)' }} />
        </button>
      </div>

      {flows.isError && entries.length === 0 ? (
        <LoadError onRetry={() => void flows.refetch()} />
      ) : flows.data && entries.length === 0 ? (
        <EmptyState
          testId="flows-empty"
          icon={<RecordsIcon size={32} />}
          title={type ? t('wallet.noRecordsOfType', { type: typeLabel }) : t('wallet.noRecords')}
          description={t('wallet.noRecordsHint')}
        />
      ) : (
        <>
          <ul className="record-list" data-testid="flow-list">
            {entries.map((entry) => (
              <li key={entry.id}>
                <FlowItem entry={entry} dp={dp} onOpen={() => setOpened(entry)} />
              </li>
            ))}
          </ul>
          {flows.data && (
            <InfiniteScroll
              hasMore={flows.hasNextPage}
              loadMore={async () => {
                // A failed page throws, so the list offers to retry instead of stopping.
                const result = await flows.fetchNextPage();
                if (result.isError) throw result.error;
              }}
            />
          )}
        </>
      )}

      <TypeFilterSheet
        visible={filterOpen}
        selected={type}
        onSelect={(next) => {
          setType(next);
          setFilterOpen(false);
        }}
        onClose={() => setFilterOpen(false)}
      />
      <FlowDetailSheet entry={opened} dp={dp} onClose={() => setOpened(null)} />
    </PullToRefresh>
  );
}
