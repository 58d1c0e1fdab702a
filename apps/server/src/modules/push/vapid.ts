// The server's VAPID identity (RFC 8292) and the push services it may post to. The keys come from
// VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or on the embedded default are generated once and kept in
// DATA_DIR/vapid.json (mode 0600); on PostgreSQL without them push is off. Endpoints are the
// browser's, so the server posts only to the push services of PUSH_ENDPOINT_ORIGINS (no SSRF).
import fs from 'node:fs';
import path from 'node:path';
import { createECDH } from 'node:crypto';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
}

/** FCM (Chrome, Edge, Android), Mozilla, Apple (Safari, iOS home-screen apps) and Windows (WNS). */
export const DEFAULT_PUSH_ENDPOINT_ORIGINS =
  'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://*.push.apple.com,https://*.notify.windows.com';

function bytesOf(value: string): Buffer | undefined {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : undefined;
}

/** What is wrong with one key of the pair (undefined: nothing), as a config message. */
export function vapidKeyProblem(kind: 'public' | 'private', value: string): string | undefined {
  const bytes = bytesOf(value);
  if (kind === 'public') {
    return bytes?.length === 65 && bytes[0] === 4
      ? undefined
      : 'must be the base64url of an uncompressed P-256 public key (65 bytes, as `npx web-push generate-vapid-keys` prints)';
  }
  return bytes?.length === 32 ? undefined : 'must be the base64url of a 32-byte P-256 private key';
}

/** Whether the private key is the public key's (both already well-formed). */
export function vapidPairMatches(keys: VapidKeys): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(keys.publicKey, 'base64url'));
  } catch {
    return false;
  }
}

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A private scalar with leading zero bytes comes back shorter: pad it to 32.
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
}

export function vapidFile(dataDir: string) {
  return path.join(dataDir, 'vapid.json');
}

/**
 * The keys in force: the configured pair, else on the embedded default the kept (or a newly
 * generated) pair of DATA_DIR/vapid.json; undefined on PostgreSQL without keys (push off).
 */
export function resolveVapidKeys(options: {
  configured: VapidKeys | undefined;
  embedded: boolean;
  dataDir: string;
}): VapidKeys | undefined {
  if (options.configured) return options.configured;
  if (!options.embedded) return undefined;
  const file = vapidFile(options.dataDir);
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    const keys = { publicKey: String(kept.publicKey), privateKey: String(kept.privateKey) };
    if (
      !vapidKeyProblem('public', keys.publicKey) &&
      !vapidKeyProblem('private', keys.privateKey) &&
      vapidPairMatches(keys)
    ) {
      fs.chmodSync(file, 0o600);
      return keys;
    }
  } catch {
    // None kept yet (or unreadable): a new pair below. Devices subscribed to a lost pair resubscribe.
  }
  const keys = generateVapidKeys();
  fs.mkdirSync(options.dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return keys;
}

/** One allowed push service: its scheme, host (`*.` a wildcard of sub-domains) and port. */
export interface EndpointOrigin {
  protocol: 'https:' | 'http:';
  host: string;
  port: string;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** One PUSH_ENDPOINT_ORIGINS entry, or a message saying what is wrong with it. */
export function parseEndpointOrigin(entry: string): EndpointOrigin | string {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `"${entry}" is not an origin such as https://fcm.googleapis.com`;
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || entry.endsWith('/')) {
    return `"${entry}" must be an origin only (scheme and host, no path)`;
  }
  const wildcard = url.hostname.startsWith('*.');
  const rest = wildcard ? url.hostname.slice(2) : url.hostname;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${entry}" must be https://`;
  if (rest.includes('*') || (!rest.includes('.') && !loopbackHosts.has(rest))) {
    return `"${entry}" must name a host, or *. and a domain`;
  }
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) {
    return `"${entry}" must be https:// (http:// only for a loopback test service)`;
  }
  return { protocol: url.protocol, host: url.hostname, port: url.port };
}

/** Whether an endpoint URL belongs to one of the allowed push services. */
export function endpointAllowed(endpoint: string, origins: readonly EndpointOrigin[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some(
    (origin) =>
      origin.protocol === url.protocol &&
      origin.port === url.port &&
      (origin.host.startsWith('*.')
        ? url.hostname.endsWith(origin.host.slice(1)) && url.hostname.length > origin.host.length - 1
        : origin.host === url.hostname),
  );
}
