// While a money screen is open, the WebSocket's user channel says when this user's balances moved (the
// server sends it after the ledger's commit): the screen's asset queries refetch at once, instead of
// waiting for their next poll (lib/live-refresh.ts, which stays as the fallback when the socket is
// down). After a reconnect or a missed frame (`resync`) they refetch too.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { marketSocket } from './market-socket';
import { useSession } from './session';

export function useBalanceEvents(): void {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id;
  useEffect(() => {
    if (!userId) return;
    return marketSocket.subscribe({ channel: 'user' }, (message) => {
      if (message.type === 'balances' || message.type === 'resync')
        void queryClient.invalidateQueries({ queryKey: ['asset'] });
    });
  }, [queryClient, userId]);
}
