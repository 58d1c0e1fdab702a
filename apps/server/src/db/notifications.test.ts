// LISTEN/NOTIFY on PostgreSQL: every app and channel of a process share one connection (a test file's
// dozen apps with five channels each once took 95 of the server's 100), and it comes back after the
// server drops it, listening to every channel again.
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { describeOnPostgres } from '../test/harness';
import { LISTEN_APPLICATION_NAME } from './notifications';
import { queryRows } from './rows';

describeOnPostgres('LISTEN/NOTIFY', (db) => {
  const listening = async () => {
    const [row] = await queryRows<{ n: number }>(
      db.handle.db,
      sql`select count(*)::int as n from pg_stat_activity
           where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
    );
    return row!.n;
  };
  const notify = (channel: string, payload: string) =>
    db.handle.db.execute(sql`select pg_notify(${channel}, ${payload})`);

  it('serves every listener of every channel on one connection, closed with the last listener', async () => {
    const heard: string[] = [];
    const stops = [];
    // Four apps of one process, each on the same three channels.
    for (let app = 0; app < 4; app++) {
      for (const channel of ['t_balances', 't_positions', 't_flips']) {
        stops.push(await db.handle.listen(channel, (payload) => heard.push(`${app}:${channel}:${payload}`)));
      }
    }
    expect(await listening()).toBe(1);
    await notify('t_flips', '7');
    await vi.waitFor(() =>
      expect(heard.sort()).toEqual(['0:t_flips:7', '1:t_flips:7', '2:t_flips:7', '3:t_flips:7']),
    );

    // The first app stops: the others still hear its channels.
    heard.length = 0;
    for (const stop of stops.slice(0, 3)) await stop();
    await notify('t_balances', '8');
    await vi.waitFor(() =>
      expect(heard.sort()).toEqual(['1:t_balances:8', '2:t_balances:8', '3:t_balances:8']),
    );

    for (const stop of stops.slice(3)) await stop();
    await vi.waitFor(async () => expect(await listening()).toBe(0));
  });

  it('listens again on every channel after the server drops its connection', async () => {
    const heard: string[] = [];
    const stops = [
      await db.handle.listen('t_a', (payload) => heard.push(`a:${payload}`)),
      await db.handle.listen('t_b', (payload) => heard.push(`b:${payload}`)),
    ];
    await db.handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
    );
    // Notifications sent while it is away are missed; it hears again within seconds.
    await vi.waitFor(
      async () => {
        await notify('t_a', '1');
        await notify('t_b', '2');
        expect(heard).toContain('a:1');
        expect(heard).toContain('b:2');
      },
      { timeout: 10_000, interval: 250 },
    );
    expect(await listening()).toBe(1);
    for (const stop of stops) await stop();
  });
});
