//go:build !wasm

package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// Theme colours shared by the manifest, the browser chrome and the loading screen.
const (
	ThemeColor      = "#1d1a27"
	BackgroundColor = "#100d17"
)

// wasmLengthHeader carries app.wasm's uncompressed size, so the loading bar stays right when the
// wasm travels brotli- or gzip-encoded (Content-Length is then the compressed size).
const wasmLengthHeader = "X-Wasm-Content-Length"

// Config says where the app's files are and how the page finds the signaling relay.
type Config struct {
	// WebDir is the directory served at /web/: icons, CSS, app.wasm and the wasm_exec.js that
	// came with the Go toolchain that built app.wasm. Default "web".
	WebDir string
	// RelayURL is the ws:// or wss:// URL of the signaling relay, baked into the page. Empty
	// means the relay at /signal on the page's own origin (what `miskatonic serve` mounts).
	RelayURL string
	// Version keys the service worker's cache. Default: Version (the git commit).
	Version string
	// ICE is the pages' ICE set-up, an rtc.Config as JSON (page variable EnvRTC). Empty: the
	// page's default (one public STUN server).
	ICE string
	// TURN answers /turn: short-lived TURN credentials for a table (app/turnserver). Nil: none.
	TURN http.Handler
}

func (c Config) withDefaults() Config {
	if c.WebDir == "" {
		c.WebDir = "web"
	}
	if c.Version == "" {
		c.Version = Version
	}
	return c
}

// NewHandler returns go-app's handler configured for Miskatonic: local icons (go-app's default
// icons are remote URLs, and one failed fetch stops the service worker installing, which kills
// offline play), every file under WebDir cached for offline use, and our service worker.
func NewHandler(cfg Config) (*app.Handler, error) {
	cfg = cfg.withDefaults()
	files, err := webFiles(cfg.WebDir)
	if err != nil {
		return nil, err
	}
	var styles, cached []string
	for _, f := range files {
		switch {
		case f == "app.wasm", f == "wasm_exec.js":
			// app.wasm is cached by go-app itself; wasm_exec.js is served at the root.
		case strings.HasSuffix(f, ".css"):
			styles = append(styles, "/web/"+f)
		default:
			cached = append(cached, "/web/"+f)
		}
	}
	// base.css first: later sheets (per screen, per game) refine it.
	sort.SliceStable(styles, func(i, j int) bool { return styles[i] == "/web/base.css" && styles[j] != "/web/base.css" })
	env := app.Environment{}
	if cfg.RelayURL != "" {
		env[EnvRelayURL] = cfg.RelayURL
	}
	if cfg.ICE != "" {
		env[EnvRTC] = cfg.ICE
	}
	version := cfg.Version
	if version == "dev" {
		version = "" // go-app then makes one per server start, so a dev reload picks up a rebuild
	}
	return &app.Handler{
		Name:        i18n.T("app.name"),
		ShortName:   i18n.T("app.name"),
		Title:       i18n.T("app.name"),
		Description: i18n.T("app.tagline"),
		Lang:        "en",
		Icon: app.Icon{
			Default:    "/web/icon-192.png",
			Large:      "/web/icon-512.png",
			SVG:        "/web/icon.svg",
			AppleTouch: "/web/icon-192.png",
		},
		ThemeColor:              ThemeColor,
		BackgroundColor:         BackgroundColor,
		LoadingLabel:            loadingLabel, // the word comes from /lang.js (langfiles.go)
		Scripts:                 []string{BootScriptPath, langScriptPath},
		Styles:                  styles,
		CacheableResources:      append(cached, manifestPath(i18n.Japanese), manifestPath(i18n.French), wordsPath(i18n.Japanese), wordsPath(i18n.French)),
		Resources:               webDir{dir: cfg.WebDir},
		Version:                 version,
		Env:                     env,
		WasmContentLengthHeader: wasmLengthHeader,
		ServiceWorkerTemplate:   serviceWorkerJS,
	}, nil
}

