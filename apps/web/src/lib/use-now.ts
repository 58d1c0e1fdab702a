// The time now by the server's clock (lib/server-clock.ts), ticking every `intervalMs`: one clock per
// list for its countdowns and ages.
import { useEffect, useState } from 'react';
import { serverNow } from './server-clock';

export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
