// The schemas of the market routes (../routes/market.ts), as values for the server.
import { candleList, candleQuery, tickerList } from '../market';

export const market = {
  tickers: { answer: tickerList },
  candles: { query: candleQuery, answer: candleList },
};
