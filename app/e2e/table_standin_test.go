//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestStandInAndBack (issue 10, finding 9): a guest's page closes mid-game; once the turn
// deadline runs out (shortened here through local storage, never slept on) the host seats a
// bot in the guest's place and the game goes on; the guest opens the invite link again and
// takes the seat back at once, with moves of its own to make.
func TestStandInAndBack(t *testing.T) {
	srv := StartApp(t)
	ann := NewBrowser(t, "ann", Laptop)
	beaBrowser := NewBrowser(t, "bea", Laptop)
	// Bea plays in a tab of her own, so that closing it is a real tab close (the browser, her
	// identity and storage stay).
	tab1, closeTab1 := chromedp.NewContext(beaBrowser.Ctx)
	defer closeTab1()
	bea := attach(t, "bea-tab", tab1, Laptop)
	ann.Open(srv.URL + "/new?game=arkham")
	ann.WaitApp()
	if _, err := Eval[bool](ann, `(localStorage.setItem('miskatonic.turnTimeout', '1500'), true)`); err != nil {
		t.Fatal(err)
	}
	link := annBeaAndBot(t, ann, bea, srv.URL)

	// Bea's tab closes; Ann plays on until the table waits for Bea past the deadline.
	closed := time.Now()
	closeTab1()
	deadline := time.Now().Add(time.Minute)
	for !visible(ann, "#away-standin") {
		if time.Now().After(deadline) {
			ann.Screenshot("no-standin")
			t.Fatal("the host was never offered a stand-in")
		}
		if playStep(t, ann) == "over" {
			t.Skip("the game ended before the table waited for Bea") // rare: a very short game
		}
		time.Sleep(30 * time.Millisecond)
	}
	t.Logf("FIGURE stand-in: tab closed → the host offered a stand-in %v (deadline 1.5 s)", time.Since(closed).Round(time.Millisecond))
	ann.Screenshot("away-expired")
	ann.Click("#away-standin")
	at := seqOf(ann)
	for seqOf(ann) <= at+1 { // the stand-in's move, then someone's after it
		if time.Now().After(deadline) {
			ann.Screenshot("stuck")
			t.Fatal("the game did not go on with the stand-in")
		}
		if playStep(t, ann) == "over" {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}

	// Bea comes back by the invite link, in a new tab of the same browser (her identity and
	// storage kept), and plays her own seat again.
	t.Logf("stand-in seated at seq %d; the game went on to seq %d", at, seqOf(ann))
	tab, cancel := chromedp.NewContext(beaBrowser.Ctx)
	defer cancel()
	bea = attach(t, "bea-back", tab, Laptop)
	// Navigate without waiting for a load event (chromedp's Navigate never saw one here).
	if _, err := Eval[bool](bea, `(location.href = `+"`"+link+"`"+`, true)`); err != nil {
		t.Fatal(err)
	}
	bea.WaitApp()
	// Seated here before, the page rejoins by itself (no name box, no click).
	for end := time.Now().Add(time.Minute); !visible(bea, ".ark"); {
		if time.Now().After(end) {
			bea.Screenshot("not-back")
			t.Fatal("Bea did not get back to the table")
		}
		time.Sleep(100 * time.Millisecond)
	}
	bea.WaitVisible(".me .seat.you")
	if visible(bea, "#watch-banner") {
		t.Fatal("Bea came back as a watcher, not to her seat")
	}
	bea.Screenshot("back")
	moved := false
	for end := time.Now().Add(time.Minute); !moved; {
		if time.Now().After(end) {
			bea.Screenshot("never-moved")
			t.Fatal("Bea never had a move to make after coming back")
		}
		st := playStep(t, bea)
		moved = strings.HasPrefix(st, "click:[data-e2e") || st == "over"
		if playStep(t, ann) == "over" {
			moved = true // the game ended first: her seat was hers again, which is what counts
		}
		time.Sleep(30 * time.Millisecond)
	}
	if visible(ann, "#away-standin") {
		t.Error("the host still offers a stand-in for Bea")
	}
}

// visible reports whether css matches a node that is displayed.
func visible(b *Browser, css string) bool {
	ok, _ := Eval[bool](b, `(() => { const e = document.querySelector(`+"`"+css+"`"+`); return !!e && !e.hidden && e.offsetParent !== null; })()`)
	return ok
}
