//go:build !wasm

package app

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// distMarker marks a directory WriteStatic made, so it may clear it before writing again without
// ever deleting a directory someone pointed it at by mistake.
const distMarker = ".miskatonic-dist"

// StaticFile is one file WriteStatic precompressed, with its sizes in bytes.
type StaticFile struct {
	Path             string
	Raw, Gzip, Brotl int64
}

// WriteStatic writes the whole app as static files under out, for Netlify or any file host:
// one HTML file per page, 404.html, go-app's scripts, our manifest, Go's wasm_exec.js, a copy of
// cfg.WebDir at web/ (app.wasm included), .br and .gz copies of text and wasm files where they
// save space, and Netlify's _headers (security headers; app.wasm's raw size) and _redirects
// (app.wasm answered from its brotli copy). It returns the files it compressed.
func WriteStatic(out string, cfg Config) ([]StaticFile, error) {
	cfg = cfg.withDefaults()
	if err := CheckWebDir(cfg.WebDir); err != nil {
		return nil, err
	}
	if err := clearDist(out); err != nil {
		return nil, err
	}
	RegisterRoutes()
	h, err := NewHandler(cfg)
	if err != nil {
		return nil, err
	}
	if err := app.GenerateStaticWebsite(out, h, Pages()...); err != nil {
		return nil, fmt.Errorf("generating pages: %w", err)
	}
	if err := fixPages(out); err != nil {
		return nil, err
	}
	if err := copyDir(cfg.WebDir, filepath.Join(out, "web")); err != nil {
		return nil, err
	}
	wasmExec, err := os.ReadFile(filepath.Join(cfg.WebDir, "wasm_exec.js"))
	if err != nil {
		return nil, err
	}
	notFound, err := os.ReadFile(filepath.Join(out, strings.TrimPrefix(PathNotFound, "/")+".html"))
	if err != nil {
		return nil, fmt.Errorf("not-found page was not generated: %w", err)
	}
	wasm, err := os.Stat(filepath.Join(cfg.WebDir, "app.wasm"))
	if err != nil {
		return nil, err
	}
	extra := map[string][]byte{
		"wasm_exec.js": wasmExec, // replaces go-app's older copy (see NewServer)
		"404.html":     notFound,
		distMarker:     []byte("written by `miskatonic static`; safe to delete\n"),
	}
	loader, err := loaderScripts(h) // app.js and boot.js (appjs.go, boot.go)
	if err != nil {
		return nil, err
	}
	for p, b := range loader {
		if p != "/goapp.js" {
			extra[strings.TrimPrefix(p, "/")] = b
		}
	}
	for p, b := range langFiles(h) { // the language script and every language's manifest
		extra[strings.TrimPrefix(p, "/")] = b
	}
	styles, err := styleBundle(cfg.WebDir) // the pages' one stylesheet (styles.go)
	if err != nil {
		return nil, err
	}
	extra[strings.TrimPrefix(StylesPath, "/")] = styles
	for name, b := range extra {
		if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
			return nil, err
		}
	}
	done, err := precompress(out, cfg.WebDir)
	if err != nil {
		return nil, err
	}
	_, err = os.Stat(filepath.Join(out, "web", "app.wasm.br"))
	br := err == nil
	for name, b := range map[string]string{"_headers": netlifyHeaders(cfg.RelayURL, iceOrigins(cfg.ICE), wasm.Size(), br), "_redirects": netlifyRedirects(br)} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(b), 0o644); err != nil {
			return nil, err
		}
	}
	return done, nil
}

func clearDist(out string) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, os.ErrNotExist) || (err == nil && len(entries) == 0) {
		return os.MkdirAll(out, 0o755)
	}
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(out, distMarker)); err != nil {
		return fmt.Errorf("%s is not empty and was not written by `miskatonic static`; refusing to clear it", out)
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	return os.MkdirAll(out, 0o755)
}

func copyDir(src, dst string) error {
	files, err := webFiles(src)
	if err != nil {
		return err
	}
	for _, f := range files {
		if f == "wasm_exec.js" {
			continue // served from the root, where WriteStatic puts it
		}
		b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(f)))
		if err != nil {
			return err
		}
		to := filepath.Join(dst, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// compressible are the file kinds worth a precompressed copy (PNG and fonts are compressed
// already).
var compressible = map[string]bool{
	".html": true, ".js": true, ".css": true, ".wasm": true, ".svg": true,
	".webmanifest": true, ".json": true, ".txt": true,
}

// precompress writes name.gz and name.br beside every compressible file of at least 1 KiB under
// dir, keeping a copy only when it saves at least a tenth. A file copied from web (dir's web/)
// keeps the brotli copy the build left beside its source when that copy still matches it.
func precompress(dir, web string) ([]StaticFile, error) {
	files, err := webFiles(dir)
	if err != nil {
		return nil, err
	}
	var done []StaticFile
	for _, f := range files {
		if !compressible[filepath.Ext(f)] {
			continue
		}
		name := filepath.Join(dir, filepath.FromSlash(f))
		raw, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if len(raw) < 1024 {
			continue
		}
		sf := StaticFile{Path: f, Raw: int64(len(raw))}
		var br []byte
		if rest, ok := strings.CutPrefix(f, "web/"); ok {
			br = BrotliOf(filepath.Join(web, filepath.FromSlash(rest)), raw)
		}
		if br == nil {
			br = Brotli(raw)
		}
		gz := Gzip(raw)
		for _, c := range []struct {
			ext  string
			b    []byte
			size *int64
		}{{".gz", gz, &sf.Gzip}, {".br", br, &sf.Brotl}} {
			*c.size = int64(len(c.b))
			if len(c.b) > len(raw)*9/10 {
				continue
			}
			if err := os.WriteFile(name+c.ext, c.b, 0o644); err != nil {
				return nil, err
			}
		}
		done = append(done, sf)
	}
	sort.Slice(done, func(i, j int) bool { return done[i].Path < done[j].Path })
	return done, nil
}

// Gzip compresses b at the best level.
func Gzip(b []byte) []byte {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

// Brotli compresses b with brotli at quality 9 and a 4 MiB window: fast enough for a server to
// compress its files as it starts.
func Brotli(b []byte) []byte {
	return brotliWith(b, brotli.WriterOptions{Quality: 9, LGWin: 22})
}

// BrotliBest compresses b at brotli's best: quality 11 with a 16 MiB window (the largest every
// browser decodes). On app.wasm it is 13% smaller than Brotli (2.59 against 2.97 MB) and takes
// about a minute on a 2-core machine, so the build does it once (`miskatonic pack`, run by
// `make wasm`) and servers reuse that copy.
func BrotliBest(b []byte) []byte {
	return brotliWith(b, brotli.WriterOptions{Quality: 11, LGWin: 24})
}

func brotliWith(b []byte, o brotli.WriterOptions) []byte {
	var buf bytes.Buffer
	w := brotli.NewWriterOptions(&buf, o)
	io.Copy(w, bytes.NewReader(b))
	w.Close()
	return buf.Bytes()
}

// BrotliOf returns the brotli copy beside name (name.br) when it decodes to exactly raw, and
// nil otherwise: how a build's best-quality copy is reused instead of compressing again.
func BrotliOf(name string, raw []byte) []byte {
	br, err := os.ReadFile(name + ".br")
	if err != nil {
		return nil
	}
	dec, err := io.ReadAll(io.LimitReader(brotli.NewReader(bytes.NewReader(br)), int64(len(raw))+1))
	if err != nil || !bytes.Equal(dec, raw) {
		return nil
	}
	return br
}
