//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestCrashedTabNoticed (issue 24): Bea plays two characters of a Ring of Shadows game (two
// links from her phone's page) and, mid-game, with her character to act, her browser is killed
// the way a phone's system kills it: every process stopped at once, nothing closed, no last
// frame. Her links just go silent (the browser's ICE consent check would notice in ~16 s). The
// host drops them once silent for 6 s (the keep-alive comes every 2 s) and its page shows the
// away notice with a countdown naming Bea once — one person, though two seats. When the
// countdown runs out the host is offered one stand-in choice for her, takes it, and the game
// goes on with bots in both her seats and no second countdown when her other character's turn
// comes. The time from the kill to the notice is printed, not asserted.
func TestCrashedTabNoticed(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "ann", Laptop)
	bea := NewBrowser(t, "bea-phone", Phone) // a Chromium of her own: killed alone

	link := hostGame(t, host, srv.URL, "shadows", "Ann", "")
	joinTable(t, bea, link, "Bea")
	bea.Click("#lobby-add-hand")
	host.WaitText("#lobby", "Bea (character 2)")
	host.Click("#add-bot")
	host.WaitText("#lobby .lobby-seats h2", "4")
	host.Click("#start")
	for _, b := range []*Browser{host, bea} {
		b.WaitVisible("#sh")
	}

	// Both play until, a few moves in, it is one of Bea's characters' turn: then her browser dies.
	moves := 0
	for end := time.Now().Add(5 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("Bea never had a turn after %d moves", moves)
		}
		if moves >= 6 && beaToAct(bea) {
			break
		}
		for _, b := range []*Browser{host, bea} {
			switch st := shStep(b); {
			case st == "over":
				t.Skip("the game ended before Bea's turn came again") // rare: a very short game
			case strings.HasPrefix(st, "click:"):
				moves++
			}
		}
	}
	bea.Screenshot("before-kill")
	at := shSeq(host)
	killBrowser(t, bea)
	killed := time.Now()

	// The host's page: the away notice, naming Bea once, with a countdown.
	var notice string
	for end := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if notice = shownText(host, "#away"); strings.Contains(notice, "Bea") {
			break
		}
		if time.Now().After(end) {
			host.Screenshot("no-away")
			t.Fatalf("a minute after Bea's browser died the host shows no away notice (%q)", notice)
		}
	}
	noticed := time.Since(killed)
	host.Screenshot("away-countdown")
	t.Logf("FIGURE crashed tab: browser killed → the host's away notice %v (%q)", noticed.Round(time.Millisecond), notice)
	// One person, one name: the notice names the seat the table waits for (her second
	// character's name carries hers), never each of her seats. Which of her characters the
	// table waits for depends on whose turn it was when her browser died.
	if n := strings.Count(notice, "Bea"); n != 1 {
		t.Errorf("the notice names Bea %d times, once per seat; want one name for one person: %q", n, notice)
	}
	if !strings.ContainsAny(notice, "0123456789") {
		t.Errorf("the notice shows no countdown: %q", notice)
	}

	for end := time.Now().Add(2 * time.Minute); !visible(host, "#away-standin"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			host.Screenshot("no-standin")
			t.Fatal("the host was never offered a stand-in for Bea")
		}
	}
	t.Logf("FIGURE crashed tab: browser killed → the host's choice %v (notice → choice %v)",
		time.Since(killed).Round(time.Millisecond), (time.Since(killed) - noticed).Round(time.Millisecond))
	if n, _ := Eval[int](host, `document.querySelectorAll('#away #away-standin').length`); n != 1 {
		t.Errorf("%d stand-in choices for one person", n)
	}
	host.Screenshot("away-choice")
	host.Click("#away-standin")

	// The game goes on with bots in both of Bea's seats, and never waits for her again.
	for end := time.Now().Add(5 * time.Minute); shSeq(host) < at+12; time.Sleep(20 * time.Millisecond) {
		if visible(host, "#away") {
			host.Screenshot("away-again")
			t.Fatalf("an away notice again after the stand-in (%q)", shownText(host, "#away"))
		}
		if shStep(host) == "over" {
			break
		}
		if time.Now().After(end) {
			host.Screenshot("stuck")
			t.Fatalf("the game did not go on after the stand-in (seq %d, at the kill %d)", shSeq(host), at)
		}
	}
	if note := shownText(host, "#standin-note"); !strings.Contains(note, "Bea") || !strings.Contains(note, "Bea (character 2)") {
		host.Screenshot("standins")
		t.Errorf("the table does not say a bot plays both of Bea's characters: %q", note)
	}
	t.Logf("the game went on from seq %d to %d with the stand-in", at, shSeq(host))
}

// beaToAct reports whether b's board offers it moves (one of its characters is to act).
func beaToAct(b *Browser) bool {
	n, _ := Eval[int](b, `document.querySelectorAll('#sh-actions button').length`)
	return n > 0
}

// shownText is the text of css on b's page when it is displayed, else "".
func shownText(b *Browser, css string) string {
	s, _ := Eval[string](b, `(() => { const e = document.querySelector(`+"`"+css+"`"+`); return e && !e.hidden && e.offsetParent !== null ? e.textContent : ''; })()`)
	return s
}
