// The loop every background job runs on: one leader across processes, a lease that expires, a loop
// that stops cleanly and survives a failing pass.
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClock } from '../test/harness';
import { systemClock } from '../clock';
import { acquireLease } from './lease';
import { LeasedLoop, type StandBy } from './leased-loop';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('leased loop', (db) => {
  let serial = 0;

  function loop(
    holder: string,
    clock: TestClock,
    work: () => Promise<number>,
    name: string,
    log?: ConstructorParameters<typeof LeasedLoop>[0]['log'],
  ) {
    return new LeasedLoop<number>({
      name,
      db: db.handle.db,
      clock,
      intervalMs: 10,
      leaseMs: 30_000,
      holder,
      work,
      ...(log && { log }),
    });
  }

  it('lets one holder work at a time; the other takes over once the lease expires', async () => {
    const name = `test-loop-${++serial}`;
    const clock = new TestClock();
    const passes = { a: 0, b: 0 };
    const a = loop('a', clock, async () => ++passes.a, name);
    const b = loop('b', clock, async () => ++passes.b, name);
    expect(await a.tick()).toEqual({ leader: true, result: 1 });
    expect(await b.tick()).toEqual({ leader: false });
    expect(await a.tick()).toEqual({ leader: true, result: 2 });
    // a dies without giving the lease up: b waits until it expires.
    clock.advance(29);
    expect(await b.tick()).toEqual({ leader: false });
    clock.advance(2);
    expect(await b.tick()).toEqual({ leader: true, result: 1 });
    expect(await a.tick()).toEqual({ leader: false });
  });

  it('logs each change of leader: taken, lost to another, given up', async () => {
    const name = `test-loop-${++serial}`;
    const clock = new TestClock();
    const lines: string[] = [];
    const logged = (holder: string) => ({
      info: (_obj: object, msg: string) => lines.push(`${holder}: ${msg}`),
      warn: () => undefined,
      error: () => undefined,
    });
    const make = (holder: string) => loop(holder, clock, async () => 0, name, logged(holder));
    const a = make('a');
    const b = make('b');
    await a.tick();
    await a.tick();
    await b.tick();
    clock.advance(31);
    await b.tick();
    await a.tick();
    await b.stop();
    expect(lines).toEqual([
      `a: ${name}: this process leads`,
      `b: ${name}: this process leads`,
      `a: ${name}: another process leads`,
      `b: ${name}: this process gave the lead up`,
    ]);
  });

  it('gives the lease up on stop, so another process takes over at once', async () => {
    const name = `test-loop-${++serial}`;
    const clock = new TestClock();
    let ticked!: () => void;
    const firstPass = new Promise<void>((resolve) => (ticked = resolve));
    const a = loop('a', clock, async () => (ticked(), 0), name);
    a.start();
    await firstPass;
    await a.stop();
    const b = loop('b', clock, async () => 7, name);
    expect(await b.tick()).toEqual({ leader: true, result: 7 });
  });

  it('keeps running after a failing pass, and stop() ends the loop', async () => {
    const name = `test-loop-${++serial}`;
    const clock = new TestClock();
    let calls = 0;
    let recovered!: () => void;
    const done = new Promise<void>((resolve) => (recovered = resolve));
    const warnings: string[] = [];
    const flaky = new LeasedLoop<number>({
      name,
      db: db.handle.db,
      clock,
      intervalMs: 1,
      holder: 'flaky',
      log: { info: () => undefined, warn: (_obj, msg) => warnings.push(msg), error: () => undefined },
      work: async () => {
        calls += 1;
        if (calls < 3) throw new Error('node unreachable');
        recovered();
        return calls;
      },
    });
    flaky.start();
    await done;
    await flaky.stop();
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(warnings).toEqual(['worker pass failed']);
    // Stopped: a pass now is still possible by hand, but the loop runs none on its own.
    const before = calls;
    expect(await flaky.tick()).toEqual({ leader: true, result: before + 1 });
  });

  it('runs the next pass at once when woken', async () => {
    const name = `test-loop-${++serial}`;
    const clock = new TestClock();
    let passes = 0;
    let second!: () => void;
    const secondPass = new Promise<void>((resolve) => (second = resolve));
    const slow = new LeasedLoop<number>({
      name,
      db: db.handle.db,
      clock,
      intervalMs: 3_600_000,
      holder: 'slow',
      work: async () => {
        passes += 1;
        if (passes === 2) second();
        return passes;
      },
    });
    slow.start();
    slow.wake();
    await secondPass;
    await slow.stop();
    expect(passes).toBe(2);
  });

  it('stands by while its gate names a reason: takes no lease, gives one up at once, logs once', async () => {
    const name = `test-loop-${++serial}`;
    const clock = new TestClock();
    let standBy: StandBy | undefined = { reason: 'no marks yet', starting: true };
    const logged: { level: string; msg: string; reason?: string }[] = [];
    const log = (level: string) => (obj: object, msg: string) =>
      logged.push({
        level,
        msg,
        ...((obj as { reason?: string }).reason && { reason: (obj as { reason: string }).reason }),
      });
    // What the gate logs (the changes of leader are logged too, tested above).
    const gateLines = () => logged.filter((line) => !line.msg.endsWith(' leads'));
    let followed = 0;
    const gated = new LeasedLoop<string>({
      name,
      db: db.handle.db,
      clock,
      intervalMs: 10,
      leaseMs: 30_000,
      holder: 'gated',
      log: { info: log('info'), warn: log('warn'), error: log('error') },
      standBy: () => standBy,
      follower: () => (followed += 1),
      work: async () => 'gated',
    });
    const other = loop('other', clock, async () => 1, name);
    // Just started: it waits for what it needs quietly, holding no lease (another process may lead).
    expect(await gated.tick()).toEqual({ leader: false });
    expect(gateLines()).toEqual([]);
    // Fit to lead: it takes the free lease.
    standBy = undefined;
    expect(await gated.tick()).toEqual({ leader: true, result: 'gated' });
    expect(await other.tick()).toEqual({ leader: false });
    // No longer fit: it gives the lease up at once (no waiting for it to expire), another takes it,
    // and the reason is logged as an error once, however many passes it stands by.
    standBy = { reason: 'no price mark heard for 11 s' };
    for (let pass = 0; pass < 5; pass++) expect(await gated.tick()).toEqual({ leader: false });
    expect(await other.tick()).toEqual({ leader: true, result: 1 });
    expect(followed).toBe(6);
    expect(gateLines()).toEqual([
      {
        level: 'error',
        msg: `${name}: this process does not lead: no price mark heard for 11 s`,
        reason: 'no price mark heard for 11 s',
      },
    ]);
    // Fit again: it may lead (once the other's lease is free), and says so once.
    standBy = undefined;
    expect(await gated.tick()).toEqual({ leader: false });
    expect(await gated.tick()).toEqual({ leader: false });
    expect(gateLines().slice(1)).toEqual([{ level: 'info', msg: `${name}: may lead again` }]);
    clock.advance(31);
    expect(await gated.tick()).toEqual({ leader: true, result: 'gated' });
    // A pass that renews its lease while it became unfit is told it lost it.
    let renewed: boolean | undefined;
    const renewing = new LeasedLoop<void>({
      name,
      db: db.handle.db,
      clock,
      intervalMs: 10,
      leaseMs: 30_000,
      holder: 'gated',
      standBy: () => standBy,
      work: async (lease) => {
        standBy = { reason: 'marks stopped mid-pass' };
        renewed = await lease.renew();
      },
    });
    expect(await renewing.tick()).toEqual({ leader: true, result: undefined });
    expect(renewed).toBe(false);
  });

  it('keeps its lease through a pass longer than the lease, and between passes further apart', async () => {
    const name = `test-loop-${++serial}`;
    let passes = 0;
    let inLongPass!: () => void;
    const longPass = new Promise<void>((resolve) => (inLongPass = resolve));
    let finishPass!: () => void;
    const passMayEnd = new Promise<void>((resolve) => (finishPass = resolve));
    const slow = new LeasedLoop<void>({
      name,
      db: db.handle.db,
      clock: systemClock,
      intervalMs: 60_000,
      leaseMs: 300,
      holder: 'slow',
      work: async () => {
        passes += 1;
        inLongPass();
        await passMayEnd;
      },
    });
    const other = new LeasedLoop<void>({
      name,
      db: db.handle.db,
      clock: systemClock,
      intervalMs: 10,
      leaseMs: 300,
      holder: 'other',
      work: async () => undefined,
    });
    slow.start();
    await longPass;
    // Four leases into the pass, and four more into the pause after it: the lease is still the leader's.
    await pause(1200);
    expect(await other.tick()).toEqual({ leader: false });
    finishPass();
    await pause(1200);
    expect(await other.tick()).toEqual({ leader: false });
    expect(passes).toBe(1);
    await slow.stop();
    expect(await other.tick()).toEqual({ leader: true, result: undefined });
  });

  it('takes a dead leader’s lease soon after it expires, however long its own interval', async () => {
    const name = `test-loop-${++serial}`;
    // A leader killed without giving its lease up: the row stays until it expires.
    await acquireLease(db.handle.db, name, 'killed', new Date(), 2000);
    let led!: () => void;
    const leading = new Promise<void>((resolve) => (led = resolve));
    const heir = new LeasedLoop<void>({
      name,
      db: db.handle.db,
      clock: systemClock,
      intervalMs: 600_000,
      leaseMs: 500,
      holder: 'heir',
      work: async () => led(),
    });
    heir.start();
    // Generous: a follower that waited out its interval would lead only after 10 minutes.
    const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 20_000).unref());
    expect(await Promise.race([leading.then(() => 'led' as const), deadline])).toBe('led');
    await heir.stop();
  });
});
