// The market's channels on the WebSocket (plugins/websocket.ts): `tickers` (every pair's ticker as it
// ticks, its 24 h figures worked out here; one frame per feed step) and `candles` of an enabled pair
// and interval.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CandleInterval } from '@tradeflip/api';
import { toWireCandle } from './candles';
import type { MarketService } from './service';

const candleChannel = (symbol: string, interval: CandleInterval) => `candles:${symbol}:${interval}`;

export const marketLive = fp<{ market: MarketService }>(
  async (app: FastifyInstance, { market }) => {
    const hub = app.webSockets;
    hub.channel('tickers', { key: () => 'tickers' });
    hub.channel('candles', {
      key: ({ symbol, interval }) => candleChannel(symbol, interval),
      refuse: ({ symbol }) =>
        market.enabledSymbols().includes(symbol)
          ? undefined
          : { reason: 'validation', key: 'errors.pairUnknown' },
    });

    const stopTicks = market.onTick((batch) => {
      // One frame per step for every pair: 500 clients cost 500 sends a step, not 500 per pair.
      // Worked out only when someone listens (about 1 ms a pair).
      if (hub.has('tickers')) {
        const list = market.movedTickers(batch);
        if (list.length) hub.broadcast('tickers', { type: 'ticks', list });
      }
      for (const candle of batch.candles) {
        hub.broadcast(candleChannel(candle.symbol, candle.interval), {
          type: 'candle',
          symbol: candle.symbol,
          interval: candle.interval,
          candle: toWireCandle(candle),
        });
      }
    });
    app.addHook('onClose', async () => stopTicks());
  },
  { name: 'market-live', dependencies: ['websocket'] },
);
