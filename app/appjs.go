//go:build !wasm

package app

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// go-app's app.js counts the download's progress by wrapping fetch's Response in one it builds
// itself (new Response(new ReadableStream(...))) and hands that to
// WebAssembly.instantiateStreaming. A constructed Response has no URL and no cache entry behind
// it, and V8's WebAssembly code cache (the compiled module kept on disk across browser sessions)
// is keyed by the response's URL and stored beside its cache entry: with go-app's loader the
// compiled code could never outlive the renderer. Ours passes fetch's own Response to
// instantiateStreaming and counts progress on a clone of it, so the page still shows the
// percentage. Within one renderer Chromium already reuses the compiled module on reloads served
// by the service worker, with either loader (TestWasmModuleReuse reads it from Chromium's trace).

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
  // Miskatonic (app/appjs.go): fetch's own Response goes to instantiateStreaming, so the
  // browser can cache the compiled module; a clone of it counts the progress.
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

// appScript is go-app's app.js for h with fetchWithProgress replaced. It fails when go-app's
// function is not the one we replace (a go-app upgrade), rather than ship an unpatched loader.
func appScript(h *app.Handler) ([]byte, error) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.js", nil))
	if rec.Code != http.StatusOK {
		return nil, errors.New("go-app did not serve app.js")
	}
	js := rec.Body.Bytes()
	if bytes.Count(js, []byte(goappFetchWithProgress)) != 1 {
		return nil, errors.New("go-app's app.js has no fetchWithProgress of v9.8.0 to replace (app/appjs.go)")
	}
	return bytes.Replace(js, []byte(goappFetchWithProgress), []byte(ourFetchWithProgress), 1), nil
}
