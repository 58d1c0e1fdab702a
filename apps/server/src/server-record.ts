// DATA_DIR/server.json: where the running server listens, so `npm run admin` can reach it while the
// server holds the embedded database. Every role writes it once started (a worker, listening nowhere,
// without a URL): it is also the sign a process is up.
import path from 'node:path';
import type { Role } from './config';
import {
  readProcessRecord,
  removeProcessRecord,
  writeProcessRecord,
  type ProcessRecord,
} from './process-record';

export interface ServerRecord extends ProcessRecord {
  role: Role;
  /** The public listener (absent on ROLE=worker). */
  url?: string;
  /** The admin listener (ADMIN_PORT); absent, the admin routes are on `url`. */
  adminUrl?: string;
}

/** Where a running server's admin API answers, if anywhere. */
export function adminUrlOf(record: ServerRecord): string | undefined {
  return record.adminUrl ?? record.url;
}

export function serverRecordFile(dataDir: string) {
  return path.join(dataDir, 'server.json');
}

export function writeServerRecord(
  dataDir: string,
  fields: Pick<ServerRecord, 'url' | 'adminUrl'> & { role?: Role },
): ServerRecord {
  const { role = 'all', ...urls } = fields;
  return writeProcessRecord(serverRecordFile(dataDir), { role, ...urls });
}

/** The record of a server process that is still alive on this machine. */
export function readServerRecord(dataDir: string): ServerRecord | undefined {
  return readProcessRecord<ServerRecord>(
    serverRecordFile(dataDir),
    (record) => typeof record.url === 'string' || record.role === 'worker',
  );
}

export function removeServerRecord(dataDir: string, record: ServerRecord) {
  removeProcessRecord(serverRecordFile(dataDir), record);
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
