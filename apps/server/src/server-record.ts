// DATA_DIR/server.json: where the running server listens, so `npm run admin` can reach it while the
// server holds the embedded database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from './db/pglite-lock';

export interface ServerRecord {
  pid: number;
  hostname: string;
  url: string;
  startedAt: string;
}

export function serverRecordFile(dataDir: string) {
  return path.join(dataDir, 'server.json');
}

export function writeServerRecord(dataDir: string, url: string): ServerRecord {
  const record: ServerRecord = {
    pid: process.pid,
    hostname: os.hostname(),
    url,
    startedAt: new Date().toISOString(),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  const file = serverRecordFile(dataDir);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(record, null, 2));
  fs.renameSync(`${file}.tmp`, file);
  return record;
}

/** The record of a server process that is still alive on this machine. */
export function readServerRecord(dataDir: string): ServerRecord | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(serverRecordFile(dataDir), 'utf8')) as ServerRecord;
    if (typeof record.url !== 'string' || typeof record.pid !== 'number') return undefined;
    if (record.hostname === os.hostname() && !isProcessAlive(record.pid)) return undefined;
    return record;
  } catch {
    return undefined;
  }
}

export function removeServerRecord(dataDir: string, record: ServerRecord) {
  try {
    const file = serverRecordFile(dataDir);
    const current = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerRecord;
    if (current.pid === record.pid && current.startedAt === record.startedAt)
      fs.rmSync(file, { force: true });
  } catch {
    // already gone
  }
}

/** A URL for reaching a listener on `address` from this machine. */
export function localUrl(address: { address: string; port: number; family: string }): string {
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
