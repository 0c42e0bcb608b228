//go:build browser

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// stepJS looks at one player's page and says what to do next. It also enforces the game's first
// promise: while a round is being played, the page never shows its own player's card.
//
//	"LEAK:<card>"   the own card is face up mid-round (a failure)
//	"over"          the game-over screen is up
//	"click:<css>"   click this (a legal move, Continue after a round's reveal, or Close on a
//	                card's explanation that a stray tap opened: a click aimed at a button that
//	                moved lands on a card, and the panel then covers the lower screen)
//	"wait"          nothing to do (someone else's turn)
const stepJS = `(() => {
  const ark = document.querySelector('.ark');
  if (!ark) return 'wait';
  const reveal = ark.dataset.reveal === 'true';
  const mine = document.querySelector('.me .seat.you .card');
  if (!reveal && mine && mine.dataset.card !== 'hidden') return 'LEAK:' + mine.dataset.card;
  if (document.querySelector('#game-over')) return 'over';
  document.querySelectorAll('[data-e2e]').forEach(e => e.removeAttribute('data-e2e'));
  if (document.querySelector('#card-explain')) return 'click:#explain-close';
  if (document.querySelector('#continue')) return 'click:#continue';
  const btns = [...document.querySelectorAll('.actions button')];
  if (!btns.length) return 'wait';
  const b = btns[Math.floor(Math.random() * btns.length)];
  b.setAttribute('data-e2e', '1');
  return 'click:[data-e2e="1"]';
})()`

// watchRevealsJS counts, in the page, each time the board turns to a round's reveal; revealsJS
// reads the count. Counting Continue clicks from the test misses rounds: at the fast pace a
// click aimed at a move button can land on the reveal's Continue drawn under it in that moment,
// and the reveal is gone before the next look. A MutationObserver sees every change.
const watchRevealsJS = `(() => {
  window.__reveals = 0;
  let shown = false;
  const look = () => {
    const now = !!document.querySelector('.ark[data-reveal="true"]');
    if (now && !shown) window.__reveals++;
    shown = now;
  };
  new MutationObserver(look).observe(document.body,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-reveal']});
  look();
  return true;
})()`

const revealsJS = `window.__reveals || 0`

// watchReveals starts the page's reveal count (see watchRevealsJS).
func watchReveals(t *testing.T, b *Browser) {
	t.Helper()
	if _, err := Eval[bool](b, watchRevealsJS); err != nil {
		t.Fatalf("%s: watch reveals: %v", b.Name, err)
	}
}

// playStep makes at most one move on b's page. It returns the page's state.
func playStep(t *testing.T, b *Browser) string { return playStepThen(t, b, nil) }

// playStepThen is playStep with a hook that sees the state before any click (for screenshots).
func playStepThen(t *testing.T, b *Browser, before func(st string)) string {
	t.Helper()
	st, err := Eval[string](b, stepJS)
	if err != nil {
		return "wait"
	}
	if strings.HasPrefix(st, "LEAK:") {
		b.Screenshot("leak")
		t.Fatalf("%s: own card shown before the reveal: %s", b.Name, st)
	}
	if before != nil {
		before(st)
	}
	if css, ok := strings.CutPrefix(st, "click:"); ok {
		// The button may be redrawn between finding and clicking it; the next step retries.
		ctx, cancel := context.WithTimeout(b.Ctx, 5*time.Second)
		_, _ = chromedp.Run(ctx, chromedp.Click(chromedp.CSS(css), chromedp.NodeVisible))
		cancel()
	}
	return st
}

// setSelect chooses value in a <select> and fires the change event go-app listens to.
func setSelect(b *Browser, css, value string) {
	if _, err := Eval[bool](b, fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q;
		s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, css, value)); err != nil {
		b.t.Fatalf("%s: select %s=%s: %v", b.Name, css, value, err)
	}
}

// typeInto types text into an input (fresh profiles start empty).
func typeInto(b *Browser, css, text string) {
	b.Do(chromedp.SendKeys(chromedp.CSS(css), text))
}

// TestArkhamSoloSevenSeats: a player and six bots play a whole game in one browser with no
// network use beyond loading the page.
func TestArkhamSoloSevenSeats(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "solo", Laptop)
	b.Open(srv.URL + "/solo?game=arkham&pace=fast")
	b.WaitApp()
	b.WaitVisible("#solo-setup")
	typeInto(b, "#player-name", "Ann")
	setSelect(b, "#solo-players", "7")
	setSelect(b, "#opt-doom", "on")
	b.Click("#solo-start")
	b.WaitVisible(".ark")
	b.Screenshot("table")

	seats, err := Eval[int](b, `document.querySelectorAll('.ark .seat').length`)
	if err != nil || seats != 7 {
		t.Fatalf("%d seats on the table (%v), want 7", seats, err)
	}
	watchReveals(t, b)
	deadline := time.Now().Add(10 * time.Minute)
	shot := false
	var keys arkhamKeyboard
	for time.Now().Before(deadline) {
		if keys.step(t, b) {
			continue
		}
		st := playStepThen(t, b, func(st string) {
			if st == "click:#continue" && !shot {
				shot = true
				b.Screenshot("round-end")
			}
		})
		if st == "over" {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	b.WaitVisible("#game-over")
	b.Screenshot("game-over")
	rounds, err := Eval[int](b, revealsJS)
	t.Logf("rounds revealed: %d", rounds)
	if err != nil || rounds == 0 {
		t.Error("never saw a round's reveal")
	}
	if txt := b.Text("#game-over"); !strings.Contains(txt, "ritual is over") {
		t.Errorf("game over says %q", txt)
	}
	if !keys.reveal || !keys.explain {
		t.Errorf("the keyboard checks did not all run (reveal %v, explanation %v)", keys.reveal, keys.explain)
	}
	// The game over's way on takes the focus the dock held under it (a keyboard is one Enter
	// from the next game); its autofocus attribute did nothing on a page already loaded.
	waitFocus(t, b, "play-again", "the game ended")

	// Play again deals a new game at the same table at once: the same seven seats.
	b.Click("#play-again")
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if fresh, _ := Eval[bool](b, `!document.querySelector('#game-over') && !!document.querySelector('.ark .seat')`); fresh {
			break
		}
		if time.Now().After(end) {
			b.Screenshot("play-again")
			t.Fatal("play again did not deal a new game")
		}
	}
	if seats, _ := Eval[int](b, `document.querySelectorAll('.ark .seat').length`); seats != 7 {
		t.Fatalf("%d seats in the new game, want 7", seats)
	}
	b.Screenshot("play-again")
}
