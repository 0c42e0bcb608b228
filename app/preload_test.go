//go:build !wasm

package app

import (
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWasmPreloaded: every page, served or written by the static build, asks for app.wasm from
// its head, in the fetch mode app.js's own fetch uses (or the browser downloads it twice).
func TestWasmPreloaded(t *testing.T) {
	web, _ := fakeWeb(t)
	RegisterRoutes()
	h, err := NewServer(Config{WebDir: web}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`rel="preload"`, `href="/web/app.wasm"`, `as="fetch"`, `crossorigin="anonymous"`}
	check := func(where, page string) {
		head, _, _ := strings.Cut(page, "</head>")
		i := strings.Index(head, `href="/web/app.wasm"`)
		if i < 0 {
			t.Errorf("%s: no preload of app.wasm in the head", where)
			return
		}
		link := head[strings.LastIndex(head[:i], "<"):]
		link = link[:strings.Index(link, ">")+1]
		for _, w := range want {
			if !strings.Contains(link, w) {
				t.Errorf("%s: %s lacks %s", where, link, w)
			}
		}
	}
	for _, p := range []string{"/", PathSolo, "/no/such/page"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		b, _ := io.ReadAll(rec.Body)
		check("serve "+p, string(b))
	}
	out := filepath.Join(t.TempDir(), "dist")
	if _, err := WriteStatic(out, Config{WebDir: web}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "404.html"} {
		b, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		check("static "+f, string(b))
	}
}
