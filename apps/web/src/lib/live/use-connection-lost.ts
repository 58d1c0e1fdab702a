// Whether the live connection is lost (lib/market-socket): the game's paused prices then say it is the
// connection, not the market, that stopped.
import { useSyncExternalStore } from 'react';
import { marketSocket } from './market-socket';

export function useConnectionLost(): boolean {
  return useSyncExternalStore(marketSocket.onConnection, marketSocket.isConnectionLost, () => false);
}
