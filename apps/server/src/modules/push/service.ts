// Web Push (issue 32 point 8): devices subscribe to their user's notices; a notice is encrypted to
// each device (RFC 8291, aes128gcm) and posted with a VAPID signature (RFC 8292) to the device's push
// service. web-push builds the request (generateRequestDetails); fetch sends it, bounded in time and
// never following a redirect, and only to the push services of PUSH_ENDPOINT_ORIGINS. The notice
// pusher (notice-pusher.ts) sends the notification centre's notices after their commit: a slow or
// failing push service delays no money.
import { createECDH } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { PushDevice, PushKey, PushPayload, PushSubscriptionBody } from '@tradeflip/api';
import type { Language } from '@tradeflip/i18n';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { AccountService } from '../account/service';
import * as repo from './repository';
import { endpointAllowed, type EndpointOrigin, type VapidKeys } from './vapid';

/** How long one push service may take to take a push. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notice for a device that is offline (seconds). */
const TTL_SECONDS = 24 * 3600;
/** Devices kept per user: a new one beyond them replaces the oldest. */
export const DEVICES_PER_USER = 10;

export interface PushDeps {
  db: Database;
  clock: Clock;
  accounts: AccountService;
  /** undefined: push is off (PostgreSQL without VAPID keys). */
  keys: VapidKeys | undefined;
  subject: string;
  origins: readonly EndpointOrigin[];
  log: FastifyBaseLogger;
}

/** What a notice says in a language; built once per language its user's devices need. */
export type PushNotice = (lang: Language) => PushPayload | Promise<PushPayload>;

export class PushService {
  constructor(private readonly deps: PushDeps) {}

  get enabled(): boolean {
    return this.deps.keys !== undefined;
  }

  private keys(): VapidKeys {
    if (!this.deps.keys) throw new AppError(409, 'conflict', 'errors.pushOff');
    return this.deps.keys;
  }

  key(): PushKey {
    return { publicKey: this.keys().publicKey };
  }

  async subscribe(userId: number, body: PushSubscriptionBody): Promise<PushDevice> {
    this.keys();
    if (!endpointAllowed(body.endpoint, this.deps.origins)) {
      throw new AppError(400, 'validation', 'push.endpointNotAllowed', {
        fields: { endpoint: 'push.endpointNotAllowed' },
      });
    }
    if (!isDeviceKey(body.keys.p256dh)) {
      throw new AppError(400, 'validation', 'push.keyInvalid', {
        fields: { 'keys.p256dh': 'push.keyInvalid' },
      });
    }
    await repo.upsert(this.deps.db, {
      userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      createdAt: this.deps.clock.now(),
    });
    await repo.keepNewest(this.deps.db, userId, DEVICES_PER_USER);
    return { subscribed: true };
  }

  /** Forgets one of the user's devices (an endpoint of another user's stays theirs). */
  async remove(userId: number, endpoint: string): Promise<PushDevice> {
    this.keys();
    await repo.removeOwn(this.deps.db, userId, endpoint);
    return { subscribed: false };
  }

  /**
   * Pushes each notice to every device of its user, in the user's language; resolves once each was
   * sent or given up (a failure is logged at warn, never thrown: the notice stays in the centre).
   */
  async deliver(list: { userId: number; notice: PushNotice }[]): Promise<void> {
    if (!this.enabled || list.length === 0) return;
    const devices = await repo.ofUsers(this.deps.db, [...new Set(list.map((each) => each.userId))]);
    if (devices.length === 0) return;
    const byUser = new Map<number, repo.PushSubscriptionRow[]>();
    for (const device of devices) {
      const own = byUser.get(device.userId);
      if (own) own.push(device);
      else byUser.set(device.userId, [device]);
    }
    await Promise.all(
      list.map(async ({ userId, notice }) => {
        const own = byUser.get(userId);
        if (!own) return;
        try {
          const payload = JSON.stringify(await notice(await this.deps.accounts.languageOf(userId)));
          await Promise.all(own.map((device) => this.sendTo(device, payload)));
        } catch (error) {
          this.deps.log.warn({ err: error, userId }, 'push: a notice was not sent');
        }
      }),
    );
  }

  private async sendTo(device: repo.PushSubscriptionRow, payload: string): Promise<void> {
    const keys = this.keys();
    const origin = new URL(device.endpoint).origin;
    // The allowlist may have shrunk since the device subscribed.
    if (!endpointAllowed(device.endpoint, this.deps.origins)) {
      this.deps.log.warn({ origin }, 'push: the endpoint’s push service is no longer allowed; not sent');
      return;
    }
    const request = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        vapidDetails: { subject: this.deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      // fetch counts the body itself.
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (error) {
      this.deps.log.warn({ err: error, origin }, 'push: the push service could not be reached');
      return;
    }
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      // The device unsubscribed or its subscription expired: forget it.
      await repo.removeGone(this.deps.db, device);
      this.deps.log.info({ origin, status: response.status }, 'push: a device is gone and was forgotten');
    } else if (!response.ok) {
      this.deps.log.warn({ origin, status: response.status }, 'push: the push service refused a notice');
    }
  }
}

/** Whether a device key is a point of P-256 (what the push is encrypted to). */
function isDeviceKey(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}
