//go:build !wasm

package app

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// fakeWeb makes a web directory with every file CheckWebDir wants; app.wasm is stand-in bytes.
func fakeWeb(t testing.TB) (string, []byte) {
	t.Helper()
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm fake module "), 4096)
	files := map[string][]byte{
		"app.wasm":     wasm,
		"wasm_exec.js": []byte("// Go's own wasm_exec.js stand-in\n" + strings.Repeat("globalThis.Go = class {};\n", 100)),
		"icon.svg":     []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`),
		"icon-192.png": []byte("png"), "icon-512.png": []byte("png"),
		"base.css":       []byte("body{}"),
		"cards/a.svg":    []byte("<svg/>"),
		"extra.css":      []byte("p{}"),
		"app.wasm.stale": []byte("x"),
	}
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, wasm
}

func newTestServer(t *testing.T, web string) *httptest.Server {
	t.Helper()
	RegisterRoutes()
	relay := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("relay")) })
	h, err := NewServer(Config{WebDir: web, Version: "abc123"}, relay)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	// No transparent gzip: the tests look at the encoding themselves.
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

func TestServerRoutes(t *testing.T) {
	web, _ := fakeWeb(t)
	srv := newTestServer(t, web)
	cases := []struct {
		name, path string
		status     int
		contains   string
	}{
		{"home is pre-rendered", "/", 200, `id="home"`},
		{"unknown path gets the friendly page with 404", "/no/such/crypt", 404, `id="notfound"`},
		{"unknown file too", "/robots.txt", 404, `href="/"`},
		{"Go's own wasm_exec.js, not go-app's", "/wasm_exec.js", 200, "Go's own wasm_exec.js stand-in"},
		{"our manifest", "/manifest.webmanifest", 200, `"purpose": "maskable"`},
		{"service worker keyed by version", "/app-worker.js", 200, `"app-" + "abc123"`},
		{"service worker caches web files", "/app-worker.js", 200, `"/web/cards/a.svg"`},
		{"one stylesheet linked", "/", 200, `href="/styles.css"`},
		{"the stylesheets joined, base.css first", "/styles.css", 200, "/* web/base.css */\nbody{}\n/* web/extra.css */\np{}\n"},
		{"relay mounted", "/signal", 200, "relay"},
		{"web files", "/web/cards/a.svg", 200, "<svg/>"},
		{"missing web file", "/web/nope.png", 404, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, body := get(t, srv.URL+c.path)
			if resp.StatusCode != c.status {
				t.Errorf("status %d, want %d", resp.StatusCode, c.status)
			}
			if !bytes.Contains(body, []byte(c.contains)) {
				t.Errorf("body lacks %q:\n%.600s", c.contains, body)
			}
		})
	}
}

// webDir never serves a file outside its directory, even when handed an uncleaned path
// (the mux cleans paths first; this is the second line of defence).
func TestWebDirStaysInside(t *testing.T) {
	web, _ := fakeWeb(t)
	os.WriteFile(filepath.Join(filepath.Dir(web), "secret"), []byte("secret"), 0o644)
	for _, p := range []string{"/web/../secret", "/web/cards/../../secret", "/web/", "/web/cards"} {
		req := httptest.NewRequest(http.MethodGet, "/web/x", nil)
		req.URL.Path = p
		rec := httptest.NewRecorder()
		webDir{dir: web}.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "secret") {
			t.Errorf("%s: status %d body %.40q", p, rec.Code, rec.Body.String())
		}
	}
}

// The service worker must not try to cache precompressed copies or remote icons: one failed
// fetch and it never installs.
func TestWorkerCachesOnlyLocalFiles(t *testing.T) {
	web, _ := fakeWeb(t)
	os.WriteFile(filepath.Join(web, "app.wasm.br"), []byte("x"), 0o644)
	srv := newTestServer(t, web)
	_, body := get(t, srv.URL+"/app-worker.js")
	line := body[bytes.Index(body, []byte("resourcesToCache = ")):]
	line = line[len("resourcesToCache = "):bytes.IndexByte(line, '\n')]
	var list []string
	if err := json.Unmarshal(bytes.TrimSuffix(line, []byte(";")), &list); err != nil {
		t.Fatalf("resources list %q: %v", line, err)
	}
	for _, r := range list {
		if strings.Contains(r, "://") || strings.HasSuffix(r, ".br") || strings.HasSuffix(r, ".gz") {
			t.Errorf("caches %q", r)
		}
	}
	for _, want := range []string{"/", "/web/app.wasm", "/wasm_exec.js", "/web/icon-192.png"} {
		if !bytes.Contains(line, []byte(`"`+want+`"`)) {
			t.Errorf("does not cache %q: %s", want, line)
		}
	}
}

// TestPrecompressedWasm: the server makes the compressed copies itself (a fresh `make wasm`
// has none) and sends the best one the browser accepts.
func TestPrecompressedWasm(t *testing.T) {
	web, wasm := fakeWeb(t)
	srv := newTestServer(t, web)
	decoders := map[string]func(io.Reader) io.Reader{
		"br":   func(r io.Reader) io.Reader { return brotli.NewReader(r) },
		"gzip": func(r io.Reader) io.Reader { g, _ := gzip.NewReader(r); return g },
		"":     func(r io.Reader) io.Reader { return r },
	}
	for _, c := range []struct{ accept, want string }{{"gzip, deflate, br", "br"}, {"gzip", "gzip"}, {"", ""}} {
		t.Run("accept "+c.accept, func(t *testing.T) {
			resp, body := get(t, srv.URL+"/web/app.wasm", "Accept-Encoding", c.accept)
			if got := resp.Header.Get("Content-Encoding"); got != c.want {
				t.Fatalf("Content-Encoding %q, want %q", got, c.want)
			}
			if got := resp.Header.Get("Content-Type"); got != "application/wasm" {
				t.Errorf("Content-Type %q", got)
			}
			if resp.Header.Get("Vary") != "Accept-Encoding" || resp.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("Vary %q, Cache-Control %q", resp.Header.Get("Vary"), resp.Header.Get("Cache-Control"))
			}
			if got := resp.Header.Get(wasmLengthHeader); got != itoa(len(wasm)) {
				t.Errorf("%s = %q, want %d", wasmLengthHeader, got, len(wasm))
			}
			plain, err := io.ReadAll(decoders[c.want](bytes.NewReader(body)))
			if err != nil || !bytes.Equal(plain, wasm) {
				t.Errorf("decoded body differs from app.wasm (%v)", err)
			}
		})
	}
}

// TestSecurityHeaders: every response of `serve` carries the policy, and the static build's
// _headers gives Netlify the same for every path, naming the configured relay.
func TestSecurityHeaders(t *testing.T) {
	want := map[string]string{
		"Referrer-Policy":        "no-referrer",
		"X-Content-Type-Options": "nosniff",
	}
	policy := []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "img-src 'self' data:", "frame-ancestors 'none'", "connect-src 'self'"}
	check := func(t *testing.T, get func(string) string) {
		t.Helper()
		for k, v := range want {
			if got := get(k); got != v {
				t.Errorf("%s = %q, want %q", k, got, v)
			}
		}
		csp := get("Content-Security-Policy")
		for _, p := range policy {
			if !strings.Contains(csp, p) {
				t.Errorf("CSP %q lacks %q", csp, p)
			}
		}
		if strings.Contains(csp, "'unsafe-eval'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
			t.Errorf("CSP allows script eval or inline: %q", csp)
		}
	}
	web, _ := fakeWeb(t)
	srv := newTestServer(t, web)
	for _, p := range []string{"/", "/web/app.wasm", "/app.js", "/nowhere", "/manifest.webmanifest"} {
		t.Run("serve "+p, func(t *testing.T) {
			resp, _ := get(t, srv.URL+p)
			check(t, resp.Header.Get)
		})
	}
	t.Run("static", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "dist")
		if _, err := WriteStatic(out, Config{WebDir: web, RelayURL: "wss://relay.example:8443/signal"}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(out, "_headers"))
		if err != nil {
			t.Fatal(err)
		}
		rules := parseNetlifyHeaders(string(b))
		check(t, func(k string) string { return rules["/*"][k] })
		if csp := rules["/*"]["Content-Security-Policy"]; !strings.Contains(csp, "connect-src 'self' wss://relay.example:8443") {
			t.Errorf("static CSP does not allow the relay: %q", csp)
		}
		if w := rules["/web/app.wasm"]; w["Content-Encoding"] != "br" || w["Content-Type"] != "application/wasm" {
			t.Errorf("app.wasm headers %v", w)
		}
		red, _ := os.ReadFile(filepath.Join(out, "_redirects"))
		if !strings.Contains(string(red), "/web/app.wasm  /web/app.wasm.br  200!") {
			t.Errorf("_redirects %q", red)
		}
	})
}

// parseNetlifyHeaders reads a _headers file: a path line, then indented "Name: value" lines.
func parseNetlifyHeaders(s string) map[string]map[string]string {
	out := map[string]map[string]string{}
	var cur map[string]string
	for _, line := range strings.Split(s, "\n") {
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, " ") {
			cur = map[string]string{}
			out[line] = cur
			continue
		}
		k, v, _ := strings.Cut(strings.TrimSpace(line), ":")
		cur[k] = strings.TrimSpace(v)
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestCheckWebDir(t *testing.T) {
	web, _ := fakeWeb(t)
	if err := CheckWebDir(web); err != nil {
		t.Fatalf("complete dir: %v", err)
	}
	os.Remove(filepath.Join(web, "app.wasm"))
	err := CheckWebDir(web)
	if err == nil || !strings.Contains(err.Error(), "make wasm") {
		t.Fatalf("without app.wasm: %v, want advice to run make wasm", err)
	}
}

func TestWriteStatic(t *testing.T) {
	web, wasm := fakeWeb(t)
	out := filepath.Join(t.TempDir(), "dist")
	files, err := WriteStatic(out, Config{WebDir: web, RelayURL: "wss://relay.example/signal", Version: "abc123"})
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatalf("dist lacks %s: %v", name, err)
		}
		return string(b)
	}
	for name, want := range map[string]string{
		"index.html":           `id="home"`,
		"404.html":             `id="notfound"`,
		"wasm_exec.js":         "Go's own wasm_exec.js stand-in",
		"manifest.webmanifest": "maskable",
		"app.js":               "wss://relay.example/signal",
		"app-worker.js":        "abc123",
		"_headers":             wasmLengthHeader + ": " + itoa(len(wasm)),
		"web/cards/a.svg":      "<svg/>",
		"web/app.wasm":         string(wasm),
	} {
		if got := read(name); !strings.Contains(got, want) {
			t.Errorf("%s lacks %q", name, want)
		}
	}
	if b, _ := brotli.NewReader(strings.NewReader(read("web/app.wasm.br"))).Read(make([]byte, 4)); b != 4 {
		t.Error("web/app.wasm.br does not decode")
	}
	var sawWasm bool
	for _, f := range files {
		sawWasm = sawWasm || f.Path == "web/app.wasm"
		if f.Brotl >= f.Raw || f.Gzip >= f.Raw {
			t.Errorf("%s: compression grew it: %+v", f.Path, f)
		}
	}
	if !sawWasm {
		t.Errorf("app.wasm not precompressed: %+v", files)
	}
	// Writing again over our own output is fine; over someone else's directory it is refused.
	if _, err := WriteStatic(out, Config{WebDir: web}); err != nil {
		t.Errorf("rewrite: %v", err)
	}
	if _, err := WriteStatic(web, Config{WebDir: web}); err == nil || !strings.Contains(err.Error(), "refusing") {
		t.Errorf("writing over a foreign directory: %v, want a refusal", err)
	}
}

// The committed icons are what the manifest promises: PNGs of the stated sizes.
func TestIconsMatchManifest(t *testing.T) {
	for name, size := range map[string]int{"icon-192.png": 192, "icon-512.png": 512, "icon-maskable-512.png": 512} {
		f, err := os.Open(filepath.Join("..", "web", name))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != size || cfg.Height != size {
			t.Errorf("%s: %dx%d (%v), want %dx%d", name, cfg.Width, cfg.Height, err, size, size)
		}
	}
}

func TestRoutes(t *testing.T) {
	RegisterRoutes()
	RegisterRoutes() // idempotent
	for path, want := range map[string]bool{"/": true, "/not-found": true, "/nope": false, "": false} {
		if got := IsPage(path); got != want {
			t.Errorf("IsPage(%q) = %v", path, got)
		}
	}
	if ps := Pages(); len(ps) < 2 || ps[0] != "/" {
		t.Errorf("Pages() = %v", ps)
	}
}

// FuzzServerPath: whatever path a client asks for, the server answers without a server error
// and never hands out a file from outside its web directory.
func FuzzServerPath(f *testing.F) {
	for _, p := range []string{"/", "/web/app.wasm", "/web/../secret", "/web/%2e%2e/secret", "/web//cards/a.svg", "/not-found", "/%00", "/web/cards/"} {
		f.Add(p)
	}
	web, _ := fakeWeb(f)
	if err := os.WriteFile(filepath.Join(filepath.Dir(web), "secret"), []byte("top secret"), 0o644); err != nil {
		f.Fatal(err)
	}
	RegisterRoutes()
	h, err := NewServer(Config{WebDir: web, Version: "v"}, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, p string) {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL.Path = p
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Errorf("%q: status %d", p, rec.Code)
		}
		if strings.Contains(rec.Body.String(), "top secret") {
			t.Errorf("%q: served a file outside the web directory", p)
		}
	})
}

// TestPagesAllowZoom: people who need larger text can zoom every page, served or static.
func TestPagesAllowZoom(t *testing.T) {
	web, _ := fakeWeb(t)
	srv := newTestServer(t, web)
	check := func(name string, html []byte) {
		t.Helper()
		if !bytes.Contains(html, []byte(`name="viewport"`)) || bytes.Contains(html, []byte("user-scalable=0")) || bytes.Contains(html, []byte("maximum-scale=1")) {
			t.Errorf("%s: viewport forbids zoom or is missing", name)
		}
	}
	for _, p := range []string{"/", "/nowhere"} {
		resp, body := get(t, srv.URL+p)
		if resp.Header.Get("Content-Length") != itoa(len(body)) {
			t.Errorf("%s: Content-Length %s for %d bytes", p, resp.Header.Get("Content-Length"), len(body))
		}
		check(p, body)
	}
	out := filepath.Join(t.TempDir(), "dist")
	if _, err := WriteStatic(out, Config{WebDir: web}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "404.html"} {
		b, _ := os.ReadFile(filepath.Join(out, f))
		check(f, b)
	}
}
