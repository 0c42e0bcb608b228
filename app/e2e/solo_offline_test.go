//go:build browser

package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestSoloOfflineAgainstBots: once the service worker holds the app, a player with no network at
// all (server gone and the browser offline) starts a solo table against the strongest bots and
// plays a whole game: the bots run in the page, with no relay and no WebRTC.
func TestSoloOfflineAgainstBots(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "solo-offline", Laptop)
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitServiceWorker()
	srv.Stop()
	if resp, err := http.Get(srv.URL + "/"); err == nil {
		resp.Body.Close()
		t.Fatal("server still answers after Stop: the test would prove nothing")
	}
	b.Offline(true)
	if online, err := Eval[bool](b, `navigator.onLine`); err != nil || online {
		t.Fatalf("navigator.onLine = %v (%v), want false", online, err)
	}

	b.Open(srv.URL + "/solo?game=arkham&pace=fast")
	b.WaitApp()
	b.WaitVisible("#solo-setup")
	typeInto(b, "#player-name", "Ann")
	setSelect(b, "#solo-players", "5")
	setSelect(b, "#solo-level", "search")
	setSelect(b, "#opt-variant", "competitive")
	b.Click("#solo-start")
	b.WaitVisible(".ark")

	watchReveals(t, b)
	deadline := time.Now().Add(10 * time.Minute)
	for time.Now().Before(deadline) {
		st := playStep(t, b)
		if st == "over" {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	b.WaitVisible("#game-over")
	b.Screenshot("solo-offline-over")
	rounds, err := Eval[int](b, revealsJS)
	t.Logf("rounds revealed: %d", rounds)
	if err != nil || rounds == 0 {
		t.Errorf("never saw a round's reveal (%d, %v)", rounds, err)
	}
	if txt := b.Text("#game-over"); !strings.Contains(txt, "ritual is over") {
		t.Errorf("game over says %q", txt)
	}
	if online, _ := Eval[bool](b, `navigator.onLine`); online {
		t.Error("the browser came back online during the game")
	}
}
