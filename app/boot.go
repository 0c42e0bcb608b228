//go:build !wasm

package app

import (
	"bytes"
	"fmt"
)

// BootScriptPath is the script in every page's head that starts app.wasm's download and
// compilation (bootScript). List it first in go-app's Handler.Scripts: a plain script, which Chromium fetches at high priority and runs once the stylesheets above
// it are in, before /lang.js and well before app.js (deferred: after the whole page is parsed).
// Measured: as an async script it was fetched at low priority, held back behind the page's
// other requests, and ran after app.js on a warm start (which then fetched app.wasm itself).
const BootScriptPath = "/boot.js"

// bootScript starts, from the page's head, fetching wasmURL and compiling it with
// WebAssembly.compileStreaming, and leaves a record (self.mkBoot) that app.js's loader
// (appjs.go) takes the module and the progress from. Measured in Chromium (issue 26), this
// replaces a <link rel=preload> of app.wasm: a preloaded 17 MB body is buffered by the renderer's
// main thread (85 + 97 ms of tasks on a warm start, which held back the page's deferred
// scripts), and V8 began compiling only once app.js ran, after the page was parsed and every
// stylesheet was in. Here the bytes go straight from fetch's own Response (its URL keys the
// compiled code cache) to V8, which compiles while the page loads the rest.
//
// go-app's checks are kept: no download for crawlers or with ?wasm=false. The percentage is
// counted, on a clone of the body, only when no service worker answers: from the worker's cache
// a start takes a blink, and a clone copies every byte once more. lengthHeader names the header
// with app.wasm's size before compression (else Content-Length).
func bootScript(wasmURL, lengthHeader string) []byte {
	if lengthHeader == "" {
		lengthHeader = "Content-Length"
	}
	return fmt.Appendf(nil, `// Miskatonic (app/boot.go): download and compile app.wasm while the page loads.
(() => {
  const url = %q;
  // "mkBoot" in self: app.js ran first and fetches app.wasm itself.
  if ("mkBoot" in self || !WebAssembly.compileStreaming ||
      /bot|googlebot|crawler|spider|robot|crawling/i.test(navigator.userAgent) ||
      new URLSearchParams(location.search).get("wasm") === "false") {
    return;
  }
  const boot = { url, progress: 0, onProgress: null };
  const report = (p) => {
    boot.progress = Math.min(100, p);
    if (boot.onProgress) boot.onProgress(boot.progress);
  };
  const count = async (response) => {
    const total = parseInt(response.headers.get(%q) || response.headers.get("Content-Length"), 10);
    if (!(total > 0) || !response.body) return;
    const reader = response.clone().body.getReader();
    for (let loaded = 0; ; ) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      report(Math.round((loaded * 100) / total));
    }
    report(100);
  };
  boot.module = fetch(url).then((response) => {
    if (response.ok && !(navigator.serviceWorker && navigator.serviceWorker.controller)) {
      count(response).catch(() => {});
    }
    return WebAssembly.compileStreaming(response);
  });
  boot.module.catch(() => {}); // app.js reports a failure, once it has tried again itself
  self.mkBoot = boot;
})();
`, wasmURL, lengthHeader)
}

// bootTag is how go-app writes BootScriptPath's tag among the Scripts.
var bootTag = []byte(`<script src="` + BootScriptPath + `"></script>`)

// bootFirst moves boot.js's tag to the top of the page's head, right after its title and above
// the stylesheets: a plain script runs only once every stylesheet above it is in, and go-app
// writes Scripts after our eleven, so on a cold start the download of app.wasm began only when
// they had all arrived (measured: 220–320 ms from the navigation, against 80–180 ms for the
// preload it replaced). The browser's preload scanner still fetches the stylesheets meanwhile.
func bootFirst(html []byte) []byte {
	title := []byte("</title>")
	i := bytes.Index(html, title)
	if i < 0 || bytes.Count(html, bootTag) != 1 {
		return html
	}
	i += len(title)
	out := make([]byte, 0, len(html)+1)
	out = append(out, html[:i]...)
	out = append(out, bootTag...)
	out = append(out, bytes.Replace(html[i:], bootTag, nil, 1)...)
	return out
}
