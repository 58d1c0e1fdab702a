// Throwaway PostgreSQL databases for tests and benchmarks: a new, migrated database on the server of
// `url`, dropped again on close, so parallel runs never see each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type DatabaseHandle } from './client';

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function openScratchPostgres(
  url: string,
  label = 'scratch',
  options: { max?: number } = {},
): Promise<DatabaseHandle & { url: string }> {
  const name = `tf_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    const handle = await openPostgres(target.toString(), { max: options.max ?? 5 });
    return {
      ...handle,
      url: target.toString(),
      async close() {
        await handle.close();
        await onServer(url, `drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await onServer(url, `drop database if exists ${name} with (force)`);
    throw error;
  }
}
