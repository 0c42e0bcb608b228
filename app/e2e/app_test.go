//go:build browser

package e2e

import (
	"context"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"miskatonic/app"
)

// checkHome asserts the home screen a person meets: the product and its three games, each
// playable with its two ways in and its rules.
func checkHome(t *testing.T, b *Browser) {
	t.Helper()
	b.WaitVisible("#home")
	b.WaitText("#home h1", "Miskatonic")
	b.WaitText("#game-arkham h2", "Arkham Ritual")
	for _, c := range []struct{ css, want string }{
		{"#game-rituals h2", "Rituals of Madness"},
		{"#game-shadows h2", "Ring of Shadows"},
		{"#home-new-rituals", "Create a table"},
		{"#home-solo-shadows", "Play against bots"},
		{"#home-new", "Create a table"},
		{"#home-solo", "Play against bots"},
	} {
		if got := b.Text(c.css); !strings.Contains(got, c.want) {
			t.Errorf("%s shows %q, want it to contain %q", c.css, got, c.want)
		}
	}
	for css, want := range map[string]string{"#home-new": "/new?game=arkham", "#home-solo": "/solo?game=arkham"} {
		href, err := Eval[string](b, `document.querySelector("`+css+`").getAttribute("href")`)
		if err != nil || href != want {
			t.Errorf("%s links to %q (%v), want %q", css, href, err, want)
		}
	}
}

func TestHomeLoads(t *testing.T) {
	srv := StartApp(t)
	for _, c := range []struct {
		name string
		vp   Viewport
	}{{"laptop", Laptop}, {"phone", Phone}} {
		t.Run(c.name, func(t *testing.T) {
			b := NewBrowser(t, c.name, c.vp)
			b.Open(srv.URL + "/")
			b.WaitApp()
			checkHome(t, b)
			// The page must fit the phone's width: nothing scrolls sideways.
			if wide, _ := Eval[bool](b, `document.documentElement.scrollWidth > window.innerWidth`); wide {
				t.Errorf("home scrolls sideways at %dpx", c.vp.Width)
			}
			b.Screenshot("home")
		})
	}
}

