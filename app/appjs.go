//go:build !wasm

package app

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/appupdate"
)

// go-app's app.js counts the download's progress by wrapping fetch's Response in one it builds
// itself (new Response(new ReadableStream(...))) and hands that to
// WebAssembly.instantiateStreaming. A constructed Response has no URL and no cache entry behind
// it, and V8's WebAssembly code cache (the compiled module kept on disk across browser sessions)
// is keyed by the response's URL and stored beside its cache entry: with go-app's loader the
// compiled code could never outlive the renderer. Ours passes fetch's own Response to
// the compiler and counts progress on a clone of it, so the page still shows the percentage.
//
// go-app also starts the download only once app.js runs: after the whole page is parsed and
// every stylesheet is in. /boot.js (boot.go) starts download and compilation from the page's
// head instead, and app.js instantiates what it compiled (mkInstantiateStreaming below).
// Within one renderer Chromium reuses the compiled module on reloads served by the service
// worker (TestWasmModuleReuse reads it from Chromium's trace).

// appScriptPaths are where go-app's pages load app.js from (goapp.js is its older name).
var appScriptPaths = []string{"/app.js", "/goapp.js"}

// goappFetchWithProgress is go-app v9.8.0's function, replaced whole by ourFetchWithProgress.
const goappFetchWithProgress = `async function fetchWithProgress(url, progess) {
  const response = await fetch(url);

  let contentLength;
  try {
    contentLength = response.headers.get(goappWasmContentLengthHeader);
  } catch {}
  if (!goappWasmContentLengthHeader || !contentLength) {
    contentLength = response.headers.get("Content-Length");
  }

  const total = parseInt(contentLength, 10);
  let loaded = 0;

  const progressHandler = function (loaded, total) {
    progess(Math.round((loaded * 100) / total));
  };

  var res = new Response(
    new ReadableStream(
      {
        async start(controller) {
          var reader = response.body.getReader();
          for (;;) {
            var { done, value } = await reader.read();

            if (done) {
              progressHandler(total, total);
              break;
            }

            loaded += value.byteLength;
            progressHandler(loaded, total);
            controller.enqueue(value);
          }
          controller.close();
        },
      },
      {
        status: response.status,
        statusText: response.statusText,
      }
    )
  );

  for (var pair of response.headers.entries()) {
    res.headers.set(pair[0], pair[1]);
  }

  return res;
}`

// ourFetchWithProgress returns fetch's own Response (its URL is the cache key of the compiled
// module) and reads a clone of it only to count bytes. A failed count never fails the start.
const ourFetchWithProgress = `async function fetchWithProgress(url, progess) {
  // Miskatonic (app/appjs.go): boot.js already fetches and compiles app.wasm; it reports its
  // progress here, and mkInstantiateStreaming takes its module.
  const boot = self.mkBoot;
  if (boot && boot.url === url) {
    boot.onProgress = progess;
    progess(boot.progress);
    return boot;
  }
  // Without boot.js: fetch's own Response goes to instantiateStreaming, so the browser can
  // cache the compiled module; a clone of it counts the progress. (null: should boot.js run
  // late, it leaves the download to us.)
  self.mkBoot = null;
  const response = await fetch(url);
  let contentLength;
  try {
    contentLength = response.headers.get(goappWasmContentLengthHeader);
  } catch {}
  if (!goappWasmContentLengthHeader || !contentLength) {
    contentLength = response.headers.get("Content-Length");
  }
  const total = parseInt(contentLength, 10);
  if (!response.ok || !response.body || !(total > 0)) {
    return response;
  }
  const reader = response.clone().body.getReader();
  (async () => {
    let loaded = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      loaded += value.byteLength;
      progess(Math.min(100, Math.round((loaded * 100) / total)));
    }
    progess(100);
  })().catch(() => {});
  return response;
}`

