// Total assets (/pages/asset/total): the total ≈ USDT value (with the hide-balances eye), then every
// token with its total, available and ≈ USDT value. Pull down to refresh; tap a token for its history.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Balance } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';
import { amountText, valueText } from '@/lib/figures';
import { paths } from '@/lib/paths';
import { EmptyState } from '@/components/empty-state';
import { ChevronRightIcon, WalletIcon } from '@/components/icons';
import { HideBalancesToggle } from '@/components/hide-balances-toggle';
import { PageFrame } from '@/components/page-frame';
import { PullRefresh } from '@/components/pull-refresh';
import { SkeletonRows } from '@/components/skeleton';
import { useAssetOverview } from '@/lib/asset-overview';
import { formatDateTime } from '@/lib/format-time';
import { useBalancesHidden } from '@/lib/hide-balances';
import { usePrecisions } from '@/lib/precisions';
import { useBalances } from '../api/get-balances';
import { LoadError } from '@/components/load-error';
import { TokenLogo } from '@/components/token-logo';
import { DepositWithdrawLinks } from '../components/deposit-withdraw-links';
import { OpenPnlRows } from '../components/open-pnl-rows';
import { tokenAmountDp } from '../components/token-decimals';
import '@/components/records.css';
import '../components/wallet.css';
import '@/lib/wallet-texts';

export function AssetTotalPage() {
  const { t } = useTranslation();
  const overview = useAssetOverview();
  const balances = useBalances();
  const [hideZero, setHideZero] = useState(false);
  const hidden = useBalancesHidden();

  const refresh = async () => {
    await Promise.all([overview.refetch(), balances.refetch()]);
  };

  return (
    <PageFrame title={t('titles.assetTotal')} className="wallet">
      <PullRefresh onRefresh={refresh}>
        <section className="asset-hero" data-testid="asset-overview">
          <p className="asset-hero__label">
            {t('wallet.totalLabel')}
            <HideBalancesToggle />
          </p>
          <p className="asset-hero__value" data-testid="asset-total-usdt">
            {overview.data ? (hidden ? '****' : `≈ ${valueText(overview.data.totalUsdt)}`) : '--'}
          </p>
          <dl className="asset-hero__split">
            <div>
              <dt>{t('wallet.available')}</dt>
              <dd data-testid="asset-available-usdt">
                {overview.data ? valueText(overview.data.availableUsdt, { hidden }) : '--'}
              </dd>
            </div>
            <div>
              <dt>{t('wallet.frozen')}</dt>
              <dd data-testid="asset-frozen-usdt">
                {overview.data ? valueText(overview.data.frozenUsdt, { hidden }) : '--'}
              </dd>
            </div>
            {overview.data && overview.data.openPositions > 0 && (
              <OpenPnlRows overview={overview.data} hidden={hidden} testIdPrefix="asset" />
            )}
          </dl>
          {overview.data && (
            <p className="asset-hero__note">
              {t('wallet.pricedAt', { time: formatDateTime(overview.data.pricedAt) })}
            </p>
          )}
          <DepositWithdrawLinks />
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
          error={balances.isError && !balances.data ? balances.error : null}
          retry={() => void balances.refetch()}
          hideZero={hideZero}
          hidden={hidden}
        />
      </PullRefresh>
    </PageFrame>
  );
}

function BalanceList(props: {
  balances: Balance[] | undefined;
  error: unknown;
  retry: () => void;
  hideZero: boolean;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const precisions = usePrecisions();
  if (props.error) return <LoadError error={props.error} onRetry={props.retry} />;
  if (!props.balances) return <SkeletonRows count={4} avatar />;

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

  const hidden = { hidden: props.hidden };
  return (
    <ul className="record-list" data-testid="asset-list">
      {shown.map((b) => {
        const dp = tokenAmountDp(precisions, b.token, b.amountDp);
        return (
          <li key={b.token}>
            {/* Two fixed lines per row, so rows keep one height whatever the figures. */}
            <Link
              to={`${paths.token}?id=${encodeURIComponent(b.token)}`}
              className="record-item asset-row"
              data-testid={`asset-row-${b.token}`}
            >
              <TokenLogo symbol={b.token} />
              <span className="asset-row__lines">
                <span className="asset-row__line">
                  <span className="asset-row__symbol">{b.token}</span>
                  <span className="asset-row__total" data-testid="asset-row-total">
                    {amountText(b.total, dp, hidden)}
                  </span>
                </span>
                <span className="asset-row__line asset-row__meta">
                  <span className="asset-row__figure">
                    {t('wallet.frozen')}{' '}
                    <b data-testid="asset-row-frozen">{amountText(b.frozen, dp, hidden)}</b>
                  </span>
                  <span className="asset-row__usdt" data-testid="asset-row-usdt">
                    {/* Hidden, **** alone: no ≈ of a figure nobody sees. */}
                    {props.hidden ? '****' : t('wallet.approx', { value: valueText(b.usdtValue) })}
                  </span>
                </span>
              </span>
              <ChevronRightIcon size={16} className="asset-row__go" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
