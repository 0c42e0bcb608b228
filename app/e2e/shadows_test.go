//go:build browser

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// shStepJS picks one move on a Ring of Shadows board: setup choices first, then, to bring the
// game to its end in a test's time, mostly real actions with a fair share of "end the turn". It
// reports the state: over, wait, or the button to click, with the acting seat.
const shStepJS = `(() => {
  const sh = document.querySelector('#sh');
  if (!sh) return 'wait';
  if (document.querySelector('#sh-result')) return 'over';
  const btns = [...document.querySelectorAll('#sh-actions button')];
  if (!btns.length) return 'wait';
  const seat = sh.dataset.tomove;
  let pick = btns.find(b => b.dataset.kind === 'character' || b.dataset.kind === 'ring' || b.dataset.kind === 'banish');
  if (!pick) {
    const ends = btns.filter(b => b.dataset.kind === 'end' || b.dataset.kind === 'leave');
    const acts = btns.filter(b => !ends.includes(b));
    pick = (acts.length && Math.random() < 0.8) ? acts[Math.floor(Math.random() * acts.length)] : (ends[0] || btns[0]);
  }
  document.querySelectorAll('[data-e2e]').forEach(b => b.removeAttribute('data-e2e'));
  const fold = pick.closest('details'); // choices about another character open from its name
  if (fold && !fold.open) fold.open = true;
  pick.setAttribute('data-e2e', '1');
  return 'click:' + seat;
})()`

// shStep makes at most one move on b's page and returns the page's state ("over", "wait" or
// "click:<seat>").
func shStep(b *Browser) string { return shStepBy(b, shStepJS) }

// shStepBy is shStep with the move picked by js (a script like shStepJS).
func shStepBy(b *Browser, js string) string {
	st, err := Eval[string](b, js)
	if err != nil {
		return "wait"
	}
	if strings.HasPrefix(st, "click:") {
		ctx, cancel := context.WithTimeout(b.Ctx, 5*time.Second)
		_, _ = chromedp.Run(ctx, chromedp.Click(chromedp.CSS(`[data-e2e="1"]`), chromedp.NodeVisible))
		cancel()
	}
	return st
}

// shSoloStart fills the solo set-up on b's page (four characters, all played by the person
// named name) and starts the game.
func shSoloStart(b *Browser, name string) {
	typeInto(b, "#player-name", name)
	setSelect(b, "#solo-players", "4")
	setSelect(b, "#solo-hands", "4")
	b.Click("#solo-start")
	b.WaitVisible("#sh")
}

// shNoRawText fails when the board shows a raw catalog key or a broken format verb.
func shNoRawText(t *testing.T, b *Browser) {
	t.Helper()
	bad, _ := Eval[string](b, `(() => { const m = (document.querySelector('#sh')||{innerText:''}).innerText.match(/%!|\b(sh|shadows|opt)\.[a-z_]+\.[a-z_]+/); return m ? m[0] : ''; })()`)
	if bad != "" {
		b.Screenshot("raw-text")
		t.Fatalf("%s: the board shows %q", b.Name, bad)
	}
}

