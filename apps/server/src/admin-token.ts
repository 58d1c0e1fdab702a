// The admin credential of /api/admin/*. ADMIN_TOKEN wins; the embedded default (no DATABASE_URL)
// generates one on first start and keeps it in DATA_DIR/admin-token (mode 0600) for the CLI.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from './config';

export function adminTokenFile(dataDir: string) {
  return path.join(dataDir, 'admin-token');
}

export function readAdminTokenFile(dataDir: string): string | undefined {
  try {
    const token = fs.readFileSync(adminTokenFile(dataDir), 'utf8').trim();
    return token.length >= 16 ? token : undefined;
  } catch {
    return undefined;
  }
}

/** The credential in force; undefined leaves the admin API off (PostgreSQL without ADMIN_TOKEN). */
export function resolveAdminToken(config: Config): string | undefined {
  if (config.adminToken) return config.adminToken;
  if (config.databaseUrl) return undefined;
  const existing = readAdminTokenFile(config.dataDir);
  const file = adminTokenFile(config.dataDir);
  if (existing) {
    fs.chmodSync(file, 0o600);
    return existing;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return token;
}
