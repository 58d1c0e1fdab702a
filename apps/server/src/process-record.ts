// The files a running server leaves in DATA_DIR for the CLIs (server.json, chains.json): written whole,
// so a reader never sees half of one; believed only while the process that wrote it is alive (when it
// ran on this machine); removed by that process on the way out, unless a newer one has replaced it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from './db/pglite-lock';

/** Who wrote a record, and when. */
export interface ProcessRecord {
  pid: number;
  hostname: string;
  startedAt: string;
}

export function writeProcessRecord<T extends object>(file: string, fields: T): ProcessRecord & T {
  const record = {
    pid: process.pid,
    hostname: os.hostname(),
    ...fields,
    startedAt: new Date().toISOString(),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(record, null, 2));
  fs.renameSync(`${file}.tmp`, file);
  return record;
}

/** The record in `file` if it has the fields `isComplete` asks for and its process is still alive. */
export function readProcessRecord<T extends ProcessRecord>(
  file: string,
  isComplete: (record: T) => boolean,
): T | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as T;
    if (typeof record.pid !== 'number' || !isComplete(record)) return undefined;
    if (record.hostname === os.hostname() && !isProcessAlive(record.pid)) return undefined;
    return record;
  } catch {
    return undefined;
  }
}

export function removeProcessRecord(file: string, record: ProcessRecord) {
  try {
    const current = JSON.parse(fs.readFileSync(file, 'utf8')) as ProcessRecord;
    if (current.pid === record.pid && current.startedAt === record.startedAt)
      fs.rmSync(file, { force: true });
  } catch {
    // already gone
  }
}
