//go:build !wasm

package app

// serviceWorkerJS is go-app's service worker template (Handler.ServiceWorkerTemplate) cut down to
// what we use, with one change that matters offline: pages are routed in the browser, so a
// navigation the cache cannot answer (a page with a query such as /solo?game=arkham, a deep link,
// an unknown path) gets the cached shell at "/" when the network is out, and the app then routes
// by its own URL. The cache name carries the version, so a new commit replaces it wholesale.
const serviceWorkerJS = `const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(resourcesToCache))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k !== cacheName).map((k) => caches.delete(k)))
      )
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") {
    return;
  }
  const navigation = req.mode === "navigate";
  event.respondWith(
    caches.match(req, { ignoreSearch: navigation }).then(
      (hit) =>
        hit ||
        fetch(req).catch((err) => {
          if (navigation) {
            return caches.match("/");
          }
          throw err;
        })
    )
  );
});
`
