// The loop every background job runs on (CONVENTIONS 14): one leader across the processes sharing a
// database, by a lease row (lease.ts) that the leader renews on each pass and, while its loop runs, on
// a timer every third of the lease (during a long pass too, and between passes longer apart than the
// lease), and that others take once it has expired. A follower asks at least four times a lease (unless
// its job says otherwise), so a killed leader is replaced within 1.25 × `leaseMs`. A leader paused longer than its lease (a GC, a
// slow database) may briefly lead beside its successor: every job is safe with that, its work
// claimed by row state (a settled flip, a sent withdrawal, a paid reward is skipped). A pass that throws is logged and retried
// with a growing pause; stop() ends the loop after the pass in progress and gives the lease up, so
// another process takes over at once. A job may name a gate (`standBy`): while it is closed this
// process takes no lease and gives up the one it holds, so a process fit to lead takes over. The job
// itself is a plain function of its module.
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
  error(obj: object, msg: string): void;
}

const silentLog: LoopLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Why this process must not lead a job now. */
export interface StandBy {
  reason: string;
  /** Only waiting for what a fresh start has not had yet (not an error: no log). */
  starting?: boolean;
}

/** What a job that settles at the mark is started with (the contract engine, the flip settler). */
export interface MarkSettledJobDeps {
  db: Queryable;
  clock: Clock;
  intervalMs?: number;
  leaseMs?: number;
  log?: LoopLog;
  /** Why this process must not lead now (it settles at the mark: one that hears none must not). */
  standBy?: () => StandBy | undefined;
}

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
  /** How long the lease outlives its last renewal (DEFAULT_LEASE_MS by default). */
  leaseMs?: number;
  /** How often a follower asks for the lease; default the interval, at most a quarter lease. */
  followerIntervalMs?: number;
  /** This process's name in the lease; unique by default. */
  holder?: string;
  log?: LoopLog;
  /** One pass, run only while this process holds the lease. */
  work: (lease: Lease) => Promise<R>;
  /** Called at a pass that found the lease held by another process (stop anything only a leader does). */
  follower?: () => void;
  /** Whether to run the next pass at once (e.g. a watcher still behind the chain's head). */
  again?: (result: R) => boolean;
  /**
   * Why this process must not lead now (e.g. it hears no market marks to settle at); undefined when
   * it may. Asked at every pass: while it answers, the lease is neither taken nor renewed, one held is
   * given up at once, and the reason is logged as an error once (and once when it may lead again).
   */
  standBy?: () => StandBy | undefined;
}

/**
 * A job's lease unless it names its own: a killed leader's jobs are taken over within 10 s whatever
 * their interval (the renewal timer keeps it). The jobs that move money on a price name shorter ones.
 */
export const DEFAULT_LEASE_MS = 5_000;

/**
 * The lease of the jobs that move money on a price (the feed, the contract engine, the flip settler):
 * a killed leader's are taken over within 2.5 s, so prices, liquidations and expiries wait no longer.
 */
export const PRICE_JOB_LEASE_MS = 2_000;

/** How often the leader renews its lease, as a share of the lease. */
const RENEWALS_PER_LEASE = 3;
/** How often a follower asks for the lease, as a share of the lease (at most its interval). */
const FOLLOWER_ASKS_PER_LEASE = 4;

export type PassOutcome<R> = { leader: true; result: R } | { leader: false };

export class LeasedLoop<R = void> {
  readonly name: string;
  private readonly holder: string;
  readonly leaseMs: number;
  private readonly followerIntervalMs: number;
  private readonly log: LoopLog;
  private renewal: NodeJS.Timeout | undefined;
  /** The timer's renewal in flight: stop() waits for it, so it cannot land after the release. */
  private renewing: Promise<void> | undefined;
  private running: Promise<PassOutcome<R>> | undefined;
  private loop: Promise<void> | undefined;
  private stopped = true;
  private wakeUp: (() => void) | undefined;
  private wakeRequested = false;
  /** The lease may be this process's (it was taken and not given up since). */
  private mayHold = false;
  /** This process led at its last take or renewal of the lease (what the log last said). */
  private leading = false;
  /** Standing by: quietly after a start, or since an error was logged. */
  private standing: 'starting' | 'logged' | undefined;