// webFiles lists the files under dir, slash-separated and relative to it, leaving out the
// precompressed copies (they are other encodings of a listed file, not resources).
func webFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing web files: %w", err)
	}
	return files, nil
}

// CheckWebDir reports, in words a newcomer can act on, what is missing from dir before the app
// can load in a browser.
func CheckWebDir(dir string) error {
	for _, f := range []string{"app.wasm", "wasm_exec.js", "icon.svg", "icon-192.png", "icon-512.png", "base.css"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return fmt.Errorf("%s is missing from %s (run `make wasm` from the repository root, or pass -web): %w", f, dir, err)
		}
	}
	return nil
}

// NewServer is everything `miskatonic serve` answers: the app, Go's own wasm_exec.js, our
// manifest, the signaling relay at /signal, and a friendly not-found page (status 404) for any
// other path.
func NewServer(cfg Config, relay http.Handler) (http.Handler, error) {
	cfg = cfg.withDefaults()
	h, err := NewHandler(cfg)
	if err != nil {
		return nil, err
	}
	// app.wasm is ~11 MB and ~2 MB as brotli: without a compressed copy beside it every first
	// load pays the difference. A read-only web directory just goes uncompressed.
	if err := Precompress(cfg.WebDir); err != nil {
		fmt.Fprintf(os.Stderr, "note: serving %s uncompressed: %v\n", cfg.WebDir, err)
	}
	generated := langFiles(h)
	loader, err := loaderScripts(h)
	if err != nil {
		return nil, err
	}
	for p, js := range loader {
		generated[p] = js
	}
	// A language's words are ~120 KB of text: sent as brotli, about a quarter of that.
	brotlied := map[string][]byte{}
	for _, l := range fetchedLanguages {
		brotlied[wordsPath(l)] = Brotli(generated[wordsPath(l)])
	}
	mux := http.NewServeMux()
	if relay != nil {
		mux.Handle("/signal", relay)
		mux.Handle("/signal/", relay)
	}
	if cfg.TURN != nil {
		mux.Handle("/turn", cfg.TURN)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		switch {
		case p == "/wasm_exec.js":
			// go-app embeds the wasm_exec.js of an older Go, which cannot start a Go 1.26
			// binary (its imports live under "go", the runtime's under "gojs"). Serve the copy
			// the Makefile put beside app.wasm.
			w.Header().Set("Cache-Control", "no-cache")
			http.ServeFile(w, r, filepath.Join(cfg.WebDir, "wasm_exec.js"))
		case generated[p] != nil || p == "/manifest.json":
			if p == "/manifest.json" {
				p = manifestPath(i18n.English)
			}
			w.Header().Set("Cache-Control", "no-cache")
			w.Header().Set("Content-Type", contentType(p))
			if br := brotlied[p]; br != nil {
				w.Header().Add("Vary", "Accept-Encoding")
				if strings.Contains(r.Header.Get("Accept-Encoding"), "br") {
					w.Header().Set("Content-Encoding", "br")
					w.Write(br)
					return
				}
			}
			w.Write(generated[p])
		case strings.HasPrefix(p, "/web/") || goappFiles[p]:
			h.ServeHTTP(w, r)
		case IsPage(p):
			servePage(h, w, r)
		default:
			r2 := r.Clone(r.Context())
			r2.URL.Path = PathNotFound
			servePage(h, &notFoundWriter{ResponseWriter: w}, r2)
		}
	})
	return withSecurityHeaders(mux, cfg.RelayURL, iceOrigins(cfg.ICE)), nil
}

// goappFiles are the paths go-app's handler serves itself.
var goappFiles = map[string]bool{
	"/app.js": true, "/goapp.js": true, "/app-worker.js": true, "/app.css": true,
	"/app.wasm": true, "/goapp.wasm": true,
}