// goappInstantiate is the line of go-app v9.8.0's goappInitWebAssembly that picks the
// instantiating function; ourInstantiate picks mkInstantiateStreaming.
const (
	goappInstantiate = "let instantiateStreaming = WebAssembly.instantiateStreaming;"
	ourInstantiate   = "let instantiateStreaming = mkInstantiateStreaming;"
)

// mkInstantiateStreaming is appended to app.js. go-app calls it with what fetchWithProgress
// returned: boot.js's record (then the module it compiled is instantiated), or a Response.
const mkInstantiateStreaming = `

// Miskatonic (app/appjs.go): instantiates the module boot.js compiled while the page loaded.
// Without boot.js, or should its download or compile fail, app.wasm is fetched and compiled
// here, as go-app does.
async function mkInstantiateStreaming(source, imports) {
  const src = await source;
  if (src && src === self.mkBoot) {
    try {
      const module = await src.module;
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    } catch (err) {
      console.error("app.wasm from the page's head failed, trying again:", err);
      self.mkBoot = null;
      return mkInstantiateStreaming(fetchWithProgress(src.url, src.onProgress), imports);
    }
  }
  if (!WebAssembly.instantiateStreaming) {
    return WebAssembly.instantiate(await src.arrayBuffer(), imports);
  }
  return WebAssembly.instantiateStreaming(src, imports);
}
`

// goappNotifyUpdate is go-app v9.8.0's call, in goappSetupNotifyUpdate, once a newer service
// worker has installed under a page it already controls; ourNotifyUpdate also leaves a flag the
// page's new-version notice reads when it mounts (app/ui/appupdate), since go-app's call reaches
// only a wasm already running.
const (
	goappNotifyUpdate = "      goappOnUpdate();"
	ourNotifyUpdate   = "      self." + appupdate.ReadyFlag + " = true;\n      goappOnUpdate();"
)

// wasmURL finds app.wasm's path in go-app's app.js (the argument of its fetchWithProgress call).
var wasmURL = regexp.MustCompile(`fetchWithProgress\(\s*"([^"]+)"`)

// loaderScripts are app.js (go-app's, patched as above) and boot.js for h, by path. It fails when
// go-app's script lacks what we replace (a go-app upgrade), rather than ship an unpatched loader.
func loaderScripts(h *app.Handler) (map[string][]byte, error) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.js", nil))
	if rec.Code != http.StatusOK {
		return nil, errors.New("go-app did not serve app.js")
	}
	js := rec.Body.Bytes()
	m := wasmURL.FindSubmatch(js)
	if bytes.Count(js, []byte(goappFetchWithProgress)) != 1 || bytes.Count(js, []byte(goappInstantiate)) != 1 ||
		bytes.Count(js, []byte(goappNotifyUpdate)) != 1 || m == nil {
		return nil, errors.New("go-app's app.js is not v9.8.0's, whose loader we patch (app/appjs.go)")
	}
	js = bytes.Replace(js, []byte(goappFetchWithProgress), []byte(ourFetchWithProgress), 1)
	js = bytes.Replace(js, []byte(goappInstantiate), []byte(ourInstantiate), 1)
	js = bytes.Replace(js, []byte(goappNotifyUpdate), []byte(ourNotifyUpdate), 1)
	js = append(js, mkInstantiateStreaming...)
	files := map[string][]byte{BootScriptPath: bootScript(string(m[1]), h.WasmContentLengthHeader)}
	for _, p := range appScriptPaths {
		files[p] = js
	}
	return files, nil
}

// LoaderScripts serves, in front of next (go-app's handler h), the loader scripts Miskatonic's
// pages use: h must list BootScriptPath in its Scripts. Exported for the start test's yardstick
// (app/e2e/testdata/minimal), which gets the same loader, so the comparison stays fair.
func LoaderScripts(h *app.Handler, next http.Handler) (http.Handler, error) {
	files, err := loaderScripts(h)
	if err != nil {
		return nil, err
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, ok := files[r.URL.Path]
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", contentType(r.URL.Path))
		w.Write(b)
	}), nil
}
