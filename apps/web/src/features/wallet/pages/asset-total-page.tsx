// Total assets (/pages/asset/total): the total ≈ USDT value, then every token with available, frozen
// and ≈ USDT value. Pull down to refresh; tap a token for its history.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { Balance } from '@tradeflip/contract';
import { Decimal, displayAmount, displayValuation } from '@tradeflip/money';
import { paths } from '@/lib/paths';
import { EmptyState } from '@/components/empty-state';
import { ChevronRightIcon, DepositIcon, WalletIcon, WithdrawIcon } from '@/components/icons';
import { PageFrame } from '@/components/page-frame';
import { useAssetOverview } from '@/lib/asset-overview';
import { formatDateTime } from '@/lib/format-time';
import { usePrecisions } from '@/lib/precisions';
import { useBalances } from '../api/get-balances';
import { LoadError } from '@/components/load-error';
import { TokenBadge } from '../components/token-badge';
import { tokenAmountDp } from '../components/token-decimals';
import '@/components/records.css';
import '../components/wallet.css';
import '@/lib/wallet-texts';

export function AssetTotalPage() {
  const { t } = useTranslation();
  const overview = useAssetOverview();
  const balances = useBalances();
  const [hideZero, setHideZero] = useState(false);

  const refresh = async () => {
    await Promise.all([overview.refetch(), balances.refetch()]);
  };

  return (
    <PageFrame title={t('titles.assetTotal')} className="wallet">
      <PullToRefresh onRefresh={refresh}>
        <section className="asset-hero" data-testid="asset-overview">
          <p className="asset-hero__label">{t('wallet.totalLabel')}</p>
          <p className="asset-hero__value" data-testid="asset-total-usdt">
            {overview.data ? `≈ ${displayValuation(overview.data.totalUsdt)}` : '--'}
          </p>
          <dl className="asset-hero__split">
            <div>
              <dt>{t('wallet.available')}</dt>
              <dd data-testid="asset-available-usdt">
                {overview.data ? displayValuation(overview.data.availableUsdt) : '--'}
              </dd>
            </div>
            <div>
              <dt>{t('wallet.frozen')}</dt>
              <dd data-testid="asset-frozen-usdt">
                {overview.data ? displayValuation(overview.data.frozenUsdt) : '--'}
              </dd>
            </div>
          </dl>
          {overview.data && (
            <p className="asset-hero__note">
              {t('wallet.pricedAt', { time: formatDateTime(overview.data.pricedAt) })}
            </p>
          )}
          <div className="asset-hero__actions">
            <Link to={paths.deposit} className="btn btn--primary" data-testid="asset-deposit">
              <DepositIcon size={18} />
              {t('wallet.deposit')}
            </Link>
            <Link to={paths.withdraw} className="btn btn--ghost" data-testid="asset-withdraw">
              <WithdrawIcon size={18} />
              {t('wallet.withdraw')}
            </Link>
          </div>
        </section>

        <div className="asset-list__head">
          <h2 className="wallet__heading">{t('wallet.assets')}</h2>
          <label className="asset-list__toggle">
            <input
              type="checkbox"
              checked={hideZero}
              onChange={(e) => setHideZero(e.target.checked)}
              data-testid="asset-hide-zero"
            />
            {t('wallet.hideZero')}
          </label>
        </div>
        <BalanceList
          balances={balances.data}
          failed={balances.isError && !balances.data}
          retry={() => void balances.refetch()}
          hideZero={hideZero}
        />
      </PullToRefresh>
    </PageFrame>
  );
}

function BalanceList(props: {
  balances: Balance[] | undefined;
  failed: boolean;
  retry: () => void;
  hideZero: boolean;
}) {
  const { t } = useTranslation();
  const precisions = usePrecisions();
  const navigate = useNavigate();
  if (props.failed) return <LoadError onRetry={props.retry} />;
  if (!props.balances) return <BalanceSkeleton />;

  // Largest holdings first; ties keep the server's order (USDT first).
  const shown = props.balances
    .filter((b) => !props.hideZero || !new Decimal(b.total).isZero())
    .map((b, i) => ({ b, i }))
    .sort((x, y) => new Decimal(y.b.usdtValue).cmp(x.b.usdtValue) || x.i - y.i)
    .map(({ b }) => b);
  if (shown.length === 0) {
    return (
      <EmptyState
        testId="asset-empty"
        icon={<WalletIcon size={32} />}
        title={t('wallet.noAssets')}
        description={t('wallet.noAssetsHint')}
      />
    );
  }

  return (
    <ul className="record-list" data-testid="asset-list">
      {shown.map((b) => {
        const dp = tokenAmountDp(precisions, b.token, b.amountDp);
        return (
          <li key={b.token}>
            <button
              type="button"
              className="record-item asset-row"
              data-testid={`asset-row-${b.token}`}
              onClick={() => void navigate(`${paths.token}?id=${encodeURIComponent(b.token)}`)}
            >
              <TokenBadge symbol={b.token} />
              <span className="asset-row__main">
                <span className="asset-row__symbol">{b.token}</span>
                <span className="asset-row__meta">
                  <span className="asset-row__figure">
                    {t('wallet.available')}{' '}
                    <b data-testid="asset-row-available">{displayAmount(b.available, dp)}</b>
                  </span>{' '}
                  <span className="asset-row__figure">
                    {t('wallet.frozen')} <b data-testid="asset-row-frozen">{displayAmount(b.frozen, dp)}</b>
                  </span>
                </span>
              </span>
              <span className="asset-row__value">
                <span className="asset-row__total" data-testid="asset-row-total">
                  {displayAmount(b.total, dp)}
                </span>
                <span className="asset-row__usdt" data-testid="asset-row-usdt">
                  {t('wallet.approx', { value: displayValuation(b.usdtValue) })}
                </span>
              </span>
              <ChevronRightIcon size={16} className="asset-row__go" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function BalanceSkeleton() {
  return (
    <ul className="record-list" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="record-item record-item--skeleton" />
      ))}
    </ul>
  );
}
