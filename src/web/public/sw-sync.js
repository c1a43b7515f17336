// Background sync (docs/specification.md §7): when the browser regains the network it fires `sync-data`; the open
// pages are told to refresh what they show, so nothing missed while offline stays missing.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'sync-data') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'sync-data' });
    }),
  );
});

// Web Push (decision 011): the server sends { title, body, link, tag } for an alert when no screen is open.
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Relais', {
      body: data.body || '',
      icon: '/icons/icon-192x192.png',
      badge: '/icons/icon-192x192.png',
      tag: data.tag,
      data: { link: data.link || '/alerts' },
    }),
  );
});

// A click opens the notification's link: in an open Relais tab if there is one, else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL(
    (event.notification.data && event.notification.data.link) || '/alerts',
    self.location.origin,
  );
  if (link.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const open = clients.find((client) => new URL(client.url).origin === link.origin);
      if (open)
        return open
          .focus()
          .then((client) => client.navigate(link.href))
          .catch(() => self.clients.openWindow(link.href));
      return self.clients.openWindow(link.href);
    }),
  );
});
