// Web Push in the service worker (imported by the workbox worker, vite.config.ts importScripts): a
// push from the server carries a notice's text in the player's language and the screen it opens
// ({ title, body, url, tag }); a tap on it focuses a TradeFlip window on that screen, or opens one.
/* global self */
self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof notice.url === 'string' && notice.url.startsWith('/') ? notice.url : '/';
  event.waitUntil(
    self.registration.showNotification(notice.title || 'TradeFlip', {
      body: notice.body || '',
      tag: notice.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url) || windows[0];
      if (open) {
        await open.focus();
        if (open.url !== url && 'navigate' in open) await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
