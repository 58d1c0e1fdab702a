// DATA_DIR/server.json: where the running server listens, so `npm run admin` can reach it while the
// server holds the embedded database.
import path from 'node:path';
import {
  readProcessRecord,
  removeProcessRecord,
  writeProcessRecord,
  type ProcessRecord,
} from './process-record';

export interface ServerRecord extends ProcessRecord {
  url: string;
}

export function serverRecordFile(dataDir: string) {
  return path.join(dataDir, 'server.json');
}

export function writeServerRecord(dataDir: string, url: string): ServerRecord {
  return writeProcessRecord(serverRecordFile(dataDir), { url });
}

/** The record of a server process that is still alive on this machine. */
export function readServerRecord(dataDir: string): ServerRecord | undefined {
  return readProcessRecord<ServerRecord>(
    serverRecordFile(dataDir),
    (record) => typeof record.url === 'string',
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
