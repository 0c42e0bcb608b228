//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// blindState is what a page's window.__mkState (app/session/debug_js.go) gives.
type blindState struct {
	Snapshot struct {
		Seat  int `json:"Seat"`
		Seq   int `json:"Seq"`
		Lobby struct {
			Options map[string]string `json:"options"`
		} `json:"Lobby"`
		View json.RawMessage `json:"View"`
	} `json:"snapshot"`
	Blind json.RawMessage `json:"blind"`
}

type blindView struct {
	Round     int `json:"round"`
	Positions []struct {
		Card *string `json:"card"`
	} `json:"positions"`
}

func stateOf(t *testing.T, b *Browser) (blindState, string) {
	t.Helper()
	raw, err := Eval[string](b, `window.__mkState ? window.__mkState() : '{}'`)
	var st blindState
	if err != nil || json.Unmarshal([]byte(raw), &st) != nil {
		return blindState{}, ""
	}
	return st, raw
}

// checkHostHoldsNoOwnCard reads the host's card from a guest's page (which shows it) and, while
// the host's own view (last round's public results and the game's options aside) shows it
// nowhere, so the host may not know it, looks for that card's identity in the host page's local
// storage and in its session's blind game state. It returns 1 when it checked.
func checkHostHoldsNoOwnCard(t *testing.T, host, guest *Browser, skipped map[string]int) int {
	t.Helper()
	// One moment of the game: the guest's state the same before and after the host's, at the
	// host's ply (the pages settle within moments of a move).
	var g1, g2, h blindState
	var raw string
	for try := 0; try < 40; try++ {
		g1, _ = stateOf(t, guest)
		h, raw = stateOf(t, host)
		g2, _ = stateOf(t, guest)
		if g1.Snapshot.Seq == h.Snapshot.Seq && g2.Snapshot.Seq == h.Snapshot.Seq && string(g1.Snapshot.View) == string(g2.Snapshot.View) {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	if len(h.Snapshot.View) == 0 {
		if skipped["no state"]++; skipped["no state"] == 1 {
			t.Logf("the host's state: %.300s", raw)
		}
		return 0
	}
	if g1.Snapshot.Seq != h.Snapshot.Seq || g2.Snapshot.Seq != h.Snapshot.Seq || string(g1.Snapshot.View) != string(g2.Snapshot.View) {
		if skipped["not one moment"]++; skipped["not one moment"] == 1 {
			t.Logf("not one moment: guest seq %d/%d, host %d; guest views %.200s | %.200s", g1.Snapshot.Seq, g2.Snapshot.Seq, h.Snapshot.Seq, g1.Snapshot.View, g2.Snapshot.View)
		}
		return 0 // not one moment of the game
	}
	var gv, hv blindView
	if json.Unmarshal(g1.Snapshot.View, &gv) != nil || json.Unmarshal(h.Snapshot.View, &hv) != nil ||
		gv.Round != hv.Round || h.Snapshot.Seat >= len(gv.Positions) || h.Snapshot.Seat >= len(hv.Positions) {
		skipped["views"]++
		return 0
	}
	card := gv.Positions[h.Snapshot.Seat].Card
	if card == nil || hv.Positions[h.Snapshot.Seat].Card != nil {
		skipped["no hidden card"]++
		return 0
	}
	key := fmt.Sprintf("%q", *card)
	pairs := []string{`"kind":"orb"`} // a move kind named for the Orb, not a card's place
	for k, v := range h.Snapshot.Lobby.Options {
		pairs = append(pairs, fmt.Sprintf("%q:%q", k, v))
	}
	clean := func(s string) string {
		for _, p := range pairs {
			s = strings.ReplaceAll(s, p, "")
		}
		return s
	}
	var view map[string]json.RawMessage
	_ = json.Unmarshal(h.Snapshot.View, &view)
	delete(view, "lastRound") // last round's cards are public now
	delete(view, "options")
	v, _ := json.Marshal(view)
	if strings.Contains(string(v), key) {
		skipped["known to the host"]++
		return 0 // the host may know it (it peeked at it with the Orb, say)
	}
	if strings.Contains(clean(string(h.Blind)), key) {
		t.Fatalf("the host's session state holds its own card %s", key)
	}
	store, err := Eval[string](host, `JSON.stringify(Object.entries(localStorage))`)
	if err != nil {
		t.Fatalf("host storage: %v", err)
	}
	if strings.Contains(clean(strings.ReplaceAll(store, `\"`, `"`)), key) {
		t.Fatalf("the host's local storage holds its own card %s", key)
	}
	if !strings.Contains(store, "miskatonic.host.arkham") || !strings.Contains(store, `\"blind\":`) {
		t.Fatal("the host's saved table holds no blind game: nothing was checked")
	}
	return 1
}

// TestArkhamBlindThreeBrowsers: a host and two guests play host-blind Arkham Ritual to its end
// over real WebRTC, every move by clicking, one guest reloading mid-round. At every move the
// host page's local storage and session state hold no identity of its own player's card.
func TestArkhamBlindThreeBrowsers(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "host", Laptop)
	bea := NewBrowser(t, "bea", Laptop)
	cy := NewBrowser(t, "cy", Laptop)
	players := []*Browser{host, bea, cy}
	for _, b := range players {
		b.Open(srv.URL)
		b.WaitApp()
		if _, err := Eval[bool](b, `localStorage.setItem('miskatonic.debugState', '1'); true`); err != nil {
			t.Fatal(err)
		}
		b.Reload() // the app reads it as it starts (a join link opens in the same document)
		b.WaitApp()
	}
	link := hostTableDealing(t, host, srv.URL, "Ann", "")
	joinTable(t, bea, link, "Bea")
	joinTable(t, cy, link, "Cy")
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	// Nobody chooses: host-blind is the default dealing of an Arkham table of two or more people.
	if d, err := Eval[string](host, `document.querySelector('#opt-dealing').value + '/' + localStorage.getItem('miskatonic.dealing')`); err != nil || d != "blind/null" {
		t.Fatalf("the lobby's dealing (shown/stored): %q, %v", d, err)
	}
	host.Screenshot("lobby-blind")
	host.Click("#start")
	for _, b := range players {
		b.WaitVisible(".ark")
		watch(t, b)
	}
	// Dan opens the invite after the game began: held at the door, he watches the public table.
	dan := lateWatcher(t, link)

	var lat []time.Duration
	checks, reloaded, skipped := 0, false, map[string]int{}
	deadline := time.Now().Add(12 * time.Minute)
	lastProgress := time.Now()
	for over := 0; over < len(players); {
		if time.Now().After(deadline) {
			stuck(t, players)
		}
		over = 0
		progressed := false
		for _, b := range players {
			st, d := timedStep(t, b, players)
			switch {
			case st == "over":
				over++
			case strings.HasPrefix(st, "click:[data-e2e"):
				progressed = true
				if d > 0 {
					lat = append(lat, d)
				}
			}
			checks += checkHostHoldsNoOwnCard(t, host, bea, skipped)
		}
		checkNoLeak(t, players...)
		if progressed {
			lastProgress = time.Now()
		} else {
			time.Sleep(20 * time.Millisecond)
		}
		if time.Since(lastProgress) > 40*time.Second {
			stuck(t, players)
		}
		if !reloaded && seqOf(host) >= 4 && midRound(cy) {
			// A guest reloads mid-round: its page is rebuilt from the log and its saved keys.
			at := seqOf(host)
			cy.Reload()
			cy.WaitApp()
			cy.WaitVisible(".ark")
			watch(t, cy)
			if s := seqOf(cy); s < at {
				t.Fatalf("after reload cy shows seq %d, the table was at %d", s, at)
			}
			cy.Screenshot("after-blind-reload")
			reloaded = true
		}
	}
	for _, b := range players {
		b.WaitVisible("#game-over")
		b.Screenshot("blind-game-over")
	}
	checkNoLeak(t, players...)
	dan.Do(poll(fmt.Sprintf(`+(document.querySelector('.ark') || {dataset: {}}).dataset.seq === %d`, seqOf(host)), 50*time.Millisecond))
	dan.Screenshot("blind-watcher-end")
	// The game is over and its record kept: no browser keeps its deal keys any longer.
	for _, b := range players {
		var keys string
		for end := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			keys, _ = Eval[string](b, `Object.keys(localStorage).filter(k => k === 'miskatonic.hostblind.saved' ||
				(k.startsWith('miskatonic.blind.') && k !== 'miskatonic.blind.slots')).join(' ')`)
			if keys == "" || time.Now().After(end) {
				break
			}
		}
		if keys != "" {
			t.Errorf("%s keeps the finished game's deal keys: %s", b.Name, keys)
		}
	}
	watchBlindReplay(t, bea, srv.URL)

	// Play again: every lobby says a new game at the same table is next, and once the next
	// game is dealt each browser holds its deal keys for that game alone.
	host.Click("#play-again")
	waitAll(t, players, "#new-game", "play again: the new lobby")
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	host.Click("#start")
	waitAll(t, players, ".ark", "play again: the next game")
	for _, b := range players {
		var keys string
		for end := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			keys, _ = Eval[string](b, `Object.keys(localStorage).filter(k => k === 'miskatonic.hostblind.saved' ||
				(k.startsWith('miskatonic.blind.') && k !== 'miskatonic.blind.slots')).join(' ')`)
			if strings.Count(keys, "miskatonic.") == 1 || time.Now().After(end) {
				break
			}
		}
		if strings.Count(keys, "miskatonic.") != 1 {
			t.Errorf("%s holds deal keys %q in the next game: want its own for this game alone", b.Name, keys)
		}
	}
	if !reloaded {
		t.Fatal("the game ended before the guest reloaded")
	}
	t.Logf("moments not checked: %v", skipped)
	if checks == 0 {
		t.Fatal("the host's card was never hidden from it while checked")
	}
	t.Logf("FIGURE host-blind: %d moments checked: the host page's storage and state never held its own card", checks)
	t.Logf("FIGURE host-blind move → all 3 browsers' views: n=%d p50=%v p99=%v max=%v", len(lat),
		pct(lat, .5).Round(time.Millisecond), pct(lat, .99).Round(time.Millisecond), pct(lat, 1).Round(time.Millisecond))
}

