// Home's market list: each pair's last price (rounded half-up to the pair's decimals), its 24 h change
// in percent coloured by direction (the person's up colour), updating with every tick from the
// WebSocket. A row opens that pair's contract game. Loaded after the first paint, so `/` stays light.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Ticker } from '@tradeflip/contract';
import { Decimal, formatNumber } from '@tradeflip/money';
import { TokenLogo } from '@/components/token-logo';
import { SkeletonRows } from '@/components/skeleton';
import { marketSocket } from '@/lib/market-socket';
import { paths } from '@/lib/paths';
import { getTickers } from '../api/get-tickers';
import '@/components/records.css';

interface Row extends Ticker {
  /** The price 24 h ago, so each tick's change can be worked out here. */
  open24h: Decimal;
}

function toRow(ticker: Ticker): Row {
  const change = new Decimal(ticker.change24h);
  const open24h = new Decimal(ticker.price).div(change.div(100).add(1));
  return { ...ticker, open24h };
}

export function TickerList() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getTickers(controller.signal)
      .then(({ list }) => setRows(list.map(toRow)))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    const stop = marketSocket.subscribe({ channel: 'tickers' }, (message) => {
      if (message.type !== 'ticks') return;
      const moved = new Map(message.list.map((tick) => [tick.symbol, tick]));
      setRows(
        (current) =>
          current?.map((row) => {
            const tick = moved.get(row.symbol);
            if (!tick) return row;
            const price = new Decimal(tick.price);
            const change = row.open24h.isZero()
              ? new Decimal(0)
              : price.sub(row.open24h).div(row.open24h).mul(100);
            return {
              ...row,
              price: tick.price,
              time: tick.time,
              change24h: change.toFixed(4),
              stale: false,
            };
          }) ?? current,
      );
    });
    return () => {
      controller.abort();
      stop();
    };
  }, []);

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
            <Link
              to={`${paths.game}?symbol=${encodeURIComponent(row.symbol)}`}
              className="record-item ticker"
              data-testid={`ticker-${row.symbol}`}
            >
              <TokenLogo symbol={row.base} size={32} />
              <span className="ticker__pair">
                <b>{row.base}</b>
                <small>/{row.quote}</small>
              </span>
              <span className="ticker__price" data-testid="ticker-price">
                {formatNumber(row.price, 'price', { dp: row.priceDp })}
              </span>
              <span className={`ticker__change ${tone}`} data-testid="ticker-change">
                {row.stale ? t('home.stale') : formatNumber(row.change24h, 'percent', { signed: true })}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
