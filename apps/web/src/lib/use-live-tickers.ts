// Every enabled pair's ticker, moving: the list from GET /api/app/market/tickers, then each frame of
// the WebSocket's tickers channel moves the price and the 24 h change (worked out from the price 24 h
// ago, which the first answer implies), and a reconnect or a missed frame loads the list again. Home's
// market list and the contract game's header use it.
import { useEffect, useState } from 'react';
import type { Ticker } from '@tradeflip/contract';
import { Decimal } from '@tradeflip/money';
import { getTickers } from './get-tickers';
import { marketSocket } from './market-socket';

export interface LiveTicker extends Ticker {
  /** The price 24 h ago, so each tick's change can be worked out here. */
  open24h: Decimal;
}

function toLive(ticker: Ticker): LiveTicker {
  const change = new Decimal(ticker.change24h);
  const open24h = new Decimal(ticker.price).div(change.div(100).add(1));
  return { ...ticker, open24h };
}

/** The tickers (null until loaded) and whether the first load failed. */
export function useLiveTickers(): { tickers: LiveTicker[] | null; failed: boolean } {
  const [tickers, setTickers] = useState<LiveTicker[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const load = (first: boolean) =>
      getTickers(controller.signal)
        .then(({ list }) => {
          setTickers(list.map(toLive));
          setFailed(false);
        })
        .catch(() => {
          if (first && !controller.signal.aborted) setFailed(true);
        });
    void load(true);
    const stop = marketSocket.subscribe({ channel: 'tickers' }, (message) => {
      // Ticks may have been missed (a reconnect, a gap): the list is loaded again.
      if (message.type === 'resync') void load(false);
      if (message.type !== 'ticks') return;
      const moved = new Map(message.list.map((tick) => [tick.symbol, tick]));
      setTickers(
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
              high24h: Decimal.max(row.high24h, price).toFixed(),
              low24h: Decimal.min(row.low24h, price).toFixed(),
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

  return { tickers, failed };
}
