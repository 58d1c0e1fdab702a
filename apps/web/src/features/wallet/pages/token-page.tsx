// Token detail (/pages/wallet/token?id=USDT): total, available, frozen and ≈ USDT value (masked by the
// hide-balances eye), on USDT's page the open positions' unrealized PnL and what closing them adds, the token's price and networks, then its history in the person's words, newest
// first, one item per operation, with infinite scroll, a category filter and pull to refresh. Tapping
// an item opens its steps.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityCategory, ActivityItem } from '@tradeflip/api';
import { normalizeSymbol } from '@tradeflip/money';
import { amountText, priceText, valueText } from '@/lib/figures';
import { EmptyState } from '@/components/empty-state';
import { HideBalancesToggle } from '@/components/hide-balances-toggle';
import { ChevronRightIcon, RecordsIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { PageFrame } from '@/components/page-frame';
import { PagedList } from '@/components/paged-list';
import { PullRefresh } from '@/components/pull-refresh';
import { RequireId } from '@/components/require-id';
import { SkeletonCard } from '@/components/skeleton';
import { useAssetOverview } from '@/lib/asset-overview';
import { useBalancesHidden } from '@/lib/hide-balances';
import { usePrecisions } from '@/lib/precisions';
import { useActivity } from '../api/get-activity';
import { useBalances } from '../api/get-balances';
import { useTokenPrecisions } from '../api/get-token-precisions';
import { ActivityDetailSheet } from '../components/activity-detail-sheet';
import { ActivityRow } from '../components/activity-item';
import { CategoryFilterSheet } from '../components/category-filter-sheet';
import { TokenLogo } from '@/components/token-logo';
import { DepositWithdrawLinks } from '../components/deposit-withdraw-links';
import { OpenPnlRows } from '../components/open-pnl-rows';
import { tokenAmountDp } from '../components/token-decimals';
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
  const networks = useTokenPrecisions(symbol);
  const hidden = useBalancesHidden();
  // The contract game's margins are USDT (every pair's margin token): on USDT's page, its open
  // positions' unrealized PnL and what closing them adds stand beside the balance, as on Total assets.
  const overview = useAssetOverview();
  const positions =
    symbol === 'USDT' && overview.data && overview.data.openPositions > 0 ? overview.data : undefined;
  const [category, setCategory] = useState<ActivityCategory | undefined>();
  const [filterOpen, setFilterOpen] = useState(false);
  const [opened, setOpened] = useState<ActivityItem | null>(null);
  const activity = useActivity({ token: symbol, category });

  if (balances.isError && !balances.data) {
    return <LoadError error={balances.error} onRetry={() => void balances.refetch()} />;
  }
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
  const categoryLabel = t(`activity.categories.${category ?? 'all'}`);
  const amount = (value: string | undefined) => amountText(value, dp, { hidden });

  const refresh = async () => {
    await Promise.all([balances.refetch(), activity.refetch()]);
  };

  return (
    <PullRefresh onRefresh={refresh}>
      {!balance ? (
        <SkeletonCard lines={4} />
      ) : (
        <section className="token-hero" data-testid="token-hero">
          <div className="token-hero__head">
            <TokenLogo symbol={symbol} size={40} />
            <span className="token-hero__symbol">{symbol}</span>
            <span className="token-hero__price" data-testid="token-price">
              {t('wallet.unitPrice', {
                price: priceText(balance.price, balance.priceDp),
              })}
            </span>
          </div>
          <p className="token-hero__label">
            {t('wallet.total')}
            <HideBalancesToggle />
          </p>
          <p className="token-hero__total" data-testid="token-total">
            {amount(balance.total)}
          </p>
          <p className="token-hero__usdt" data-testid="token-usdt">
            {/* Hidden, **** alone: no ≈ of a figure nobody sees. */}
            {hidden ? '****' : t('wallet.approx', { value: valueText(balance.usdtValue) })}
          </p>
          <dl className="asset-hero__split">
            <div>
              <dt>{t('wallet.available')}</dt>
              <dd data-testid="token-available">{amount(balance.available)}</dd>
            </div>
            <div>
              <dt>{t('wallet.frozen')}</dt>
              <dd data-testid="token-frozen">{amount(balance.frozen)}</dd>
            </div>
            {positions && <OpenPnlRows overview={positions} hidden={hidden} testIdPrefix="token" />}
          </dl>
          {networks.data && networks.data.length > 0 && (
            <p className="token-hero__networks" data-testid="token-networks">
              {t('wallet.networks')}{' '}
              {networks.data
                .filter((entry) => entry.mainnet)
                .map((entry) => entry.mainnet)
                .join(' · ')}
            </p>
          )}
          <DepositWithdrawLinks token={symbol} />
        </section>
      )}

      <div className="asset-list__head">
        <h2 className="wallet__heading">{t('wallet.history')}</h2>
        <button
          type="button"
          className="type-filter"
          onClick={() => setFilterOpen(true)}
          data-testid="activity-filter"
          aria-haspopup="dialog"
        >
          {categoryLabel}
          <ChevronRightIcon size={14} style={{ transform: 'rotate(90deg)' }} />
        </button>
      </div>

      {/* On PagedList like every record list: an item a newer one pushed onto the next page shows once. */}
      <PagedList
        query={activity}
        itemKey={(item) => item.id}
        testId="activity-list"
        renderItem={(item) => (
          <ActivityRow item={item} dp={dp} hidden={hidden} onOpen={() => setOpened(item)} />
        )}
        empty={
          <EmptyState
            testId="activity-empty"
            icon={<RecordsIcon size={32} />}
            title={category ? t('wallet.noRecordsOfType', { type: categoryLabel }) : t('wallet.noRecords')}
            description={t('wallet.noRecordsHint')}
          />
        }
      />

      <CategoryFilterSheet
        visible={filterOpen}
        selected={category}
        onSelect={(next) => {
          setCategory(next);
          setFilterOpen(false);
        }}
        onClose={() => setFilterOpen(false)}
      />
      <ActivityDetailSheet item={opened} dp={dp} hidden={hidden} onClose={() => setOpened(null)} />
    </PullRefresh>
  );
}
