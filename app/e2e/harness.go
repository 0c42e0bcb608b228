//go:build !wasm

// Package e2e drives the real app in real headless Chromium. This file is the reusable harness:
// start the app (in process, as `miskatonic serve` does, or a built dist/ on a file server),
// launch independent browsers with fresh profiles, wait for the app and for text, click, take
// screenshots, and cut the network. The tests themselves carry the `browser` build tag and run
// from `make browser-test`, inside a private network namespace (see design.md §8).
//
// A typical test:
//
//	srv := e2e.StartApp(t)
//	b := e2e.NewBrowser(t, "alice", e2e.Laptop)
//	b.Open(srv.URL + "/")
//	b.WaitVisible("#home")
//	b.Screenshot("home")
package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"miskatonic/app"
	"miskatonic/app/relay"
)

// Timeout bounds each single browser step (a wait, a click). Generous: two cores are shared
// by six engineers and a cold wasm start compiles 7 MB.
var Timeout = 90 * time.Second

// RepoRoot is the directory holding go.mod. Tests run from their package directory, a test
// binary from wherever it was started, so the harness looks upward.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && bytes.HasPrefix(b, []byte("module miskatonic\n")) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("e2e: cannot find the repository root (go.mod of module miskatonic) above the working directory")
		}
		dir = parent
	}
}

// WebDir is the repository's web/ directory, checked to hold a built app.
func WebDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(RepoRoot(t), "web")
	if err := app.CheckWebDir(dir); err != nil {
		t.Fatalf("e2e: %v", err)
	}
	return dir
}

// Server is an app server on a free loopback port.
type Server struct {
	URL  string
	srv  *httptest.Server
	once sync.Once
	cut  atomic.Bool
}

// StartApp serves the app as `miskatonic serve` does (relay at /signal included) on a free
// port, until the test ends or Stop.
func StartApp(t testing.TB) *Server {
	t.Helper()
	app.RegisterRoutes()
	h, err := app.NewServer(app.Config{WebDir: WebDir(t)}, relay.New(relay.Config{}))
	if err != nil {
		t.Fatalf("e2e: %v", err)
	}
	return start(t, h)
}

// StartDir serves a built dist/ directory the way Netlify does: a path names a file, or the
// same name plus .html, or a directory's index.html; anything else is 404.html with status 404.
// Precompressed copies are not used (Netlify compresses by itself).
func StartDir(t testing.TB, dir string) *Server {
	t.Helper()
	return start(t, dirHandler(dir))
}

// dirHandler is StartDir's file host.
func dirHandler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := path.Clean("/" + r.URL.Path)
		name := filepath.Join(dir, filepath.FromSlash(p))
		if st, err := os.Stat(name); err == nil && (!st.IsDir() || exists(filepath.Join(name, "index.html"))) {
			files.ServeHTTP(w, r)
			return
		}
		if exists(name + ".html") {
			http.ServeFile(w, r, name+".html")
			return
		}
		b, err := os.ReadFile(filepath.Join(dir, "404.html"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		w.Write(b)
	})
	return h
}

func exists(name string) bool {
	st, err := os.Stat(name)
	return err == nil && !st.IsDir()
}

func start(t testing.TB, h http.Handler) *Server {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("e2e: listen: %v", err)
	}
	s := &Server{}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cut.Load() {
			// Drop the connection without a word, as a dead network would.
			if hj, ok := w.(http.Hijacker); ok {
				if c, _, err := hj.Hijack(); err == nil {
					c.Close()
					return
				}
			}
			panic(http.ErrAbortHandler)
		}
		h.ServeHTTP(w, r)
	}))
	s.srv.Listener.Close()
	s.srv.Listener = ln
	s.srv.Start()
	s.URL = s.srv.URL
	t.Cleanup(s.Stop)
	return s
}

// Cut makes the server unreachable (every connection is dropped, open ones too, WebSockets
// included) or reachable again: the network cut, reversibly. The browser sees network errors,
// exactly as offline, including for requests its service worker makes.
func (s *Server) Cut(cut bool) {
	s.cut.Store(cut)
	if cut {
		s.srv.CloseClientConnections()
	}
}

