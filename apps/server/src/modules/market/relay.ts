// How ticks reach every API process (DESIGN §6, issue 10). One process leads the feed (a database
// lease); it applies each step's ticks itself and publishes them here. On the embedded default there
// is one process and the relay is a no-op; with REDIS_URL the ticks and the operators' changes (a
// pinned price, a pair switched off) go through Redis pub/sub to every other API process, so several
// processes behind a load balancer push the same stream. A process skips its own messages.
import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';

const tick = z.object({
  symbol: z.string(),
  price: z.string(),
  time: z.number().int(),
  /** A live trade's size; the simulated walk counts each tick as 1. */
  volume: z.string().optional(),
});
export type RawTick = z.infer<typeof tick>;

export const relayMessage = z.discriminatedUnion('kind', [
  /** The leader's ticks, and the marks they made (what the games settle at, the same everywhere). */
  z.object({ kind: z.literal('ticks'), list: z.array(tick), marks: z.array(tick).optional() }),
  /** An operator pinned (price) or released (null) a simulated pair. */
  z.object({ kind: z.literal('pin'), symbol: z.string(), price: z.string().nullable() }),
  /** An operator changed the pairs (enabled, order): reload them. */
  z.object({ kind: z.literal('pairs') }),
]);
export type RelayMessage = z.infer<typeof relayMessage>;

export interface MarketRelay {
  /** Sends to every other process. */
  publish(message: RelayMessage): void;
  /** Messages from the other processes. */
  subscribe(handler: (message: RelayMessage) => void): void;
  close(): Promise<void>;
}

/** One process: nobody else to tell. */
export class LocalRelay implements MarketRelay {
  publish(): void {}
  subscribe(): void {}
  async close(): Promise<void> {}
}

/** The pub/sub channel of the processes sharing one database (named by a hash: no password leaks). */
export function relayChannel(database: string): string {
  const url = URL.canParse(database) ? new URL(database) : undefined;
  if (url) url.password = '';
  const id = createHash('sha256')
    .update(url ? url.toString() : database)
    .digest('hex')
    .slice(0, 16);
  return `tradeflip:market:${id}`;
}

export interface RedisRelayLog {
  warn(obj: object, msg: string): void;
}

/** Redis pub/sub: one connection publishes, one (in subscriber mode) listens. */
export class RedisRelay implements MarketRelay {
  private readonly origin = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Set<(message: RelayMessage) => void>();
  private readonly ready: Promise<unknown>;

  constructor(
    url: string,
    private readonly log: RedisRelayLog | undefined,
    private readonly channel: string,
  ) {
    // A lost connection reconnects by itself (ioredis); published ticks in between are dropped, as a
    // live stream would: the next step carries fresh prices.
    this.publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.subscriber = new Redis(url);
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (err) => this.log?.warn({ err }, 'market relay: Redis error'));
    }
    this.subscriber.on('message', (_channel: string, raw: string) => this.receive(raw));
    this.ready = this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  /** Resolves once this process listens (tests wait for it before they publish). */
  listening(): Promise<unknown> {
    return this.ready;
  }

  private receive(raw: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const envelope = z.object({ origin: z.string(), message: relayMessage }).safeParse(parsed);
    if (!envelope.success || envelope.data.origin === this.origin) return;
    for (const handler of this.handlers) handler(envelope.data.message);
  }

  publish(message: RelayMessage): void {
    if (this.publisher.status !== 'ready') return;
    this.publisher
      .publish(this.channel, JSON.stringify({ origin: this.origin, message }))
      .catch(() => undefined);
  }

  subscribe(handler: (message: RelayMessage) => void): void {
    this.handlers.add(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.all(
      [this.publisher.quit(), this.subscriber.quit()].map((done) => done.catch(() => undefined)),
    );
  }
}
