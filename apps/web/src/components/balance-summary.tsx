// The signed-in user's total approximate USDT value (with the open positions as closing them now would
// leave it, close fees counted: the figure Total assets shows), and under it while any is open their
// unrealized PnL (the sum of the position cards' headlines) and the open flips' count; on Home and Profile; taps through to Total assets.
// The eye masks it (and every other balance).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AssetOverview } from '@tradeflip/api';
import { Decimal, amountDpOf } from '@tradeflip/money';
import { amountText, changeText, valueText } from '@/lib/figures';
import { usePrecisions } from '@/lib/precisions';
import { gamePath, paths } from '@/lib/paths';
import { useNow } from '@/lib/use-now';
import { useAssetOverview } from '@/lib/asset-overview';
import { useBalancesHidden } from '@/lib/hide-balances';
import { HideBalancesToggle } from './hide-balances-toggle';
import { ChevronRightIcon, WalletIcon } from './icons';
import './balance-summary.css';
import '@/lib/wallet-texts';

export function BalanceSummary() {
  const { t } = useTranslation();
  const overview = useAssetOverview();
  const hidden = useBalancesHidden();
  // The PnL is in USDT, every position's margin token, at its decimals (as on the cards).
  const usdtDp = amountDpOf(usePrecisions(), 'USDT');
  return (
    <div className="balance-summary" data-testid="balance-summary">
      <span className="balance-summary__icon" aria-hidden="true">
        <WalletIcon size={22} />
      </span>
      <span className="balance-summary__main">
        <span className="balance-summary__label">
          {t('wallet.totalLabel')}
          <HideBalancesToggle />
        </span>
        <span className="balance-summary__value" data-testid="balance-summary-total">
          {/* Hidden, it reads **** alone: no ≈ of a figure nobody sees. */}
          {overview.data ? (hidden ? '****' : `≈ ${valueText(overview.data.totalUsdt)}`) : '--'}
        </span>
        {overview.data && overview.data.openPositions > 0 && (
          <span className="balance-summary__positions" data-testid="balance-summary-positions">
            {t(overview.data.openPositions === 1 ? 'wallet.openPosition' : 'wallet.openPositions', {
              n: overview.data.openPositions,
            })}
            {' · '}
            {t('pnl.unrealized')}
            {'\u00a0'}
            <b data-testid="balance-summary-pnl">
              {changeText(overview.data.unrealizedPnlUsdt, usdtDp, { hidden })}
            </b>
          </span>
        )}
        {/* Beside them, the Lightning Flip bets still running (their stakes are in the total). */}
        {overview.data && overview.data.openFlips > 0 && (
          <span className="balance-summary__positions" data-testid="balance-summary-flips">
            {t(overview.data.openFlips === 1 ? 'wallet.openFlip' : 'wallet.openFlips', {
              n: overview.data.openFlips,
            })}
          </span>
        )}
      </span>
      {/* The link covers the whole card (::after); the eye sits above it. */}
      <Link to={paths.assetTotal} className="balance-summary__go" data-testid="balance-summary-link">
        {t('wallet.viewAssets')}
        <ChevronRightIcon size={16} />
      </Link>
    </div>
  );
}

/**
 * A game's count of bets still running, on its card on Home (nothing while none): the open
 * positions of the contract game, the open flips of Lightning Flip. From the same overview.
 */
export function OpenPlays({ game }: { game: 'contract' | 'flip' }) {
  const { t } = useTranslation();
  const overview = useAssetOverview().data;
  const n = overview ? (game === 'flip' ? overview.openFlips : overview.openPositions) : 0;
  if (n === 0) return null;
  return (
    <span className="open-plays" data-testid={`open-plays-${game}`}>
      {t('home.running', { n })}
    </span>
  );
}

/**
 * Home's list of the plays still running (nothing while none): the newest contract positions with
 * their unrealized PnL (their cards' headline), the flips soonest to end with their countdown; each opens its game.
 * From the same overview (a few of each; the game cards count them all).
 */
export function OpenPlaysList() {
  const { t } = useTranslation();
  const overview = useAssetOverview().data;
  const hidden = useBalancesHidden();
  const precisions = usePrecisions();
  if (!overview || (overview.positions.length === 0 && overview.flips.length === 0)) return null;
  return (
    <section className="open-plays-list" aria-labelledby="open-plays-title" data-testid="home-open-plays">
      <h2 id="open-plays-title" className="section-title">
        {t('wallet.playsTitle')}
      </h2>
      <ul>
        {overview.positions.map((item) => {
          const direction = new Decimal(item.pnl).cmp(0);
          return (
            <li key={`position-${item.id}`}>
              <Link to={gamePath(item.symbol)} className="open-play" data-testid="home-open-position">
                <span className="open-play__pair">{item.pair}</span>
                <span className={`open-play__side ${item.side === 'long' ? 'is-up' : 'is-down'}`}>
                  {t(item.side === 'long' ? 'wallet.playLong' : 'wallet.playShort', { n: item.leverage })}
                </span>
                <span
                  className={`open-play__figure ${direction > 0 ? 'is-up' : direction < 0 ? 'is-down' : ''}`}
                  data-testid="home-open-position-pnl"
                >
                  {changeText(item.pnl, amountDpOf(precisions, item.token), { hidden })} {item.token}
                </span>
              </Link>
            </li>
          );
        })}
        {overview.flips.length > 0 && <FlipRows flips={overview.flips} />}
      </ul>
    </section>
  );
}

/** The running flips' rows, on one clock for their countdowns (mounted only while there are some). */
function FlipRows({ flips }: { flips: AssetOverview['flips'] }) {
  const { t } = useTranslation();
  const hidden = useBalancesHidden();
  const precisions = usePrecisions();
  const now = useNow(1000);
  return flips.map((item) => {
    const left = Math.ceil((new Date(item.expiresAt).getTime() - now) / 1000);
    return (
      <li key={`flip-${item.id}`}>
        <Link to={paths.flip} className="open-play" data-testid="home-open-flip">
          <span className="open-play__pair">{item.pair}</span>
          <span className={`open-play__side ${item.direction === 'up' ? 'is-up' : 'is-down'}`}>
            {t(item.direction === 'up' ? 'wallet.playUp' : 'wallet.playDown')} ·{' '}
            {amountText(item.stake, amountDpOf(precisions, item.token), { hidden })} {item.token}
          </span>
          <span className="open-play__figure" data-testid="home-open-flip-left">
            {left > 0 ? t('wallet.playLeft', { s: left }) : t('wallet.playSettling')}
          </span>
        </Link>
      </li>
    );
  });
}

// Home's bell comes in this chunk too: signed-in Home loads it anyway, and `/` loads nothing more for it.
export { NoticeBell } from './notices/notice-bell';