// watchBlindReplay follows "Watch the replay" on a finished host-blind game's page b, in
// another tab of the same browser (b stays at the table): the replay page opens the record (the
// table's signed log) from this browser's storage, verifies it and steps through it on
// Arkham's board, to the game's end.
func watchBlindReplay(t *testing.T, b *Browser, origin string) {
	t.Helper()
	b.WaitVisible("#record-panel #record-replay")
	href, err := Eval[string](b, `document.querySelector('#record-replay').getAttribute('href')`)
	if err != nil || !strings.HasPrefix(href, "/replay") {
		t.Fatalf("Watch the replay links to %q (%v)", href, err)
	}
	tab, closeTab := chromedp.NewContext(b.Ctx)
	defer closeTab()
	r := attach(t, b.Name+"-replay", tab, Laptop)
	r.Open(origin + href)
	r.WaitApp()
	r.WaitVisible("#replay-verdict")
	if kind, _ := Eval[string](r, `document.querySelector('#replay-verdict').dataset.kind`); kind != "verified" {
		r.Screenshot("blind-replay-not-verified")
		t.Fatalf("the blind record's replay: %q: %s", kind, r.Text("#replay-verdict"))
	}
	end, err := Eval[int](r, `+document.querySelector('#replay-at').dataset.end`)
	if err != nil || end < 2 {
		t.Fatalf("the replay has %d steps (%v)", end, err)
	}
	r.WaitVisible("#replay .ark")
	for i := 1; i <= 2; i++ {
		r.Click("#replay-forward")
		r.Do(poll(fmt.Sprintf(`+document.querySelector('#replay-at').dataset.at === %d`, i), 30*time.Millisecond))
	}
	r.Click("#replay-end")
	r.Do(poll(`document.querySelector('#replay-at').dataset.at === document.querySelector('#replay-at').dataset.end`, 30*time.Millisecond))
	r.WaitVisible("#replay-summary .replay-outcome")
	r.Screenshot("blind-replay-end")
	t.Logf("FIGURE host-blind replay: %d moves stepped through, verified in the browser: %s", end, r.Text("#replay-verdict"))
}

// lateWatcher opens a fourth browser on link after the game began and joins: its invite page
// says a host-blind game is on, and it watches the game (the public table: no move buttons, the
// watch banner), live.
func lateWatcher(t *testing.T, link string) *Browser {
	t.Helper()
	dan := NewBrowser(t, "dan", Laptop)
	dan.Open(link)
	dan.WaitApp()
	// The invite page says, as the host's word, that the game on is dealt host-blind and that
	// Dan watches until the next game.
	dan.WaitVisible(`#invite-in-progress[data-blind="true"]`)
	if txt := dan.Text("#invite-in-progress"); !strings.Contains(txt, "The host's page says a game is in progress, dealt host-blind") || !strings.Contains(txt, "until the next game") {
		t.Errorf("the invite page of a host-blind game on says %q", txt)
	}
	typeInto(dan, "#player-name", "Dan")
	dan.ClickJoin()
	dan.WaitVisible(".ark")
	dan.WaitVisible("#watch-banner")
	if n, _ := Eval[int](dan, `document.querySelectorAll('.actions button').length`); n != 0 {
		t.Errorf("the watcher has %d move buttons", n)
	}
	dan.Screenshot("blind-watching")
	return dan
}
