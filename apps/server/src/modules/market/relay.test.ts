// The Redis relay while Redis cannot be reached: ioredis fails each reconnection attempt with an
// error, several a second, and the operator's log gets one line as the outage starts, not one each;
// closing it (a shutdown) does not wait for Redis to come back.
import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { RedisRelay } from './relay';

const relays: RedisRelay[] = [];
afterEach(() => Promise.all(relays.splice(0).map((relay) => relay.close())));

/** A port nothing listens on: every connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

it('logs an unreachable Redis once as the outage starts, not at every attempt, and closes without it', async () => {
  const lines: { msg: string; errorsSince?: number }[] = [];
  const log = {
    warn: (obj: object, msg: string) => lines.push({ ...obj, msg }),
    info: (obj: object, msg: string) => lines.push({ ...obj, msg }),
  };
  let errors = 0;
  const relay = new RedisRelay(`redis://127.0.0.1:${await closedPort()}`, log, 'relay-test');
  relays.push(relay);
  // Count the errors the clients meet, beside the relay's own listener.
  for (const client of Object.values(relay as unknown as Record<string, unknown>)) {
    if (client && typeof client === 'object' && 'on' in client && 'status' in client) {
      (client as { on(event: string, listener: () => void): void }).on('error', () => (errors += 1));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(errors).toBeGreaterThan(4);
  // One line per connection (the publisher's and the subscriber's).
  expect(lines.filter((line) => line.msg === 'market relay: Redis error').length).toBeLessThanOrEqual(2);
  await relays.pop()!.close();
}, 10_000);
