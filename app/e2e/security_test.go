//go:build browser

package e2e

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"miskatonic/app"
)

// wireBytes records, per URL path suffix, the bytes that crossed the network for it
// (CDP's encodedDataLength: headers and body as sent, compressed if it was).
type wireBytes struct {
	mu       sync.Mutex
	urls     map[network.RequestID]string
	encoding map[string]string
	bytes    map[string]float64
}

func watchWire(b *Browser, identity bool) *wireBytes {
	w := &wireBytes{urls: map[network.RequestID]string{}, encoding: map[string]string{}, bytes: map[string]float64{}}
	if err := chromedp.Listen(b.Ctx, func(ev any) {
		w.mu.Lock()
		defer w.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			w.urls[e.RequestID] = e.Response.URL
			for k, v := range e.Response.Headers {
				if strings.EqualFold(k, "Content-Encoding") {
					w.encoding[e.Response.URL], _ = v.(string)
				}
			}
		case *network.EventLoadingFinished:
			if u, ok := w.urls[e.RequestID]; ok {
				w.bytes[u] += e.EncodedDataLength
			}
		}
	}); err != nil {
		b.t.Fatal(err)
	}
	b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if identity {
			// What `serve` sent before it compressed: the browser asks for no encoding.
			_, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Encoding": "identity"}})
			return err
		}
		return nil
	}))
	return w
}

func (w *wireBytes) of(suffix string) (float64, string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for u, n := range w.bytes {
		if strings.HasSuffix(u, suffix) {
			return n, w.encoding[u]
		}
	}
	return 0, ""
}

// cspViolations are the console's reports of anything the policy blocked.
func cspViolations(b *Browser) []string {
	var out []string
	for _, l := range b.Logs() {
		if strings.Contains(l, "Content Security Policy") || strings.Contains(l, "Content-Security-Policy") {
			out = append(out, l)
		}
	}
	return out
}

// TestBootsUnderCSPAndCompressed: the app served by `serve`, with its security headers, starts
// in Chromium with nothing blocked, and app.wasm crosses the wire brotli-encoded. It prints the
// wasm's bytes over the wire asking for no encoding (what `serve` sent before) and as sent now.
func TestBootsUnderCSPAndCompressed(t *testing.T) {
	srv := StartApp(t)
	var got [2]float64
	for i, identity := range []bool{true, false} {
		b := NewBrowser(t, map[bool]string{true: "identity", false: "default"}[identity], Phone)
		w := watchWire(b, identity)
		b.Open(srv.URL + "/")
		b.WaitApp()
		b.WaitVisible("#home")
		csp, _ := Eval[string](b, `fetch(location.href).then(r => r.headers.get("Content-Security-Policy"))`)
		if !strings.Contains(csp, "default-src 'self'") {
			t.Fatalf("page served without the policy: %q", csp)
		}
		// A page with data: images and style attributes (the QR code of an offline table).
		b.Open(srv.URL + app.PathCode)
		b.WaitApp()
		if v := cspViolations(b); len(v) > 0 {
			t.Fatalf("the policy blocked something: %q", v)
		}
		n, enc := w.of("/web/app.wasm")
		if n == 0 {
			t.Fatal("no app.wasm load seen")
		}
		got[i] = n
		t.Logf("app.wasm over the wire, %s: %.0f bytes (Content-Encoding %q)", b.Name, n, enc)
		if !identity && enc != "br" {
			t.Errorf("app.wasm sent with encoding %q, want br", enc)
		}
	}
	t.Logf("app.wasm over the wire from serve: before %.2f MB, after %.2f MB (%.1f×)", got[0]/1e6, got[1]/1e6, got[0]/got[1])
	if got[1]*3 > got[0] {
		t.Errorf("compression saves too little: %.0f → %.0f", got[0], got[1])
	}
}

// TestStaticBootsUnderCSP: the static build, served with the headers its _headers file gives
// every path (as Netlify would), starts with nothing blocked.
func TestStaticBootsUnderCSP(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	if _, err := app.WriteStatic(out, app.Config{WebDir: WebDir(t), RelayURL: "wss://relay.example/signal"}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(out, "_headers"))
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]string{}
	inAll := false
	for _, line := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(line, " ") {
			inAll = line == "/*"
			continue
		}
		if k, v, ok := strings.Cut(strings.TrimSpace(line), ":"); ok && inAll {
			all[k] = strings.TrimSpace(v)
		}
	}
	if all["Content-Security-Policy"] == "" {
		t.Fatalf("_headers has no policy for /*: %s", raw)
	}
	files := dirHandler(out)
	srv := start(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range all {
			w.Header().Set(k, v)
		}
		files.ServeHTTP(w, r)
	}))
	b := NewBrowser(t, "static", Phone)
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitVisible("#home")
	b.Open(srv.URL + app.PathCode)
	b.WaitApp()
	if v := cspViolations(b); len(v) > 0 {
		t.Fatalf("the policy blocked something: %q", v)
	}
}
