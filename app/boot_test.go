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

// TestBootScriptFirst: every page, served or written by the static build, starts app.wasm from
// its head with /boot.js, a plain script above the stylesheets and /lang.js (an async one was
// fetched late and lost the race to app.js; below the stylesheets it waited for them all), and no longer preloads app.wasm (the renderer's main thread buffered the
// preloaded body).
func TestBootScriptFirst(t *testing.T) {
	web, _ := fakeWeb(t)
	RegisterRoutes()
	h, err := NewServer(Config{WebDir: web}, nil)
	if err != nil {
		t.Fatal(err)
	}
	check := func(where, page string) {
		head, _, _ := strings.Cut(page, "</head>")
		boot := strings.Index(head, `<script src="/boot.js"></script>`)
		lang := strings.Index(head, `<script src="/lang.js">`)
		css := strings.Index(head, `rel="stylesheet"`)
		switch {
		case boot < 0 || strings.Count(head, "/boot.js") != 1:
			t.Errorf("%s: not one plain <script src=/boot.js> in the head", where)
		case lang < 0 || lang < boot:
			t.Errorf("%s: /boot.js is not before /lang.js", where)
		case css < 0 || css < boot:
			t.Errorf("%s: /boot.js is not above the stylesheets (it would wait for them)", where)
		}
		if strings.Contains(head, `rel="preload" href="/web/app.wasm"`) {
			t.Errorf("%s: app.wasm is still preloaded", where)
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