// notFoundWriter turns the not-found page's 200 into a 404, so crawlers and tests see the truth
// while a person sees a page with a way home.
type notFoundWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *notFoundWriter) WriteHeader(code int) {
	if code == http.StatusOK {
		code = http.StatusNotFound
	}
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *notFoundWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Manifest is the web app manifest in English. We write our own because go-app's has no maskable
// icon, and Android crops a plain icon into a circle.
func Manifest(h *app.Handler) []byte { return ManifestIn(h, i18n.English) }

// ManifestIn is the manifest in language l: the name, short name and description a phone shows
// when the app is installed in that language; the same id, so it is one app in every language.
func ManifestIn(h *app.Handler, l i18n.Lang) []byte {
	type icon struct {
		Src     string `json:"src"`
		Type    string `json:"type"`
		Sizes   string `json:"sizes"`
		Purpose string `json:"purpose,omitempty"`
	}
	m := struct {
		ID              string `json:"id"`
		Lang            string `json:"lang"`
		Dir             string `json:"dir"`
		Name            string `json:"name"`
		ShortName       string `json:"short_name"`
		Description     string `json:"description"`
		StartURL        string `json:"start_url"`
		Scope           string `json:"scope"`
		Display         string `json:"display"`
		BackgroundColor string `json:"background_color"`
		ThemeColor      string `json:"theme_color"`
		Icons           []icon `json:"icons"`
	}{
		ID: "/", Lang: string(l), Dir: "ltr",
		Name: i18n.In(l, "manifest.name"), ShortName: i18n.In(l, "manifest.short_name"), Description: i18n.In(l, "app.tagline"),
		StartURL: "/", Scope: "/", Display: "standalone",
		BackgroundColor: BackgroundColor, ThemeColor: ThemeColor,
		Icons: []icon{
			{Src: "/web/icon.svg", Type: "image/svg+xml", Sizes: "any"},
			{Src: "/web/icon-192.png", Type: "image/png", Sizes: "192x192"},
			{Src: "/web/icon-512.png", Type: "image/png", Sizes: "512x512"},
			{Src: "/web/icon-maskable-512.png", Type: "image/png", Sizes: "512x512", Purpose: "maskable"},
		},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(m) // cannot fail: plain strings only
	return b.Bytes()
}

// webDir serves /web/ from a directory. Where a precompressed copy (.br, .gz) sits beside a file
// and the browser accepts it, the copy goes out instead: app.wasm shrinks about fourfold.
type webDir struct{ dir string }

func (d webDir) Package() string { return "" }
func (d webDir) Static() string  { return "" }
func (d webDir) AppWASM() string { return "/web/app.wasm" }

func (d webDir) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rel := path.Clean(strings.TrimPrefix(r.URL.Path, "/web/"))
	if rel == "." || strings.HasPrefix(rel, "..") {
		http.NotFound(w, r)
		return
	}
	name := filepath.Join(d.dir, filepath.FromSlash(rel))
	st, err := os.Stat(name)
	if err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	if rel == "app.wasm" {
		w.Header().Set(wasmLengthHeader, strconv.FormatInt(st.Size(), 10))
	}
	// Nothing under /web/ has a hashed name, and the service worker must never install a stale
	// copy: revalidate every time (a 304 by Last-Modified is cheap). Card art and icons may be a
	// day old.
	if strings.HasSuffix(rel, ".png") || strings.HasPrefix(rel, "cards/") {
		w.Header().Set("Cache-Control", "public, max-age=86400")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if ct := contentType(rel); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ ext, name string }{{".br", "br"}, {".gz", "gzip"}} {
		if !strings.Contains(accept, enc.name) {
			continue
		}
		f, err := os.Open(name + enc.ext)
		if err != nil {
			continue
		}
		defer f.Close()
		cst, err := f.Stat()
		if err != nil || cst.ModTime().Before(st.ModTime()) {
			continue // a stale copy of an older build: serve the file itself
		}
		w.Header().Set("Content-Encoding", enc.name)
		http.ServeContent(w, r, rel, st.ModTime(), f)
		return
	}
	http.ServeFile(w, r, name)
}

// contentType names types Go's table may lack on a bare system.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".webmanifest":
		return "application/manifest+json"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".txt":
		return "text/plain; charset=utf-8"
	}
	return ""
}
