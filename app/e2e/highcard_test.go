//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestHighCardSolo plays the tiny test game to the end in Chromium: the fourth game, found on the
// home page only with ?dev=1, reaches the game screen through the same registry as the others.
func TestHighCardSolo(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "highcard", Laptop)
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitVisible("#home")
	if listed, _ := Eval[bool](b, `!!document.querySelector('#game-highcard')`); listed {
		t.Fatal("a test game is on the home page without ?dev=1")
	}
	b.Open(srv.URL + "/?dev=1")
	b.WaitApp()
	b.WaitText("#game-highcard h2", "High Card")
	b.Click("#home-solo-highcard")
	// Polled in the page, not chromedp's WaitVisible: that query can wait forever on a document
	// a navigation has replaced (once in a CI run, 90 s with no way to see what the page showed).
	if err := b.Try(poll(`!!document.querySelector('#solo-setup')`, 50*time.Millisecond)); err != nil {
		at, _ := Eval[string](b, `location.href + ' shows #' + ((document.querySelector('main') || {}).id || '(no main)')`)
		b.Screenshot("highcard-no-setup")
		t.Fatalf("the solo set-up never showed: %s: %v", at, err)
	}
	typeInto(b, "#player-name", "Ann")
	setSelect(b, "#solo-players", "3")
	setSelect(b, "#solo-level", "random")
	b.Click("#solo-start")
	b.WaitVisible("#hc")
	b.Screenshot("highcard-table")
	if seats, _ := Eval[int](b, `document.querySelectorAll('#hc .hc-seat').length`); seats != 3 {
		t.Fatalf("%d seats, want 3", seats)
	}
	// Ann keeps a high card and swaps a low one until the game ends.
	const step = `(() => {
	  if (document.querySelector('#hc-result')) return 'over';
	  const keep = document.querySelector('#hc-keep'), swap = document.querySelector('#hc-swap');
	  if (!keep || !swap) return 'wait';
	  const own = parseInt(document.querySelector('#hc-prompt').textContent.match(/\d+/)[0], 10);
	  (own > 5 ? keep : swap).click();
	  return 'moved';
	})()`
	moved := false
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		st, _ := Eval[string](b, step)
		if st == "over" {
			break
		}
		moved = moved || st == "moved"
		if time.Now().After(end) {
			b.Screenshot("highcard-stuck")
			t.Fatal("the game never ended")
		}
	}
	b.Screenshot("highcard-over")
	if !moved {
		t.Error("Ann never moved")
	}
	if txt := b.Text("#hc-result"); !strings.Contains(txt, "Winners:") {
		t.Errorf("result says %q", txt)
	}
	if hands, _ := Eval[int](b, `[...document.querySelectorAll('#hc .hc-card')].filter(e => /^\d+$/.test(e.textContent)).length`); hands != 3 {
		t.Errorf("%d hands shown at the end, want 3", hands)
	}
	b.Click("#play-again")
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if fresh, _ := Eval[bool](b, `!document.querySelector('#hc-result') && !!document.querySelector('#hc .hc-seat')`); fresh {
			break
		}
		if time.Now().After(end) {
			b.Screenshot("highcard-again")
			t.Fatal("play again did not deal a new game")
		}
	}
}
