//go:build !wasm

package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The loader the pages get hands fetch's own Response to the compiler (what lets Chromium cache
// the compiled module), takes the module boot.js compiled, still counts progress, and keeps the
// rest of go-app's script: the server and a static export serve the same patched app.js and
// boot.js.
func TestAppScriptKeepsFetchResponse(t *testing.T) {
	web, _ := fakeWeb(t)
	srv := newTestServer(t, web)
	out := filepath.Join(t.TempDir(), "dist")
	if _, err := WriteStatic(out, Config{WebDir: web, Version: "abc123"}); err != nil {
		t.Fatal(err)
	}
	static, err := os.ReadFile(filepath.Join(out, "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	staticBoot, err := os.ReadFile(filepath.Join(out, "boot.js"))
	if err != nil {
		t.Fatal(err)
	}
	scripts := map[string]string{"static app.js": string(static)}
	for _, p := range appScriptPaths {
		resp, b := get(t, srv.URL+p)
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
			t.Fatalf("%s: %d %q", p, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		scripts["served "+p] = string(b)
	}
	for name, js := range scripts {
		for _, want := range []string{
			"instantiateStreaming(\n      fetchWithProgress(", // go-app's call, unchanged
			ourInstantiate, // which instantiates boot.js's module
			"async function mkInstantiateStreaming(",
			"response.clone().body.getReader()", // progress from a clone
			"goappInitWebAssembly",              // the rest of go-app's loader
			ourNotifyUpdate,                     // a new version's flag for the notice
			wasmLengthHeader,
		} {
			if !strings.Contains(js, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
		// A constructed Response (no URL, no cache entry) is what kept the module uncached.
		if strings.Contains(js, "new Response(") {
			t.Errorf("%s still wraps the wasm in a constructed Response", name)
		}
	}
	resp, served := get(t, srv.URL+BootScriptPath)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("%s: %d %q", BootScriptPath, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for name, js := range map[string]string{"served boot.js": string(served), "static boot.js": string(staticBoot)} {
		for _, want := range []string{
			`const url = "/web/app.wasm";`,
			"WebAssembly.compileStreaming(response)", // fetch's own Response, straight to V8
			"self.mkBoot = boot;",
			wasmLengthHeader,
		} {
			if !strings.Contains(js, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
}
