//go:build !wasm

package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"miskatonic/app/signal"
)

// CSP is the page's Content-Security-Policy. Scripts come only from our origin (wasm needs
// 'wasm-unsafe-eval' to compile, nothing needs eval); connections go to our origin, the
// signaling endpoints (our relay, or the public transports of the list) and the extra origins
// given (a relay answering TURN credentials on another site); images are ours or data: URLs (the invite QR code); nobody may frame us. go-app sets
// element styles through the style attribute, so style attributes (not style elements) are
// allowed: they cannot run code. STUN and TURN servers need no entry: connect-src does not
// govern WebRTC's own traffic.
func CSP(relayURL string, extra ...string) string {
	connect := append([]string{"'self'"}, signal.Origins(relayURL)...)
	for _, o := range extra {
		if !slices.Contains(connect, o) {
			connect = append(connect, o)
		}
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self' 'wasm-unsafe-eval'",
		"style-src 'self'",
		"style-src-attr 'unsafe-inline'",
		"img-src 'self' data:",
		"connect-src " + strings.Join(connect, " "),
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// securityHeaders are sent with every response, by `serve` and (through _headers) by Netlify.
func securityHeaders(relayURL string, extra []string) map[string]string {
	return map[string]string{
		"Content-Security-Policy": CSP(relayURL, extra...),
		"Referrer-Policy":         "no-referrer",
		"X-Content-Type-Options":  "nosniff",
		"X-Frame-Options":         "DENY", // frame-ancestors for browsers without CSP 2
	}
}

// withSecurityHeaders sets the security headers on every response of h.
func withSecurityHeaders(h http.Handler, relayURL string, extra []string) http.Handler {
	hs := securityHeaders(relayURL, extra)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range hs {
			w.Header().Set(k, v)
		}
		h.ServeHTTP(w, r)
	})
}

// netlifyHeaders is the static build's _headers file: the security headers everywhere, and
// app.wasm served from its brotli copy (Netlify picks no encoding by Accept-Encoding, and every
// browser that runs this wasm over https accepts brotli), with its raw size for the loading bar.
func netlifyHeaders(relayURL string, extra []string, wasmSize int64, wasmBrotli bool) string {
	hs := securityHeaders(relayURL, extra)
	keys := make([]string, 0, len(hs))
	for k := range hs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("/*\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "  %s: %s\n", k, hs[k])
	}
	for _, p := range []string{"/web/app.wasm", "/web/app.wasm.br"} {
		fmt.Fprintf(&b, "%s\n  Content-Type: application/wasm\n  %s: %d\n", p, wasmLengthHeader, wasmSize)
		if wasmBrotli {
			b.WriteString("  Content-Encoding: br\n")
		}
	}
	return b.String()
}

// iceOrigins are the origins a page with this ICE set-up (rtc.Config as JSON) fetches from:
// the TURN credentials endpoint when it is on another site.
func iceOrigins(ice string) []string {
	var c struct {
		Credentials string `json:"credentials"`
	}
	if ice == "" || json.Unmarshal([]byte(ice), &c) != nil {
		return nil
	}
	u, err := url.Parse(c.Credentials)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return nil // our own origin's /turn: 'self' covers it
	}
	return []string{u.Scheme + "://" + u.Host}
}

// netlifyRedirects answers /web/app.wasm with the brotli copy when there is one.
func netlifyRedirects(wasmBrotli bool) string {
	if !wasmBrotli {
		return ""
	}
	return "/web/app.wasm  /web/app.wasm.br  200!\n"
}

// Precompress writes .br and .gz copies beside every compressible file of dir that lacks a
// fresh one, so `serve` sends app.wasm about a fifth of its size. Copies are written aside and
// renamed, so servers starting together never read a half-written one.
func Precompress(dir string) error {
	files, err := webFiles(dir)
	if err != nil {
		return err
	}
	for _, f := range files {
		if !compressible[filepath.Ext(f)] {
			continue
		}
		name := filepath.Join(dir, filepath.FromSlash(f))
		st, err := os.Stat(name)
		if err != nil || st.Size() < 1024 {
			continue
		}
		var raw []byte
		for _, c := range []struct {
			ext string
			fn  func([]byte) []byte
		}{{".br", Brotli}, {".gz", Gzip}} {
			if cst, err := os.Stat(name + c.ext); err == nil && !cst.ModTime().Before(st.ModTime()) {
				continue
			}
			if raw == nil {
				if raw, err = os.ReadFile(name); err != nil {
					return err
				}
			}
			tmp, err := os.CreateTemp(filepath.Dir(name), ".compress-*")
			if err != nil {
				return err
			}
			_, err = tmp.Write(c.fn(raw))
			if cerr := tmp.Close(); err == nil {
				err = cerr
			}
			if err == nil {
				err = os.Rename(tmp.Name(), name+c.ext)
			}
			if err != nil {
				os.Remove(tmp.Name())
				return err
			}
		}
	}
	return nil
}

// go-app's pages forbid zooming (maximum-scale=1, user-scalable=0), which locks out people who
// need larger text: the viewport is rewritten to allow it.
var (
	lockedViewport = []byte(`initial-scale=1, maximum-scale=1, user-scalable=0,`)
	openViewport   = []byte(`initial-scale=1,`)
)

// fixPage also puts boot.js first in the head (bootFirst).
func fixPage(html []byte) []byte {
	return bootFirst(bytes.Replace(html, lockedViewport, openViewport, 1))
}

// pageRecorder holds a page go-app renders so fixPage can edit it before it goes out.
type pageRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (p *pageRecorder) Header() http.Header         { return p.header }
func (p *pageRecorder) Write(b []byte) (int, error) { return p.body.Write(b) }
func (p *pageRecorder) WriteHeader(code int) {
	if p.status == 0 {
		p.status = code
	}
}

// servePage renders a page with h into w, with fixPage applied.
func servePage(h http.Handler, w http.ResponseWriter, r *http.Request) {
	rec := &pageRecorder{header: http.Header{}}
	h.ServeHTTP(rec, r)
	body := rec.body.Bytes()
	if strings.HasPrefix(rec.header.Get("Content-Type"), "text/html") {
		body = fixPage(body)
		rec.header.Set("Content-Length", strconv.Itoa(len(body)))
	}
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	w.WriteHeader(rec.status)
	w.Write(body)
}

// fixPages applies fixPage to every HTML file under dir (the static build).
func fixPages(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".html" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(p, fixPage(b), 0o644)
	})
}
