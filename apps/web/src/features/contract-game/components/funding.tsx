// The pair's funding before an order is opened, as the exchanges show it: the rate and the time to the
// next charge (packages/money's nextFundingTime, on the server's clock), in the game's header and on
// the order form. Each counts down in a component of its own, so the second's tick re-renders a line,
// not the order form.
import { useTranslation } from 'react-i18next';
import type { GamePair } from '@tradeflip/api';
import { Decimal, formatNumber, nextFundingTime } from '@tradeflip/money';
import { formatDuration } from '@/lib/format-time';
import { useNow } from '@/lib/use-now';

type FundingTerms = Pick<GamePair, 'fundingRate' | 'fundingIntervalSeconds'>;

/** The rate per interval in percent, to 4 decimals as exchanges write it (0.0001 → 0.0100%). */
export function fundingRateText(pair: FundingTerms): string {
  return formatNumber(new Decimal(pair.fundingRate).mul(100), 'percent', { dp: 4 });
}

/** The time left to the pair's next charge, HH:mm:ss, ticking every second. */
function useFundingCountdown(pair: FundingTerms): string {
  const now = useNow(1000);
  return formatDuration(nextFundingTime(now, pair.fundingIntervalSeconds).getTime() - now);
}

/**
 * The header's stat: "Funding / Countdown  0.0100% / 03:12:45". Without the pair's terms (still
 * loading) it holds its row with '--', so the header keeps its height when they come.
 */
export function FundingStat({ pair }: { pair: FundingTerms | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="pair-head__funding">
      <dt>{t('order.fundingHead')}</dt>
      <dd data-testid="pair-funding">
        {pair ? (
          <>
            {fundingRateText(pair)} / <FundingCountdown pair={pair} />
          </>
        ) : (
          '--'
        )}
      </dd>
    </div>
  );
}

function FundingCountdown({ pair }: { pair: FundingTerms }) {
  return <span data-testid="pair-funding-countdown">{useFundingCountdown(pair)}</span>;
}

/** The order form's line: the rate, its interval and the time to the next charge. */
export function FundingLine({ pair }: { pair: FundingTerms }) {
  const { t } = useTranslation();
  const left = useFundingCountdown(pair);
  const hours = formatNumber(new Decimal(pair.fundingIntervalSeconds).div(3600), 'amount', { dp: 2 });
  return (
    <p className="order-panel__funding" data-testid="order-funding">
      {t('order.fundingLine', { rate: fundingRateText(pair), hours, time: left })}
    </p>
  );
}
