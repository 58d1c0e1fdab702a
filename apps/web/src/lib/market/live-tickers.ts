// The tickers channel writes into the query cache: each frame's tickers (the server has worked out their
// 24 h change, high and low) replace those pairs' figures in GET /tickers' cached answer, and a
// reconnect or a missed frame (the socket's resync) loads that answer again (CONVENTIONS 20). One
// subscription per query client, however many screens show the tickers. (Home's first screen, which
// has no query client, moves its own copy the same way: hooks/use-first-screen-tickers.ts.)
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Ticker, TickerMove } from '@tradeflip/api';
import { marketSocket } from '@/lib/live/market-socket';

/** The list with each moved pair's figures replaced (the same list when none of its pairs moved). */
export function moveTickers(list: Ticker[], moves: readonly TickerMove[]): Ticker[] {
  const moved = new Map(moves.map((move) => [move.symbol, move]));
  if (!list.some((row) => moved.has(row.symbol))) return list;
  return list.map((row) => {
    const move = moved.get(row.symbol);
    // A tick is fresh by definition.
    return move ? { ...row, ...move, stale: false } : row;
  });
}

/**
 * Listens to the tickers channel: `move` gets each frame's tickers, `reload` is told when frames may
 * have been missed (a reconnect, a gap). Returns the function that stops listening.
 */
export function listenToTickers(move: (moves: TickerMove[]) => void, reload: () => void): () => void {
  return marketSocket.subscribe({ channel: 'tickers' }, (message) => {
    if (message.type === 'resync') reload();
    else if (message.type === 'ticks') move(message.list);
  });
}

const following = new WeakMap<QueryClient, { screens: number; stop: () => void }>();

/**
 * Keeps `client`'s cached tickers (GET /tickers' answer, at `queryKey`) moving while a screen shows
 * them; the returned function is that screen's goodbye (the channel is left with the last one).
 */
export function followTickers(client: QueryClient, queryKey: QueryKey): () => void {
  let entry = following.get(client);
  if (!entry) {
    const reload = () => void client.refetchQueries({ queryKey });
    // Nobody listened for a while: a list already cached missed what moved meanwhile.
    if (client.getQueryData(queryKey)) reload();
    const stop = listenToTickers(
      (moves) =>
        client.setQueryData<{ list: Ticker[] }>(
          queryKey,
          (current) => current && { list: moveTickers(current.list, moves) },
        ),
      reload,
    );
    entry = { screens: 0, stop };
    following.set(client, entry);
  }
  const current = entry;
  current.screens += 1;
  return () => {
    current.screens -= 1;
    if (current.screens > 0) return;
    current.stop();
    following.delete(client);
  };
}