// Stop shuts the server down, dropping open connections: from then on the browser finds
// nothing at that address, as with the network cut. Safe to call twice.
func (s *Server) Stop() {
	s.once.Do(func() {
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
}

// Viewport is a browser window size in CSS pixels.
type Viewport struct {
	Width, Height int64
	Scale         float64 // device pixel ratio
	Mobile        bool
}

// Common viewports for screenshots.
var (
	Laptop = Viewport{Width: 1366, Height: 800, Scale: 1}
	Phone  = Viewport{Width: 390, Height: 844, Scale: 2, Mobile: true}
)

// ChromeFlags are the flags every test browser runs with: headless, no sandbox (root in a
// container), nothing phoning home, WebRTC host candidates with real addresses (not mDNS names,
// which cannot resolve in the namespace), and no throttling of background tabs, since several
// browsers play at once and none has focus.
var ChromeFlags = []string{
	"headless", "no-sandbox", "disable-gpu", "disable-quic", "no-first-run", "no-default-browser-check",
	"disable-background-networking", "disable-component-update", "disable-sync",
	"disable-background-timer-throttling", "disable-renderer-backgrounding",
	"disable-backgrounding-occluded-windows", "disable-dev-shm-usage",
}

// Browser is one Chromium with its own fresh profile.
type Browser struct {
	Name string
	Ctx  context.Context // a chromedp context: use it with chromedp.Run for anything not wrapped here

	t    testing.TB
	mu   sync.Mutex
	logs []string
	shot int
}

// ChromePath is the Chromium binary: $CHROME, else Debian's /usr/bin/chromium.
func ChromePath() string {
	if p := os.Getenv("CHROME"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// NewBrowser starts a browser, closed when the test ends. The name labels its logs and
// screenshots.
func NewBrowser(t testing.TB, name string, vp Viewport) *Browser {
	t.Helper()
	if _, err := os.Stat(ChromePath()); err != nil {
		t.Fatalf("e2e: no Chromium at %s (make chromium installs Debian's): %v", ChromePath(), err)
	}
	profile := t.TempDir() // registered before the browser's cleanup, so removed after it exits
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(ChromePath()),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(int(vp.Width), int(vp.Height)),
		chromedp.Flag("disable-features", "WebRtcHideLocalIpsWithMdns,Translate,MediaRouter"),
	}
	for _, f := range ChromeFlags {
		opts = append(opts, chromedp.Flag(f, true))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	return attach(t, name, ctx, vp)
}

// attach wraps a chromedp context (a tab) as a Browser: it starts the tab, records its console
// and sizes its viewport.
func attach(t testing.TB, name string, ctx context.Context, vp Viewport) *Browser {
	t.Helper()
	b := &Browser{Name: name, Ctx: ctx, t: t}
	messages := chromedp.Console(ctx) // starts the browser
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.logs = append(b.logs, m.String())
			b.mu.Unlock()
		}
	}()
	var vopts []chromedp.EmulateViewportOption
	if vp.Scale > 0 {
		vopts = append(vopts, chromedp.EmulateScale(vp.Scale))
	}
	if vp.Mobile {
		vopts = append(vopts, chromedp.EmulateMobile)
	}
	b.Do(chromedp.EmulateViewport(vp.Width, vp.Height, vopts...))
	t.Cleanup(func() {
		if t.Failed() {
			for _, l := range b.Logs() {
				t.Logf("[%s console] %s", name, l)
			}
			return
		}
		// A passing test still says when the page recovered from a link that opened but
		// carried nothing (dialled again): how often that happens is worth knowing.
		for _, l := range b.Logs() {
			if strings.Contains(l, "dialling again") || strings.Contains(l, "no welcome came") {
				t.Logf("RECOVERED [%s console] %s", name, l)
			}
		}
	})
	return b
}

// NewBrowsers starts n browsers named p1..pn, for several-player tests.
func NewBrowsers(t testing.TB, n int, vp Viewport) []*Browser {
	bs := make([]*Browser, n)
	for i := range bs {
		bs[i] = NewBrowser(t, fmt.Sprintf("p%d", i+1), vp)
	}
	return bs
}

// Logs returns what the page wrote to its console so far, exceptions included.
func (b *Browser) Logs() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.logs...)
}

// Try runs steps within Timeout and returns the error, for tests that expect a failure.
func (b *Browser) Try(steps ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(b.Ctx, Timeout)
	defer cancel()
	return chromedp.Do(ctx, steps...)
}

// Do runs steps within Timeout and fails the test on error.
func (b *Browser) Do(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := b.Try(steps...); err != nil {
		b.t.Fatalf("e2e %s: %v", b.Name, err)
	}
}

// Open loads url and waits for the page's load event (not for the app: see WaitApp).
func (b *Browser) Open(url string) {
	b.t.Helper()
	b.Do(chromedp.Navigate(url))
}

// Reload reloads the page and waits for its load event.
func (b *Browser) Reload() {
	b.t.Helper()
	b.Do(chromedp.Reload())
}

// appStarted is true once go-app has run the wasm: app.js removes the loading screen right after
// the Go program mounted the first page. If loading failed the screen stays, showing the error.
const appStarted = `document.readyState === "complete" && !document.getElementById("app-wasm-loader")`

// WaitApp waits until the wasm app has started and rendered its first page. On timeout it
// reports what the loading screen says.
func (b *Browser) WaitApp() {
	b.t.Helper()
	err := b.Try(poll(appStarted, 20*time.Millisecond))
	// A page that reloads itself while polled (go-app's worker taking over after its first
	// install) loses the poll's execution context: poll the new page.
	for i := 0; i < 3 && err != nil && strings.Contains(err.Error(), "Cannot find context"); i++ {
		err = b.Try(poll(appStarted, 20*time.Millisecond))
	}
	if err != nil {
		label, _ := Eval[string](b, `(document.getElementById("app-wasm-loader-label") || {}).innerText || ""`)
		b.t.Fatalf("e2e %s: the app did not start (loading screen says %q): %v", b.Name, label, err)
	}
}

