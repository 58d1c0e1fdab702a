// Web Push (issue 32 point 8): the server's public VAPID key, and a device's push subscription as the
// browser's PushSubscription.toJSON() gives it (endpoint and its two keys, base64url).
import { z } from 'zod';

/** GET /api/app/push/key: the application server key pushManager.subscribe takes. */
export const pushKey = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKey>;

const base64url = (bytes: number, error: string) =>
  z.string({ error }).regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), { error });

/** POST /api/app/push/subscriptions */
export const pushSubscriptionBody = z.object({
  endpoint: z.string({ error: 'push.endpointInvalid' }).max(2048, { error: 'push.endpointInvalid' }),
  keys: z.object(
    {
      /** The device's P-256 public key: 65 bytes, uncompressed. */
      p256dh: base64url(65, 'push.keyInvalid'),
      /** The device's 16-byte authentication secret. */
      auth: base64url(16, 'push.keyInvalid'),
    },
    { error: 'push.keyInvalid' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** POST /api/app/push/subscriptions/remove */
export const pushRemoveBody = z.object({
  endpoint: z.string({ error: 'push.endpointInvalid' }).max(2048, { error: 'push.endpointInvalid' }),
});

/** What both answer: whether this device now receives the user's notices. */
export const pushDevice = z.object({ subscribed: z.boolean() });
export type PushDevice = z.infer<typeof pushDevice>;

/** What a push carries: the notice's text in the user's language and the screen it opens. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Notices of one thing replace each other on the device. */
  tag: string;
}
