//go:build browser

package e2e

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/app"
	"miskatonic/app/i18n"
)

// TestNewVersionNotice: a new build deployed under an open page. The service worker answers a
// page from the version it holds and fetches the new one while that page loads, so the reload a
// person makes (or the one conn.version asks for) still shows the old version; the page then
// says a new one is ready, and its button brings it. Once when the update is found as the page
// starts (app.js's flag, read on mount), once mid-game (go-app's call to the running wasm): the
// reload keeps the solo table.
func TestNewVersionNotice(t *testing.T) {
	app.RegisterRoutes()
	var cur atomic.Pointer[http.Handler]
	deploy := func(version string) {
		h, err := app.NewServer(app.Config{WebDir: WebDir(t), Version: version}, nil)
		if err != nil {
			t.Fatal(err)
		}
		cur.Store(&h)
	}
	deploy("update-a")
	srv := start(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*cur.Load()).ServeHTTP(w, r) }))
	b := NewTab(t, "update", Phone)
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitServiceWorker()
	if shown, _ := Eval[bool](b, `!!document.querySelector("#app-update")`); shown {
		t.Error("a first visit says a new version is ready")
	}
	// reloadFromNotice presses the notice's button and waits for the new page (the old one
	// marked, so a wait cannot be answered by the page that is going away).
	reloadFromNotice := func() {
		t.Helper()
		if _, err := Eval[bool](b, `self.mkOldPage = true`); err != nil {
			t.Fatal(err)
		}
		b.Click("#app-update-reload")
		err := b.Try(poll(`!self.mkOldPage`, 20*time.Millisecond))
		for i := 0; i < 3 && err != nil && (strings.Contains(err.Error(), "navigated") || strings.Contains(err.Error(), "Cannot find context")); i++ {
			err = b.Try(poll(`!self.mkOldPage`, 20*time.Millisecond)) // the poll began on the old page
		}
		if err != nil {
			t.Fatalf("the notice's button did not reload the page: %v", err)
		}
		b.WaitApp()
	}
	// The version of the running page, as go-app gives it to the page (Config.Version).
	running := func() string {
		v, err := Eval[string](b, `goappGetenv("GOAPP_VERSION")`)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}

	deploy("update-b")
	b.Reload()
	b.WaitApp()
	if v := running(); v != "update-a" {
		t.Fatalf("the reload runs %q: the worker no longer answers from the old version's cache, so this test proves nothing", v)
	}
	b.WaitText("#app-update", i18n.T("app.update_ready"))
	b.Screenshot("update-ready")
	reloadFromNotice()
	b.WaitVisible("#home")
	if v := running(); v != "update-b" {
		t.Errorf("after the notice's reload the page runs %q, want update-b", v)
	}
	if shown, _ := Eval[bool](b, `!!document.querySelector("#app-update")`); shown {
		t.Error("the new version still says a new version is ready")
	}

	// Mid-game: the browser checks for a new worker (as it does on its own, at least daily).
	b.Open(srv.URL + "/solo?game=arkham&pace=fast")
	b.WaitApp()
	b.WaitVisible("#solo-setup")
	typeInto(b, "#player-name", "Ann")
	b.Click("#solo-start")
	b.WaitVisible(".ark")
	deploy("update-c")
	if _, err := Eval[bool](b, `navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)`); err != nil {
		t.Fatal(err)
	}
	b.WaitVisible("#app-update")
	b.Screenshot("update-midgame")
	if spill, err := Eval[string](b, overflowJS); err != nil || spill != "" {
		t.Errorf("the notice on a phone's game page: %s (%v)", spill, err)
	}
	reloadFromNotice()
	b.WaitVisible(".ark")
	if v := running(); v != "update-c" {
		t.Errorf("after the mid-game reload the page runs %q, want update-c", v)
	}
}