// poll waits, up to Timeout (chromedp's own default is 30 s), until js is truthy.
func poll(js string, every time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(every), chromedp.WithPollingTimeout(Timeout))
}

// WaitVisible waits until the CSS selector matches a visible element.
func (b *Browser) WaitVisible(css string) {
	b.t.Helper()
	b.Do(chromedp.WaitVisible(chromedp.CSS(css)))
}

// WaitText waits until the element matching css contains text (its textContent, so as written,
// whatever CSS does to case or visibility).
func (b *Browser) WaitText(css, text string) {
	b.t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.textContent.includes(%q); })()`, css, text)
	if err := b.Try(poll(js, 50*time.Millisecond)); err != nil {
		got, _ := Eval[string](b, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || "(no element)"`, css))
		b.t.Fatalf("e2e %s: %q never showed %q (it shows %q): %v", b.Name, css, text, got, err)
	}
}

// Text returns the textContent of the first element matching css.
func (b *Browser) Text(css string) string {
	b.t.Helper()
	s, err := Eval[string](b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) throw new Error("no element %s"); return e.textContent; })()`, css, strings.ReplaceAll(css, `"`, `'`)))
	if err != nil {
		b.t.Fatalf("e2e %s: %v", b.Name, err)
	}
	return s
}

// Click clicks the first visible element matching css.
// go-app may redraw the element between finding and clicking it (the node id then names
// nothing): that is retried, a few times, as a person's second tap would.
func (b *Browser) Click(css string) {
	b.t.Helper()
	var err error
	for try := 0; try < 3; try++ {
		if err = b.Try(chromedp.Click(chromedp.CSS(css), chromedp.NodeVisible)); err == nil || !strings.Contains(err.Error(), "Could not find node") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		b.t.Fatalf("e2e %s: %v", b.Name, err)
	}
}

// ClickJoin presses the invite page's join button once the page has stopped looking at the
// table: the host's preview arriving grows the panel above the button, and a click aimed while
// that happens lands where the button was (a person would see the button move and aim again).
func (b *Browser) ClickJoin() {
	b.t.Helper()
	if err := b.Try(poll(`!document.querySelector('#invite-looking')`, 20*time.Millisecond)); err != nil {
		b.t.Fatalf("e2e %s: the invite page never stopped looking at the table: %v", b.Name, err)
	}
	b.Click("#join-table")
}

// Eval evaluates a JavaScript expression in b's page (promises are awaited).
func Eval[T any](b *Browser, js string) (T, error) {
	ctx, cancel := context.WithTimeout(b.Ctx, Timeout)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
}

// WaitServiceWorker waits until a service worker is active and controls the page, i.e. the
// app's files are cached and a reload can start with the network off.
func (b *Browser) WaitServiceWorker() {
	b.t.Helper()
	if _, err := Eval[bool](b, `navigator.serviceWorker.ready.then(() => true)`); err != nil {
		b.t.Fatalf("e2e %s: service worker never became ready: %v", b.Name, err)
	}
	if err := b.Try(poll(`!!navigator.serviceWorker.controller`, 20*time.Millisecond)); err != nil {
		b.t.Fatalf("e2e %s: service worker never took control of the page: %v", b.Name, err)
	}
}

// Offline tells the page it has no network (navigator.onLine false, "offline" events, the
// page's own requests fail), or restores it. Requests the service worker makes on the page's
// behalf are not covered (Chromium emulates per target), so to cut the network for real use
// Server.Cut or Server.Stop; use this to test how the app reacts to going offline.
func (b *Browser) Offline(off bool) {
	b.t.Helper()
	b.Do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{
			Offline: off, DownloadThroughput: -1, UploadThroughput: -1,
		})
		return err
	}))
}

// ScreenshotDir is where screenshots go: $SCREENSHOTS, else screenshots/ at the repository root
// (git-ignored).
func ScreenshotDir(t testing.TB) string {
	if d := os.Getenv("SCREENSHOTS"); d != "" {
		return d
	}
	return filepath.Join(RepoRoot(t), "screenshots")
}

// Screenshot saves the viewport as screenshots/<Test>/<browser>-<nn>-<name>.png and logs the
// path, so a person can look at what the test saw.
func (b *Browser) Screenshot(name string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.Ctx, Timeout)
	defer cancel()
	// Let images finish loading first, or the picture shows holes the person never sees.
	b.Try(chromedp.Poll[chromedp.Void](`Array.from(document.images).every(i => i.complete)`, chromedp.WithPollingTimeout(5*time.Second)))
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatalf("e2e %s: screenshot: %v", b.Name, err)
	}
	dir := filepath.Join(ScreenshotDir(b.t), strings.ReplaceAll(b.t.Name(), "/", "_"))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	b.mu.Lock()
	b.shot++
	file := filepath.Join(dir, fmt.Sprintf("%s-%02d-%s.png", b.Name, b.shot, name))
	b.mu.Unlock()
	if err := os.WriteFile(file, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", file)
	return file
}
