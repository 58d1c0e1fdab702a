// The loop every background job runs on: one leader across processes, a lease that expires, a loop
// that stops cleanly and survives a failing pass.
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClock } from '../test/harness';
import { LeasedLoop } from './leased-loop';

describeEachDatabase('leased loop', (db) => {
  let serial = 0;

  function loop(holder: string, clock: TestClock, work: () => Promise<number>, name: string) {
    return new LeasedLoop<number>({
      name,
      db: db.handle.db,
      clock,
      intervalMs: 10,
      leaseMs: 30_000,
      holder,
      work,
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
      log: { info: () => undefined, warn: (_obj, msg) => warnings.push(msg) },
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
});
