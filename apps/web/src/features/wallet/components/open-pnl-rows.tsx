// Beside available and frozen on Total assets and USDT's page, while positions are open: their
// unrealized PnL (the cards' headlines summed) and what closing them now would add after the close
// fees, the part of the total beside available and frozen (available + frozen + it = the total).
// In USDT, every position's margin token, at its decimals, as the cards write them.
import { useTranslation } from 'react-i18next';
import type { AssetOverview } from '@tradeflip/api';
import { amountDpOf } from '@tradeflip/money';
import { changeText } from '@/lib/figures';
import { usePrecisions } from '@/lib/precisions';

export function OpenPnlRows({
  overview,
  hidden,
  testIdPrefix,
}: {
  overview: AssetOverview;
  hidden: boolean;
  testIdPrefix: 'asset' | 'token';
}) {
  const { t } = useTranslation();
  const dp = amountDpOf(usePrecisions(), 'USDT');
  return (
    <>
      <div>
        <dt>{t('pnl.unrealized')}</dt>
        <dd data-testid={`${testIdPrefix}-unrealized`}>
          {changeText(overview.unrealizedPnlUsdt, dp, { hidden })}
        </dd>
      </div>
      <div>
        <dt>{t('pnl.closeNow')}</dt>
        <dd data-testid={`${testIdPrefix}-close-now`}>{changeText(overview.closeNowUsdt, dp, { hidden })}</dd>
      </div>
    </>
  );
}
