// A local push service speaking the Web Push protocol (RFC 8030) as FCM, Mozilla's or Apple's do: a
// device's endpoint takes a POST whose VAPID Authorization (RFC 8292: an ES256 JWT for this origin,
// not expired, and the key it is signed with) is checked, and whose aes128gcm body (RFC 8188/8291) is
// decrypted with the device's own private key, as the browser would. No test touches the internet.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import ece from 'http_ece';

interface Device {
  ecdh: ECDH;
  auth: Buffer;
  /** What the service answers this device's pushes (201, or 410 once it unsubscribed). */
  status: number;
}

/** A push as the device received it, its VAPID claims checked. */
export interface ReceivedPush {
  /** The endpoint it was posted to. */
  endpoint: string;
  /** The decrypted body, parsed. */
  payload: unknown;
  claims: { aud: string; exp: number; sub: string };
  /** The key the JWT was signed with (the server's VAPID public key). */
  signer: string;
  ttl: string | undefined;
  /** What the service answered. */
  status: number;
}

export class FakePushService {
  private readonly server = http.createServer((request, response) => void this.take(request, response));
  private readonly devices = new Map<string, Device>();
  readonly received: ReceivedPush[] = [];
  /** Requests refused as a real push service would (bad JWT, undecryptable body), with why. */
  readonly refused: string[] = [];
  private waiters: (() => void)[] = [];

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser's subscription at this service, as PushSubscription.toJSON() gives it. */
  device(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${this.origin}/push/${randomBytes(12).toString('base64url')}`;
    this.devices.set(endpoint, { ecdh, auth, status: 201 });
    return {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** From now on the service answers 410 Gone for this device (it unsubscribed, or expired). */
  gone(endpoint: string) {
    this.devices.get(endpoint)!.status = 410;
  }

  /** Resolves once `count` pushes (accepted or refused) have arrived in all. */
  async arrived(count: number): Promise<void> {
    while (this.received.length + this.refused.length < count) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private settle() {
    for (const wake of this.waiters.splice(0)) wake();
  }

  private async take(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const endpoint = `${this.origin}${request.url ?? ''}`;
    const answer = (status: number, why?: string) => {
      if (why) this.refused.push(why);
      response.writeHead(status).end();
      this.settle();
    };
    const device = this.devices.get(endpoint);
    if (request.method !== 'POST' || !device)
      return answer(404, `no such subscription: ${request.method} ${endpoint}`);
    const vapid = checkVapid(request.headers.authorization, this.origin);
    if (typeof vapid === 'string') return answer(401, vapid);
    if (request.headers['content-encoding'] !== 'aes128gcm')
      return answer(415, 'content-encoding is not aes128gcm');
    let payload: unknown;
    try {
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.auth.toString('base64url'),
      });
      payload = JSON.parse(plain.toString('utf8'));
    } catch (error) {
      return answer(400, `the body does not decrypt: ${(error as Error).message}`);
    }
    const ttl = request.headers.ttl;
    this.received.push({
      endpoint,
      payload,
      ...vapid,
      ttl: Array.isArray(ttl) ? ttl[0] : ttl,
      status: device.status,
    });
    answer(device.status);
  }
}

/** The VAPID header's claims and key, or why a push service would refuse it (401). */
function checkVapid(
  header: string | undefined,
  origin: string,
): { claims: ReceivedPush['claims']; signer: string } | string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return `no vapid Authorization: ${header}`;
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not a P-256 public key';
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'the JWT is not signed by k (ES256)';
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg;
  if (alg !== 'ES256') return `the JWT's alg is ${alg}`;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  // RFC 8292: at most 24 hours ahead.
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return `exp ${claims.exp} is not within 24 h`;
  if (!/^(mailto:|https:)/.test(claims.sub)) return `sub ${claims.sub} is not mailto: or https:`;
  return { claims, signer: k };
}