// TestShadowsSoloFourCharactersOffline: once the service worker holds the app, with the server
// gone and the browser offline, one person plays all four characters of a Ring of Shadows game to
// its end; the board hands them each character in turn.
func TestShadowsSoloFourCharactersOffline(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "shadows-solo", Phone)
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitServiceWorker()
	srv.Stop()
	if resp, err := http.Get(srv.URL + "/"); err == nil {
		resp.Body.Close()
		t.Fatal("server still answers after Stop: the test would prove nothing")
	}
	b.Offline(true)

	b.Open(srv.URL + "/solo?game=shadows&pace=fast")
	b.WaitApp()
	b.WaitVisible("#solo-setup")
	b.Screenshot("solo-setup")
	shSoloStart(b, "Ann")

	acted := map[string]bool{}
	shots := map[string]bool{}
	deadline := time.Now().Add(8 * time.Minute)
	moves := 0
	for time.Now().Before(deadline) {
		phase, _ := Eval[string](b, `(document.querySelector('#sh')||{dataset:{}}).dataset.phase || ''`)
		if phase == "action" && !shots["action"] {
			shots["action"] = true
			shNoRawText(t, b)
			b.Screenshot("phone-action")
			for _, part := range []string{"#sh-deck", "#sh-city", "#sh-chars"} {
				_, _ = Eval[bool](b, `(document.querySelector('`+part+`').scrollIntoView(), true)`)
				b.Screenshot("phone" + strings.ReplaceAll(part, "#sh", ""))
			}
			_, _ = Eval[bool](b, `(window.scrollTo(0, 0), true)`)
		}
		st := shStep(b)
		if st == "over" {
			break
		}
		if seat, ok := strings.CutPrefix(st, "click:"); ok {
			acted[seat] = true
			moves++
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.WaitVisible("#sh-result")
	shNoRawText(t, b)
	b.Screenshot("phone-over")
	for _, s := range []string{"0", "1", "2", "3"} {
		if !acted[s] {
			t.Errorf("the person never acted for seat %s (acted for %v)", s, acted)
		}
	}
	reason := b.Text("#sh-reason")
	if reason == "" {
		t.Error("the game ended without saying why")
	}
	t.Logf("FIGURE shadows solo, 4 characters by one person: %d moves; ended: %s", moves, reason)
	if online, _ := Eval[bool](b, `navigator.onLine`); online {
		t.Error("the browser came back online during the game")
	}
}

// TestShadowsTwoBrowsersCoop: a host holding two characters and a guest with an invite link play a
// four-character co-op game (one bot) to its end; the guest reloads mid-game and carries on. Both
// see the same ending.
func TestShadowsTwoBrowsersCoop(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "shadows-host", Laptop)
	bea := NewBrowser(t, "shadows-bea", Phone)

	host.Open(srv.URL + "/new?game=shadows")
	host.WaitApp()
	host.WaitVisible("#new-table")
	typeInto(host, "#player-name", "Ann")
	host.Click("#open-table")
	host.WaitVisible("#invite-link")
	link, err := Eval[string](host, `document.querySelector('#invite-link').value`)
	if err != nil || !strings.Contains(link, "#/join/") {
		t.Fatalf("invite link %q (%v)", link, err)
	}
	host.Click("#lobby-add-hand")
	host.WaitText("#lobby", "Ann (character 2)")
	joinTable(t, bea, link, "Bea")
	host.Click("#add-bot")
	host.WaitText("#lobby .lobby-seats h2", "4")
	host.Screenshot("lobby")
	host.Click("#start")
	for _, b := range []*Browser{host, bea} {
		b.WaitVisible("#sh")
	}

	players := []*Browser{host, bea}
	acted := map[string]map[string]bool{host.Name: {}, bea.Name: {}}
	reloaded := false
	moves := 0
	deadline := time.Now().Add(10 * time.Minute)
	over := 0
	for time.Now().Before(deadline) && over < len(players) {
		over = 0
		for _, b := range players {
			st := shStep(b)
			if st == "over" {
				over++
				continue
			}
			if seat, ok := strings.CutPrefix(st, "click:"); ok {
				acted[b.Name][seat] = true
				moves++
			}
		}
		if moves >= 10 && !reloaded {
			reloaded = true
			bea.Screenshot("before-reload")
			host.Screenshot("laptop-action")
			bea.Reload()
			bea.WaitApp()
			bea.WaitVisible("#sh")
			shNoRawText(t, bea)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if over < len(players) {
		host.Screenshot("stuck")
		bea.Screenshot("stuck")
		t.Fatalf("the game did not end (moves %d, acted %v)", moves, acted)
	}
	if !reloaded {
		t.Error("the game ended before the mid-game reload")
	}
	host.Screenshot("laptop-over")
	bea.Screenshot("phone-over")
	if h, g := host.Text("#sh-reason"), bea.Text("#sh-reason"); h == "" || h != g {
		t.Errorf("endings differ: host %q, guest %q", h, g)
	}
	// Who acted for whom: the host for its two seats, the guest for its own only.
	if !acted[host.Name]["0"] || !acted[host.Name]["1"] || acted[host.Name]["2"] || acted[host.Name]["3"] {
		t.Errorf("host acted for %v, want seats 0 and 1", acted[host.Name])
	}
	if len(acted[bea.Name]) != 1 || !acted[bea.Name]["2"] {
		t.Errorf("guest acted for %v, want seat 2 only", acted[bea.Name])
	}
	t.Logf("FIGURE shadows co-op by invite: %d moves, %s", moves, fmt.Sprint(acted))
}
