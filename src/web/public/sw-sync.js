// Background sync (SPEC.md §7): when the browser regains the network it fires `sync-data`; the open
// pages are told to refresh what they show, so nothing missed while offline stays missing.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'sync-data') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'sync-data' });
    }),
  );
});