  constructor(private readonly options: LeasedLoopOptions<R>) {
    this.name = options.name;
    this.holder = options.holder ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.followerIntervalMs =
      options.followerIntervalMs ??
      Math.min(options.intervalMs, Math.ceil(this.leaseMs / FOLLOWER_ASKS_PER_LEASE));
    this.log = options.log ?? silentLog;
  }

  private async acquire(): Promise<boolean> {
    const { db, clock } = this.options;
    const held = await acquireLease(db, this.name, this.holder, clock.now(), this.leaseMs);
    if (held) this.mayHold = true;
    // Each change of leader is in the log: who ran a job when is an operator's first question.
    if (held !== this.leading) {
      this.leading = held;
      this.log.info(
        { worker: this.name, holder: this.holder },
        held ? `${this.name}: this process leads` : `${this.name}: another process leads`,
      );
    }
    return held;
  }

  /** Renews the lease (unless the gate closed); false when it was lost. */
  private async renew(): Promise<boolean> {
    return !this.options.standBy?.() && (await this.acquire());
  }

  /** While the loop runs (not for a bare tick()) and this process leads: renewed on a timer. */
  private keepRenewing(): void {
    if (this.renewal || this.stopped || !this.mayHold) return;
    this.renewal = setInterval(
      () => {
        if (this.stopped || !this.mayHold) return this.stopRenewing();
        if (this.renewing) return;
        this.renewing = this.renew()
          .then(
            (held) => {
              if (!held) this.stopRenewing();
            },
            // A failed renewal is tried again at the next; a lasting fault fails the passes, logged.
            () => undefined,
          )
          .finally(() => (this.renewing = undefined));
      },
      Math.max(1, Math.floor(this.leaseMs / RENEWALS_PER_LEASE)),
    );
    this.renewal.unref();
  }

  private stopRenewing(): void {
    clearInterval(this.renewal);
    this.renewal = undefined;
  }

  /** Whether the gate keeps this process from leading now; if so, a lease it may hold is given up. */
  private async standingBy(): Promise<boolean> {
    const standBy = this.options.standBy?.();
    if (!standBy) {
      if (this.standing === 'logged') this.log.info({ worker: this.name }, `${this.name}: may lead again`);
      this.standing = undefined;
      return false;
    }
    if (this.mayHold) {
      await releaseLease(this.options.db, this.name, this.holder);
      this.mayHold = false;
      this.leading = false;
    }
    if (standBy.starting) this.standing ??= 'starting';
    else if (this.standing !== 'logged') {
      this.standing = 'logged';
      this.log.error(
        { worker: this.name, reason: standBy.reason },
        `${this.name}: this process does not lead: ${standBy.reason}`,
      );
    }
    return true;
  }

  /** One pass now, if this process holds (or takes) the lease; a call while one runs answers that one. */
  tick(): Promise<PassOutcome<R>> {
    this.running ??= (async (): Promise<PassOutcome<R>> => {
      if ((await this.standingBy()) || !(await this.acquire())) {
        this.stopRenewing();
        this.options.follower?.();
        return { leader: false };
      }
      this.keepRenewing();
      return { leader: true, result: await this.options.work({ renew: () => this.renew() }) };
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
          if (!outcome.leader) delay = this.followerIntervalMs;
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
    this.stopRenewing();
    this.wakeUp?.();
    await this.loop;
    await this.running?.catch(() => undefined);
    await this.renewing;
    this.loop = undefined;
    await releaseLease(this.options.db, this.name, this.holder).catch(() => undefined);
    if (this.leading) this.log.info({ worker: this.name }, `${this.name}: this process gave the lead up`);
    this.leading = false;
  }
}
