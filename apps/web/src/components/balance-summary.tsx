// The signed-in user's total approximate USDT value, shown on Home and Profile; taps through to
// Total assets.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayValuation } from '@tradeflip/money';
import { paths } from '@/lib/paths';
import { useAssetOverview } from '@/lib/asset-overview';
import { ChevronRightIcon, WalletIcon } from './icons';
import './balance-summary.css';
import '@/lib/wallet-texts';

export function BalanceSummary() {
  const { t } = useTranslation();
  const overview = useAssetOverview();
  return (
    <Link to={paths.assetTotal} className="balance-summary" data-testid="balance-summary">
      <span className="balance-summary__icon" aria-hidden="true">
        <WalletIcon size={22} />
      </span>
      <span className="balance-summary__main">
        <span className="balance-summary__label">{t('wallet.totalLabel')}</span>
        <span className="balance-summary__value" data-testid="balance-summary-total">
          {overview.data ? `≈ ${displayValuation(overview.data.totalUsdt)}` : '--'}
        </span>
      </span>
      <span className="balance-summary__go">
        {t('wallet.viewAssets')}
        <ChevronRightIcon size={16} />
      </span>
    </Link>
  );
}
