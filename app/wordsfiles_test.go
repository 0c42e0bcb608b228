//go:build !wasm

package app

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"miskatonic/app/i18n"
)

// The browser build embeds English alone: Japanese and French pages fetch their words from the
// server, which serves each language's data whole, as text, lists it for the service worker to
// cache (an offline start in Japanese needs it), and has none for English or for a language we
// lack. The language script knows where each language's words are.
func TestWordsFilesServed(t *testing.T) {
	web, _ := fakeWeb(t)
	srv := newTestServer(t, web)
	for _, l := range []i18n.Lang{i18n.Japanese, i18n.French} {
		resp, body := get(t, srv.URL+wordsPath(l))
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
			t.Fatalf("%s: status %d, type %q", l, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		if !bytes.Equal(body, i18n.Data(l)) || !bytes.Contains(body, []byte("\napp.loading = ")) {
			t.Errorf("%s: the served words are not the language's data (%d bytes)", l, len(body))
		}
		// A browser asking for brotli gets it, and it decodes to the same words.
		req, _ := http.NewRequest("GET", srv.URL+wordsPath(l), nil)
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(brotli.NewReader(resp.Body))
		resp.Body.Close()
		if resp.Header.Get("Content-Encoding") != "br" || err != nil || !bytes.Equal(raw, body) {
			t.Errorf("%s: brotli: encoding %q, %v, decodes equal: %v", l, resp.Header.Get("Content-Encoding"), err, bytes.Equal(raw, body))
		}
	}
	for _, p := range []string{"/words.en.txt", "/words.de.txt"} {
		if resp, _ := get(t, srv.URL+p); resp.StatusCode != 404 {
			t.Errorf("%s: status %d, want the not-found page", p, resp.StatusCode)
		}
	}
	_, worker := get(t, srv.URL+"/app-worker.js")
	_, js := get(t, srv.URL+"/lang.js")
	for _, p := range []string{`"/words.ja.txt"`, `"/words.fr.txt"`} {
		if !strings.Contains(string(worker), p) {
			t.Errorf("the service worker does not cache %s (needed offline)", p)
		}
		if !strings.Contains(string(js), p) {
			t.Errorf("/lang.js does not fetch %s", p)
		}
	}
}

// A static build carries the words files too.
func TestWriteStaticWordsFiles(t *testing.T) {
	web, _ := fakeWeb(t)
	out := filepath.Join(t.TempDir(), "dist")
	if _, err := WriteStatic(out, Config{WebDir: web}); err != nil {
		t.Fatal(err)
	}
	for _, l := range []i18n.Lang{i18n.Japanese, i18n.French} {
		b, err := os.ReadFile(filepath.Join(out, strings.TrimPrefix(wordsPath(l), "/")))
		if err != nil || !bytes.Equal(b, i18n.Data(l)) {
			t.Errorf("dist's %s: %d bytes, %v", wordsPath(l), len(b), err)
		}
	}
}
