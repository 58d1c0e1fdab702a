// The market list (Home's, and the game's pair switcher): each pair's last price (rounded half-up to
// the pair's decimals, zeros kept so the row keeps its width from tick to tick), its 24 h change in
// percent coloured by direction (the person's up colour), updating with every tick from the WebSocket.
// A row opens that pair's contract game, or what the list is told (Lightning Flip's pair switcher opens
// the pair's flip page, among the pairs flips are offered on). Loaded after the first paint, so `/`
// stays light.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal, formatNumber } from '@tradeflip/money';
import { TokenLogo } from '@/components/token-logo';
import { SkeletonRows } from '@/components/skeleton';
import { gamePath } from '@/lib/paths';
import { useTickers } from '@/lib/market/tickers-query';
import '@/components/records.css';
import './ticker-list.css';

export function TickerList({
  pathOf = gamePath,
  only,
}: {
  /** Where a row leads: the pair's contract game by default. */
  pathOf?: (symbol: string) => string;
  /** The pairs listed: every one by default. */
  only?: (symbol: string) => boolean;
} = {}) {
  const { t } = useTranslation();
  const { tickers, failed } = useTickers();
  const rows = only ? tickers?.filter((row) => only(row.symbol)) : tickers;

  if (failed && !rows) {
    return (
      <p className="tickers__error" role="status" data-testid="tickers-error">
        {t('home.marketsFailed')}
      </p>
    );
  }
  if (!rows) return <SkeletonRows count={6} avatar />;
  return (
    <ul className="record-list tickers" data-testid="tickers">
      {rows.map((row) => {
        const change = new Decimal(row.change24h);
        const tone = change.gt(0) ? 'is-up' : change.lt(0) ? 'is-down' : '';
        return (
          <li key={row.symbol}>
            <Link to={pathOf(row.symbol)} className="record-item ticker" data-testid={`ticker-${row.symbol}`}>
              <TokenLogo symbol={row.base} size={32} />
              <span className="ticker__pair">
                <b>{row.base}</b>
                <small>/{row.quote}</small>
              </span>
              <span className="ticker__price" data-testid="ticker-price">
                {formatNumber(row.price, 'price', { dp: row.priceDp, fixed: true })}
              </span>
              <span
                className={`ticker__change ${row.stale ? 'is-paused' : tone}`}
                data-testid="ticker-change"
              >
                {row.stale ? t('home.stale') : formatNumber(row.change24h, 'percent', { signed: true })}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
