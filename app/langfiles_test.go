//go:build !wasm

package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"miskatonic/app/i18n"
)

// Each language has its own manifest, named and described in that language, served where the
// language script points the page, and the same app (one id) in every language.
func TestManifestPerLanguage(t *testing.T) {
	web, _ := fakeWeb(t)
	srv := newTestServer(t, web)
	for _, l := range i18n.Languages {
		resp, body := get(t, srv.URL+manifestPath(l))
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/manifest+json" {
			t.Fatalf("%s: status %d, type %q", l, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		var m struct {
			ID, Lang, Name, Description string
			ShortName                   string `json:"short_name"`
			Icons                       []struct{ Purpose string }
		}
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		want := []string{"/", string(l), i18n.In(l, "manifest.name"), i18n.In(l, "manifest.short_name"), i18n.In(l, "app.tagline")}
		got := []string{m.ID, m.Lang, m.Name, m.ShortName, m.Description}
		for i := range want {
			if got[i] != want[i] || strings.HasPrefix(got[i], "⟨") {
				t.Errorf("%s: manifest field %d = %q, want %q", l, i, got[i], want[i])
			}
		}
		if len(m.Icons) == 0 || m.Icons[len(m.Icons)-1].Purpose != "maskable" {
			t.Errorf("%s: icons %+v", l, m.Icons)
		}
	}
	_, ja := get(t, srv.URL+"/manifest.ja.webmanifest")
	_, en := get(t, srv.URL+"/manifest.webmanifest")
	if string(ja) == string(en) || !strings.Contains(string(ja), "ミスカトニック") {
		t.Errorf("the Japanese manifest is not Japanese:\n%s", ja)
	}
	if resp, _ := get(t, srv.URL+"/manifest.de.webmanifest"); resp.StatusCode != 404 {
		t.Errorf("a language we lack: status %d, want the not-found page", resp.StatusCode)
	}
}

// The page loads the language script in <head> (from our origin: the CSP has no inline
// scripts), go-app's label is only the number, and the script carries every language's loading
// word and manifest, the saved-choice key of app/ui/lang, and the browser's languages.
func TestLoadingLabelFollowsLanguage(t *testing.T) {
	web, _ := fakeWeb(t)
	srv := newTestServer(t, web)
	_, page := get(t, srv.URL+"/")
	head, _, _ := strings.Cut(string(page), "</head>")
	if !strings.Contains(head, `<script src="/lang.js"></script>`) {
		t.Errorf("head lacks the language script:\n%s", head)
	}
	if !regexp.MustCompile(`id="app-wasm-loader-label"[^>]*>0%<`).MatchString(string(page)) || strings.Contains(string(page), i18n.In(i18n.English, "app.loading")) {
		t.Errorf("the loader label should be the bare number")
	}
	resp, js := get(t, srv.URL+"/lang.js")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("/lang.js: status %d, type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, l := range i18n.Languages {
		for _, want := range []string{i18n.In(l, "app.loading"), manifestPath(l)} {
			if !strings.Contains(string(js), want) {
				t.Errorf("/lang.js lacks %q", want)
			}
		}
	}
	for _, want := range []string{`"miskatonic.lang"`, "navigator.languages", "--mk-loading", `link[rel="manifest"]`} {
		if !strings.Contains(string(js), want) {
			t.Errorf("/lang.js lacks %s", want)
		}
	}
	_, worker := get(t, srv.URL+"/app-worker.js")
	for _, want := range []string{`"/lang.js"`, `"/manifest.ja.webmanifest"`, `"/manifest.fr.webmanifest"`} {
		if !strings.Contains(string(worker), want) {
			t.Errorf("the service worker does not cache %s (needed offline)", want)
		}
	}
}

// The script reads the language where app/ui/lang saves it.
func TestLangScriptKey(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("ui", "lang", "lang.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `langKey = "`+langStorageKey+`"`) {
		t.Errorf("app/ui/lang's langKey is no longer %q", langStorageKey)
	}
}

// A static build carries the script and every manifest too.
func TestWriteStaticLangFiles(t *testing.T) {
	web, _ := fakeWeb(t)
	out := filepath.Join(t.TempDir(), "dist")
	if _, err := WriteStatic(out, Config{WebDir: web}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"lang.js", "manifest.webmanifest", "manifest.ja.webmanifest", "manifest.fr.webmanifest"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || len(b) == 0 {
			t.Errorf("dist lacks %s: %v", name, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(out, "manifest.fr.webmanifest")); !strings.Contains(string(b), `"lang": "fr"`) {
		t.Errorf("French manifest:\n%s", b)
	}
}
