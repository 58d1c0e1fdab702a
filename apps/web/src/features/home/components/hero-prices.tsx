// Home's first screen: the leading pairs' last prices, moving with every tick from the WebSocket
// (useFirstScreenTickers), each with its 24 h change in the person's up/down colour; a row opens that
// pair's contract game. Light on purpose (exact string arithmetic, no decimal.js, no logos, no query
// client): it is part of `/`.
// Until the prices arrive (and in the prerendered page) its rows hold their place.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { compareDecimal, formatChangeExact, formatPriceExact } from '@tradeflip/money/exact';
import { gamePath } from '@/lib/paths';
import { useFirstScreenTickers } from '@/lib/market/use-first-screen-tickers';

/** How many pairs the first screen shows, in the market's display order. */
export const HERO_PAIRS = 3;

export function HeroPrices() {
  const { t } = useTranslation();
  const { tickers, failed } = useFirstScreenTickers();
  const rows = tickers?.slice(0, HERO_PAIRS);
  if (failed && !tickers) {
    return (
      <p className="hero-prices hero-prices--failed" role="status" data-testid="hero-prices-failed">
        {t('home.marketsFailed')}
      </p>
    );
  }
  return (
    <ul className="hero-prices" data-testid="hero-prices" aria-busy={!rows} aria-label={t('home.markets')}>
      {rows
        ? rows.map((row) => {
            const direction = compareDecimal(row.change24h, '0');
            const tone = row.stale ? 'is-paused' : direction > 0 ? 'is-up' : direction < 0 ? 'is-down' : '';
            return (
              <li key={row.symbol}>
                <Link
                  to={gamePath(row.symbol)}
                  className="hero-prices__row"
                  data-testid={`hero-price-${row.symbol}`}
                >
                  <span className="hero-prices__pair">
                    {row.base}
                    <small>/{row.quote}</small>
                  </span>
                  <span className={`hero-prices__price ${row.stale ? '' : tone}`} data-testid="hero-price">
                    {formatPriceExact(row.price, row.priceDp)}
                  </span>
                  <span className={`hero-prices__change ${tone}`} data-testid="hero-change">
                    {row.stale ? t('home.stale') : formatChangeExact(row.change24h)}
                  </span>
                </Link>
              </li>
            );
          })
        : Array.from({ length: HERO_PAIRS }, (_, i) => (
            <li key={i}>
              <span className="hero-prices__row">
                <span className="hero-prices__pair">--</span>
                <span className="hero-prices__price">--</span>
                <span className="hero-prices__change">--</span>
              </span>
            </li>
          ))}
    </ul>
  );
}
