// Web Push on this device (issue 32 point 8): where it stands, turning it on (permission, the push
// manager's subscription with the server's VAPID key, the server told) and off (the server told
// first, then the subscription dropped). iOS and iPadOS deliver push only to an app on the Home
// Screen (16.4+): in a Safari tab the state says to install first. Loaded with the switch only.
import * as routes from '@tradeflip/api/routes';
import { api } from '@/lib/http';
import { isStandalone } from '@/lib/install-request';

export type PushState = 'unsupported' | 'needs-install' | 'off' | 'on' | 'denied';

/** The parts of the browser this module uses (tests hand in their own). */
export interface PushBrowser {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  standalone: boolean;
  serviceWorker: Pick<ServiceWorkerContainer, 'ready' | 'getRegistration'> | undefined;
  notification:
    { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> } | undefined;
  pushManager: boolean;
}

export function thisBrowser(): PushBrowser {
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: isStandalone(),
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    notification: 'Notification' in window ? window.Notification : undefined,
    pushManager: 'PushManager' in window,
  };
}

/** iPhone, iPod, and an iPad (which says it is a Mac, but has touch). */
function isIos(browser: PushBrowser): boolean {
  return (
    /iPad|iPhone|iPod/i.test(browser.userAgent) ||
    (browser.platform === 'MacIntel' && browser.maxTouchPoints > 1)
  );
}

async function currentSubscription(browser: PushBrowser): Promise<PushSubscription | null> {
  const registration = await browser.serviceWorker?.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(browser: PushBrowser = thisBrowser()): Promise<PushState> {
  if (isIos(browser) && !browser.standalone) return 'needs-install';
  if (!browser.serviceWorker || !browser.notification || !browser.pushManager) return 'unsupported';
  if (browser.notification.permission === 'denied') return 'denied';
  if (browser.notification.permission !== 'granted') return 'off';
  return (await currentSubscription(browser)) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Asks for permission, subscribes with the server's key and tells the server; answers the new state. */
export async function turnPushOn(browser: PushBrowser = thisBrowser()): Promise<PushState> {
  const before = await pushState(browser);
  if (before === 'unsupported' || before === 'needs-install') return before;
  const permission = await browser.notification!.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { data } = await api(routes.push.key);
  const key = keyBytes(data.publicKey);
  const registration = await browser.serviceWorker!.ready;
  let subscription = await registration.pushManager.getSubscription();
  // Subscribed with another key (the server's changed): that subscription no longer receives.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const json = subscription.toJSON();
  await api(routes.push.subscribe, {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  return 'on';
}

/** Tells the server to forget this device, then drops the subscription; answers the new state. */
export async function turnPushOff(browser: PushBrowser = thisBrowser()): Promise<PushState> {
  const subscription = await currentSubscription(browser);
  if (subscription) {
    await api(routes.push.remove, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return pushState(browser);
}