// TestInstallable checks what a browser needs to offer installation: a manifest with local
// icons at the sizes it asks for (a maskable one too) and a theme colour.
func TestInstallable(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "pwa", Laptop)
	b.Open(srv.URL + "/")
	b.WaitApp()
	type icon struct{ Src, Sizes, Purpose string }
	manifest, err := Eval[struct {
		Name       string `json:"name"`
		StartURL   string `json:"start_url"`
		ThemeColor string `json:"theme_color"`
		Icons      []icon `json:"icons"`
	}](b, `fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(manifest.Name, "Miskatonic") || manifest.StartURL != "/" || manifest.ThemeColor != app.ThemeColor {
		t.Errorf("manifest = %+v", manifest)
	}
	var sizes []string
	for _, ic := range manifest.Icons {
		if !strings.HasPrefix(ic.Src, "/web/") {
			t.Errorf("icon %s is not a local file: it would stop the service worker installing", ic.Src)
		}
		ok, err := Eval[bool](b, `fetch("`+ic.Src+`").then(r => r.ok)`)
		if !ok || err != nil {
			t.Errorf("icon %s does not load (%v)", ic.Src, err)
		}
		sizes = append(sizes, ic.Sizes+ic.Purpose)
	}
	for _, want := range []string{"any", "192x192", "512x512", "512x512maskable"} {
		if !slices.Contains(sizes, want) {
			t.Errorf("manifest lacks a %s icon (has %v)", want, sizes)
		}
	}
	b.WaitServiceWorker()
	checkInstallable(t, b)
	theme, _ := Eval[string](b, `document.querySelector('meta[name=theme-color]').content`)
	if theme != app.ThemeColor {
		t.Errorf("theme-color = %q, want %q", theme, app.ThemeColor)
	}
}

// checkInstallable asks Chromium itself whether it would install the page (its manifest parsed
// without complaint, and no installability errors: icons, start_url, display, worker).
func checkInstallable(t *testing.T, b *Browser) {
	t.Helper()
	b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		m, err := chromedp.Call(ctx, page.GetAppManifest, page.GetAppManifestParams{})
		if err != nil {
			return err
		}
		for _, e := range m.Errors {
			t.Errorf("Chromium on %s: %s (line %d)", m.URL, e.Message, e.Line)
		}
		r, err := chromedp.Call(ctx, page.GetInstallabilityErrors, cdp.Empty{})
		if err != nil {
			return err
		}
		for _, e := range r.InstallabilityErrors {
			t.Errorf("Chromium would not install the app: %s", e.ErrorID)
		}
		return nil
	}))
}

// TestOfflineStart: after one visit the service worker holds the app, so with the server gone
// a reload still starts it and reaches home, and so does a page with a query string.
func TestOfflineStart(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "offline", Laptop)
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitServiceWorker()
	reloadWithServerGone(t, srv, b)
	checkHome(t, b)
	b.Screenshot("offline-home")
	// The worker's static routes (app/worker.go): the browser answered the page and every file
	// it loaded from the worker's cache itself, not through the worker's fetch handler, and our
	// stylesheets came as the one joined sheet.
	served, err := Eval[[]string](b, `[performance.getEntriesByType("navigation")[0]].concat(performance.getEntriesByType("resource"))
	  .map((e) => new URL(e.name).pathname + " " + e.workerMatchedSourceType + ":" + e.workerFinalSourceType)`)
	if err != nil || len(served) < 5 {
		t.Fatalf("the page's requests: %v (%v)", served, err)
	}
	for _, s := range served {
		if !strings.HasSuffix(s, " cache:cache") {
			t.Errorf("offline %s, want the static route's cache:cache", s)
		}
		if strings.HasPrefix(s, "/web/") && strings.Contains(s, ".css ") {
			t.Errorf("a stylesheet of /web/ loaded on its own: %s", s)
		}
	}
	if !slices.Contains(served, app.StylesPath+" cache:cache") {
		t.Errorf("no %s among %v", app.StylesPath, served)
	}

	// Pages the cache does not hold by that URL go through the fetch handler, which answers
	// with the cached shell: a query on home, and another page.
	for _, c := range []struct{ path, shows string }{{"/?dev=1", "#home"}, {"/solo?game=arkham", "#solo-setup"}} {
		b.Open(srv.URL + c.path)
		b.WaitApp()
		b.WaitVisible(c.shows)
		// No route matched (no source type) and the worker answered.
		if how, _ := Eval[string](b, `(() => { const n = performance.getEntriesByType("navigation")[0];
		  return (n.workerMatchedSourceType || "no route") + (n.workerStart > 0 ? ", worker" : ""); })()`); how != "no route, worker" {
			t.Errorf("%s offline: %q, want the fetch handler (no route, worker)", c.path, how)
		}
	}
}

// reloadWithServerGone stops srv, makes sure it no longer answers, and reloads b's page until
// the app has started again (from the service worker's cache).
func reloadWithServerGone(t *testing.T, srv *Server, b *Browser) {
	t.Helper()
	srv.Stop()
	if resp, err := http.Get(srv.URL + "/"); err == nil {
		resp.Body.Close()
		t.Fatal("server still answers after Stop: the test would prove nothing")
	}
	b.Reload()
	b.WaitApp()
}

// TestNetworkCut: the harness's reversible cut. With the server unreachable and the page told
// it is offline, a reload still starts the app; a request the cache cannot answer fails; after
// the cut the server answers again.
func TestNetworkCut(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "cut", Phone)
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitServiceWorker()
	srv.Cut(true)
	b.Offline(true)
	b.Reload()
	b.WaitApp()
	checkHome(t, b)
	if online, _ := Eval[bool](b, `navigator.onLine`); online {
		t.Error("navigator.onLine is still true: the emulation did not take")
	}
	if ok, _ := Eval[bool](b, `fetch("/web/no-such-file.png").then(() => true, () => false)`); ok {
		t.Error("a fetch the cache cannot answer succeeded during the cut")
	}
	srv.Cut(false)
	b.Offline(false)
	if ok, _ := Eval[bool](b, `fetch("/web/no-such-file.png").then(r => r.status === 404, () => false)`); !ok {
		t.Error("after the cut the server is still unreachable")
	}
}

// TestNotFound: an unknown path answers 404 with a page that leads home.
func TestNotFound(t *testing.T) {
	srv := StartApp(t)
	resp, err := http.Get(srv.URL + "/no/such/crypt")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("status = %d, want 404", resp.StatusCode)
	}
	b := NewBrowser(t, "lost", Phone)
	b.Open(srv.URL + "/no/such/crypt")
	b.WaitApp()
	b.WaitText("#notfound h1", "Nothing lives here")
	b.Screenshot("notfound")
	b.Click("#notfound-home")
	checkHome(t, b)
}

// TestStaticDist: the dist/ that `miskatonic static` writes, on a plain file server, behaves
// like the live server: home loads, unknown paths get the friendly page, and it starts offline.
func TestStaticDist(t *testing.T) {
	dist := filepath.Join(t.TempDir(), "dist")
	if _, err := app.WriteStatic(dist, app.Config{WebDir: WebDir(t), RelayURL: "wss://relay.example.org/signal"}); err != nil {
		t.Fatal(err)
	}
	srv := StartDir(t, dist)
	b := NewBrowser(t, "static", Laptop)
	b.Open(srv.URL + "/")
	b.WaitApp()
	checkHome(t, b)
	relay, _ := Eval[string](b, `goappGetenv("`+app.EnvRelayURL+`") || ""`)
	if relay != "wss://relay.example.org/signal" {
		t.Errorf("relay URL in the page = %q", relay)
	}
	b.WaitServiceWorker()
	checkInstallable(t, b)

	b.Open(srv.URL + "/no/such/crypt")
	b.WaitApp()
	b.WaitText("#notfound h1", "Nothing lives here")

	srv.Stop()
	b.Open(srv.URL + "/")
	b.WaitApp()
	checkHome(t, b)
}

// TestFigures measures, for the record, cold load-to-home (fresh profile each run) and offline
// start (service worker installed, server gone). Log lines only: speed is never asserted.
func TestFigures(t *testing.T) {
	const runs = 5
	srv := StartApp(t)
	var cold []time.Duration
	for i := 0; i < runs; i++ {
		b := NewBrowser(t, "cold", Laptop)
		b.Do() // the browser itself is up before the clock starts
		start := time.Now()
		b.Open(srv.URL + "/")
		b.WaitApp()
		b.WaitVisible("#home")
		cold = append(cold, time.Since(start))
	}
	b := NewBrowser(t, "warm", Laptop)
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitServiceWorker()
	srv.Stop()
	var offline []time.Duration
	for i := 0; i < runs; i++ {
		start := time.Now()
		b.Reload()
		b.WaitApp()
		b.WaitVisible("#home")
		offline = append(offline, time.Since(start))
	}
	t.Logf("FIGURE cold load-to-home: median %v of %v", median(cold), cold)
	t.Logf("FIGURE offline start:     median %v of %v", median(offline), offline)
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2].Round(time.Millisecond)
}
