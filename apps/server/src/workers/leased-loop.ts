// The loop every background job runs on (CONVENTIONS 14): one leader across the processes sharing a
// database, by a lease row (lease.ts) that the leader renews on each pass and others take once it has
// expired, so a killed leader is replaced within `leaseMs`. A pass that throws is logged and retried
// with a growing pause; stop() ends the loop after the pass in progress and gives the lease up, so
// another process takes over at once. The job itself is a plain function of its module.
// Home-made: job queues (pg-boss, BullMQ) run many short jobs each once; these are a single
// long-lived poller per name that must run on exactly one process, which a lease states directly.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Clock } from '../clock';
import type { Queryable } from '../db/client';
import { acquireLease, releaseLease } from './lease';

export interface LoopLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const silentLog: LoopLog = { info: () => undefined, warn: () => undefined };

export interface Lease {
  /** Extends the lease during a long pass; false when it was lost (stop the pass). */
  renew(): Promise<boolean>;
}

export interface LeasedLoopOptions<R> {
  /** One leader per name across processes, e.g. `chain-watcher:ERC20`. */
  name: string;
  db: Queryable;
  clock: Clock;
  /** Pause between the end of one pass and the start of the next. */
  intervalMs: number;
  /** How long the lease outlives its last renewal; default 10 intervals, at least 30 s. */
  leaseMs?: number;
  /** This process's name in the lease; unique by default. */
  holder?: string;
  log?: LoopLog;
  /** One pass, run only while this process holds the lease. */
  work: (lease: Lease) => Promise<R>;
  /** Called at a pass that found the lease held by another process (stop anything only a leader does). */
  follower?: () => void;
  /** Whether to run the next pass at once (e.g. a watcher still behind the chain's head). */
  again?: (result: R) => boolean;
}

export type PassOutcome<R> = { leader: true; result: R } | { leader: false };

export class LeasedLoop<R = void> {
  readonly name: string;
  private readonly holder: string;
  private readonly leaseMs: number;
  private readonly log: LoopLog;
  private running: Promise<PassOutcome<R>> | undefined;
  private loop: Promise<void> | undefined;
  private stopped = true;
  private wakeUp: (() => void) | undefined;
  private wakeRequested = false;

  constructor(private readonly options: LeasedLoopOptions<R>) {
    this.name = options.name;
    this.holder = options.holder ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? Math.max(30_000, options.intervalMs * 10);
    this.log = options.log ?? silentLog;
  }

  private acquire(): Promise<boolean> {
    const { db, clock } = this.options;
    return acquireLease(db, this.name, this.holder, clock.now(), this.leaseMs);
  }

  /** One pass now, if this process holds (or takes) the lease; a call while one runs answers that one. */
  tick(): Promise<PassOutcome<R>> {
    this.running ??= (async (): Promise<PassOutcome<R>> => {
      if (!(await this.acquire())) {
        this.options.follower?.();
        return { leader: false };
      }
      return { leader: true, result: await this.options.work({ renew: () => this.acquire() }) };
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Passes every intervalMs (at once when `again` says so, or after wake()) until stop(). */
  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.loop = (async () => {
      let failures = 0;
      while (!this.stopped) {
        let delay = this.options.intervalMs;
        try {
          const outcome = await this.tick();
          if (failures > 0) this.log.info({ worker: this.name }, 'worker recovered');
          failures = 0;
          if (outcome.leader && this.options.again?.(outcome.result)) delay = 0;
        } catch (error) {
          failures += 1;
          // Logged at the first failure, then every tenth, with a growing pause.
          if (failures === 1 || failures % 10 === 0) {
            this.log.warn({ worker: this.name, err: error, failures }, 'worker pass failed');
          }
          delay = Math.min(30_000, this.options.intervalMs * 2 ** Math.min(failures, 5));
        }
        if (this.stopped) break;
        if (this.wakeRequested) delay = 0;
        this.wakeRequested = false;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = undefined;
      }
    })();
  }

  /** Runs the next pass at once (e.g. new work arrived); a pass in progress is followed by another. */
  wake(): void {
    if (this.stopped) return;
    if (this.wakeUp) this.wakeUp();
    else this.wakeRequested = true;
  }

  /** Ends the loop after the pass in progress and gives the lease up. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.loop;
    await this.running?.catch(() => undefined);
    this.loop = undefined;
    await releaseLease(this.options.db, this.name, this.holder).catch(() => undefined);
  }
}
