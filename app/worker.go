//go:build !wasm

package app

// serviceWorkerJS is go-app's service worker template (Handler.ServiceWorkerTemplate) cut down to
// what we use, with two changes:
//
//   - Static routes (the Service Worker Static Routing API, Chromium 123 and later): at install
//     the worker tells the browser that every file it precaches is answered from this version's
//     cache, so the browser serves the page, its scripts, stylesheet, icons and app.wasm from
//     Cache Storage itself, without starting the worker or queueing each request through its
//     fetch handler. Measured before (issue 26): offline, our page's requests each went through
//     the fetch handler, and app.wasm's request began 101–169 ms after the navigation against
//     39–53 ms for the fair minimal. A route names one exact path on our origin with no query; a
//     miss in the cache goes to the network, as the handler would. Browsers without the API, or
//     a route the browser refuses, leave everything to the fetch handler below.
//   - Offline navigation: pages are routed in the browser, so a navigation the cache cannot
//     answer (a page with a query such as /solo?game=arkham, a deep link, an unknown path) gets
//     the cached shell at "/" when the network is out, and the app then routes by its own URL.
//     The lookup is exact (the URL without its query), not caches.match's ignoreSearch, which
//     makes Chromium read every entry of the cache to compare URLs.
//
// The cache name carries the version, so a new commit replaces it wholesale.
const serviceWorkerJS = `const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

// staticRoutes are the rules for addRoutes: each precached path of our own origin, exactly, with
// no query, answered from this version's cache. URLPattern's syntax characters in a path or
// host (an IPv6 address's colons) are escaped so each matches only itself.
const staticRoutes = () => {
  const here = self.location;
  const literal = (s) => s.replace(/[\\:*?+(){}]/g, "\\$&");
  return resourcesToCache.map((path) => ({
    condition: {
      urlPattern: {
        protocol: here.protocol.slice(0, -1),
        hostname: literal(here.hostname),
        port: here.port,
        pathname: literal(path),
        search: "",
      },
      requestMethod: "GET",
    },
    source: { cacheName },
  }));
};

self.addEventListener("install", (event) => {
  if (event.addRoutes) {
    // A refused rule set costs the speed, never the install: the fetch handler answers alike.
    event.waitUntil(
      event.addRoutes(staticRoutes()).catch((err) => console.warn("static routes refused:", err))
    );
  }
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
  let key = req;
  if (navigation) {
    const url = new URL(req.url);
    url.search = "";
    key = url.href;
  }
  event.respondWith(
    caches.match(key).then(
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
