// How ticks reach every API process (DESIGN §6, issue 10). One process leads the feed (a database
// lease); it applies each step's ticks itself and publishes them here. On the embedded default there
// is one process and the relay is a no-op; with REDIS_URL the ticks and the operators' changes (a
// pinned price, a pair switched off) go through Redis pub/sub to every other API process, so several
// processes behind a load balancer push the same stream. A process skips its own messages.
import { randomUUID } from 'node:crypto';
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
  z.object({
    kind: z.literal('ticks'),
    list: z.array(tick),
    marks: z.array(tick).optional(),
    /** Made by an operator's pin, not by the feed: says nothing of whether the feed is heard. */
    pinned: z.literal(true).optional(),
  }),
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
  /** Rejects when the relay cannot carry messages now (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** One process: nobody else to tell. */
export class LocalRelay implements MarketRelay {
  publish(): void {}
  subscribe(): void {}
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

/**
 * The pub/sub channel of the processes sharing one database: named by the database's own id
 * (db/identity.ts), so every process reaching it hears the same stream however its DATABASE_URL is
 * written, and deployments on other databases sharing one Redis never hear each other.
 */
export function relayChannel(databaseId: string): string {
  return `tradeflip:market:${databaseId}`;
}

export interface RedisRelayLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
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
      // Each reconnection attempt fails with an error: logged as the outage starts, then once a
      // minute with how many came meanwhile, and as it ends.
      let silencedUntil = 0;
      let since = 0;
      client.on('error', (err) => {
        const now = Date.now();
        if (now < silencedUntil) {
          since += 1;
          return;
        }
        this.log?.warn({ err, ...(since > 0 && { errorsSince: since }) }, 'market relay: Redis error');
        silencedUntil = now + 60_000;
        since = 0;
      });
      client.on('ready', () => {
        if (silencedUntil === 0) return;
        this.log?.info({ errorsSince: since }, 'market relay: Redis answers again');
        silencedUntil = 0;
        since = 0;
      });
    }
    this.subscriber.on('message', (_channel: string, raw: string) => this.receive(raw));
    this.ready = this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  /** Both connections up: the publisher answers (it queues nothing offline) and the listener is subscribed. */
  async ping(): Promise<void> {
    if (this.subscriber.status !== 'ready')
      throw new Error(`the listening connection is ${this.subscriber.status}`);
    await this.publisher.ping();
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

  /**
   * Says goodbye to a Redis that answers (within 1 s), and drops the connection to one that does not:
   * QUIT waits for a connection, so a shutdown with Redis away would wait until it came back.
   */
  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map(async (client) => {
        if (client.status === 'ready') {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            client.quit().catch(() => undefined),
            new Promise((resolve) => (timer = setTimeout(resolve, 1000))),
          ]);
          clearTimeout(timer);
        }
        client.disconnect();
      }),
    );
  }
}
