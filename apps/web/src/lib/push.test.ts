// lib/push.ts: where Web Push stands on a device (an iPhone's Safari tab needs the Home Screen app
// first, an old browser cannot, a blocked site is denied, otherwise off or on) and what turning it on
// and off asks of the browser and tells the server.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeAdapter } from '@/lib/http/test-adapter';
import { pushState, turnPushOff, turnPushOn, type PushBrowser } from './push';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
/** The server's VAPID public key (65 bytes) and the bytes subscribe must be given. */
const KEY_BYTES = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : i));
const KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

function fakeSubscription(endpoint: string, key: Uint8Array = KEY_BYTES) {
  return {
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: 'device-key', auth: 'device-auth' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** A browser whose push manager holds `subscription` and whose permission is `permission`. */
function browser(options: {
  userAgent?: string;
  platform?: string;
  maxTouchPoints?: number;
  standalone?: boolean;
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  pushManager?: boolean;
  subscription?: ReturnType<typeof fakeSubscription> | null;
}) {
  let subscription = options.subscription ?? null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async (opts: PushSubscriptionOptionsInit) => {
      subscription = fakeSubscription(
        'https://fcm.googleapis.com/fcm/send/new-device',
        opts.applicationServerKey as Uint8Array,
      );
      return subscription;
    }),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  const env: PushBrowser = {
    userAgent: options.userAgent ?? ANDROID_CHROME,
    platform: options.platform ?? 'Linux armv8l',
    maxTouchPoints: options.maxTouchPoints ?? 5,
    standalone: options.standalone ?? false,
    serviceWorker: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    } as never,
    notification,
    pushManager: options.pushManager ?? true,
  };
  return { env, pushManager, notification, current: () => subscription };
}

let server: ReturnType<typeof installFakeAdapter>;
beforeEach(() => {
  server = installFakeAdapter();
});

/** Answers the next request to `url` with `data` once it is sent. */
async function answer(url: string, data: unknown) {
  const request = await vi.waitFor(() => {
    const found = server.requests.find((r) => r.url.endsWith(url) && !answered.has(r));
    if (!found) throw new Error(`no request to ${url} yet`);
    return found;
  });
  answered.add(request);
  request.respond(200, { code: 0, data });
  return request;
}
const answered = new Set<unknown>();

describe('Web Push on this device', () => {
  it('asks an iPhone or iPad in a Safari tab to add the app to the Home Screen first', async () => {
    expect(
      await pushState(browser({ userAgent: IPHONE_SAFARI, platform: 'iPhone', pushManager: false }).env),
    ).toBe('needs-install');
    // iPadOS asks for the desktop site: a Mac with touch.
    expect(
      await pushState(browser({ userAgent: IPAD_DESKTOP_MODE, platform: 'MacIntel', maxTouchPoints: 5 }).env),
    ).toBe('needs-install');
    // From the Home Screen (iOS 16.4+) it is an ordinary switch.
    expect(
      await pushState(browser({ userAgent: IPHONE_SAFARI, platform: 'iPhone', standalone: true }).env),
    ).toBe('off');
  });

  it('is unsupported without a push manager, denied when the site is blocked, on once subscribed', async () => {
    expect(await pushState(browser({ pushManager: false }).env)).toBe('unsupported');
    expect(await pushState({ ...browser({}).env, serviceWorker: undefined })).toBe('unsupported');
    expect(await pushState(browser({ permission: 'denied' }).env)).toBe('denied');
    expect(await pushState(browser({ permission: 'default' }).env)).toBe('off');
    expect(await pushState(browser({ permission: 'granted' }).env)).toBe('off');
    const subscribed = fakeSubscription('https://fcm.googleapis.com/fcm/send/abc');
    expect(await pushState(browser({ permission: 'granted', subscription: subscribed }).env)).toBe('on');
  });

  it('turns on: permission, a subscription with the server’s key, the server told of the device', async () => {
    const device = browser({});
    const on = turnPushOn(device.env);
    await answer('/api/app/push/key', { publicKey: KEY });
    const told = await answer('/api/app/push/subscriptions', { subscribed: true });
    expect(await on).toBe('on');
    expect(device.notification.requestPermission).toHaveBeenCalledOnce();
    const options = device.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    expect(told.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/new-device',
      keys: { p256dh: 'device-key', auth: 'device-auth' },
    });
    expect(await pushState(device.env)).toBe('on');
  });

  it('replaces a subscription made with another key (the server’s changed)', async () => {
    const old = fakeSubscription('https://fcm.googleapis.com/fcm/send/old', new Uint8Array(65).fill(9));
    const device = browser({ permission: 'granted', subscription: old });
    const on = turnPushOn(device.env);
    await answer('/api/app/push/key', { publicKey: KEY });
    const told = await answer('/api/app/push/subscriptions', { subscribed: true });
    expect(await on).toBe('on');
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect((told.body as { endpoint: string }).endpoint).toBe(
      'https://fcm.googleapis.com/fcm/send/new-device',
    );
  });

  it('stays off, telling the server nothing, when the person refuses the permission', async () => {
    const device = browser({ answer: 'denied' });
    expect(await turnPushOn(device.env)).toBe('denied');
    expect(server.requests).toHaveLength(0);
    expect(device.pushManager.subscribe).not.toHaveBeenCalled();
    expect(await turnPushOn(browser({ userAgent: IPHONE_SAFARI, platform: 'iPhone' }).env)).toBe(
      'needs-install',
    );
  });

  it('turns off: the server forgets the device, then the subscription is dropped', async () => {
    const subscribed = fakeSubscription('https://fcm.googleapis.com/fcm/send/abc');
    const device = browser({ permission: 'granted', subscription: subscribed });
    const off = turnPushOff(device.env);
    const told = await answer('/api/app/push/subscriptions/remove', { subscribed: false });
    expect(told.body).toEqual({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' });
    await off;
    expect(subscribed.unsubscribe).toHaveBeenCalledOnce();
  });
});
