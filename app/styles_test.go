//go:build !wasm

package app

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// The bundle is every sheet of the real web directory, whole and in the order their links had
// (base.css first, then by name), so the cascade is what it was with eleven links.
func TestStyleBundleHoldsEverySheet(t *testing.T) {
	web := filepath.Join("..", "web")
	bundle, err := styleBundle(web)
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := filepath.Glob(filepath.Join(web, "*.css"))
	if err != nil || len(sheets) < 2 {
		t.Fatalf("web/*.css: %v %v", sheets, err)
	}
	at := -1
	for i, name := range styleSheets(relNames(sheets)) {
		css, err := os.ReadFile(filepath.Join(web, name))
		if err != nil {
			t.Fatal(err)
		}
		j := bytes.Index(bundle, append([]byte("/* web/"+name+" */\n"), css...))
		switch {
		case j < 0:
			t.Errorf("%s is not in the bundle whole", name)
		case j < at:
			t.Errorf("%s comes before the sheet linked before it", name)
		case i == 0 && (name != "base.css" || j != 0):
			t.Errorf("the bundle starts with %s, want base.css", name)
		}
		at = j
	}
}

func relNames(paths []string) []string {
	var names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
	}
	return names
}

// A sheet the bundle would break is refused with its name, not shipped broken.
func TestStyleBundleRefusesWhatBreaks(t *testing.T) {
	cases := []struct {
		name, css string
		ok        bool
	}{
		{"plain rules", "p{color:red}", true},
		{"absolute url", `p{background:url("/web/cards/back.svg")}`, true},
		{"data url", "p{background:url(data:image/png;base64,AAAA)}", true},
		{"remote url", "p{background:url('https://example.org/x.png')}", true},
		{"relative url", "p{background:url(cards/back.svg)}", false},
		{"quoted relative url", `p{background:url( "cards/back.svg")}`, false},
		{"import", `@import "other.css";`, false},
		{"charset", `@charset "utf-8";`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "base.css"), []byte("body{}"), 0o644)
			os.WriteFile(filepath.Join(dir, "late.css"), []byte(c.css), 0o644)
			_, err := styleBundle(dir)
			if (err == nil) != c.ok {
				t.Fatalf("err = %v, want ok %v", err, c.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "late.css") {
				t.Errorf("error does not name the sheet: %v", err)
			}
		})
	}
}

// The page links our one stylesheet and no sheet of /web/; the worker precaches it; it goes out
// brotli-compressed to a browser that takes brotli, and plain to one that does not.
func TestStylesServed(t *testing.T) {
	web, _ := fakeWeb(t)
	srv := newTestServer(t, web)
	_, page := get(t, srv.URL+"/")
	if links := regexp.MustCompile(`href="[^"]*\.css"`).FindAll(page, -1); len(links) != 4 ||
		!bytes.Contains(page, []byte(`href="/styles.css"`)) || bytes.Contains(page, []byte(`href="/web/`+"base.css")) {
		// go-app's own /app.css and ours, each as a preload and as a stylesheet
		t.Errorf("stylesheet links: %s", links)
	}
	_, worker := get(t, srv.URL+"/app-worker.js")
	if !bytes.Contains(worker, []byte(`"/styles.css"`)) {
		t.Error("the service worker does not precache /styles.css")
	}
	big := bytes.Repeat([]byte("p.x{color:var(--ink)}\n"), 200)
	os.WriteFile(filepath.Join(web, "big.css"), big, 0o644)
	srv = newTestServer(t, web)
	_, plain := get(t, srv.URL+StylesPath)
	resp, body := get(t, srv.URL+StylesPath, "Accept-Encoding", "gzip, br")
	if resp.Header.Get("Content-Encoding") != "br" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("encoding %q, vary %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
	}
	dec, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
	if err != nil || !bytes.Equal(dec, plain) || !bytes.Contains(dec, big) {
		t.Errorf("brotli copy decodes to %d bytes (%v), want the sheets", len(dec), err)
	}
	resp, body = get(t, srv.URL+StylesPath)
	if resp.Header.Get("Content-Encoding") != "" || !bytes.Contains(body, big) {
		t.Errorf("without brotli: encoding %q", resp.Header.Get("Content-Encoding"))
	}
}
