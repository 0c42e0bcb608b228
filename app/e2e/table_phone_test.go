//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

// inViewJS checks, on the page as it stands (never scrolled), that the prompt, every seat's card
// and every action button lie wholly inside the viewport, and that nothing of the table is hidden
// under the dock; card names are at least 12 px. It returns "" or what is wrong.
const inViewJS = `(() => {
  const W = innerWidth, H = innerHeight, bad = [];
  const dock = document.querySelector('#ark-dock').getBoundingClientRect();
  const inside = (el, what, above) => {
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) bad.push(what + ' outside ' + JSON.stringify([r.left, r.top, r.right, r.bottom]));
    else if (above && r.bottom > dock.top + 0.5) bad.push(what + ' under the dock ' + r.bottom + '>' + dock.top);
  };
  inside(document.querySelector('#ark-prompt'), 'prompt', false);
  const cards = [...document.querySelectorAll('.ark .seat .card')];
  if (cards.length !== 7) bad.push(cards.length + ' seat cards');
  cards.forEach((c, i) => inside(c, 'seat card ' + i, true));
  const btns = [...document.querySelectorAll('.actions button')];
  if (!btns.length) bad.push('no buttons');
  btns.forEach((b, i) => inside(b, 'button ' + i, false));
  document.querySelectorAll('.ark .seat .card-name, .ark .dock .card-name').forEach(n => {
    const px = parseFloat(getComputedStyle(n).fontSize);
    if (px < 12) bad.push('card name at ' + px + 'px');
  });
  if (scrollY !== 0) bad.push('scrolled to ' + scrollY);
  return bad.join('; ');
})()`

// TestArkhamPhoneSevenSeats: a phone (390×844) at a table of seven (six bots). Whenever it is the
// player's turn, the prompt, every seat's card and the action buttons are all on screen together;
// tapping a seat gives or passes to it.
func TestArkhamPhoneSevenSeats(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "phone", Phone)
	b.Open(srv.URL + "/solo?game=arkham&pace=fast")
	b.WaitApp()
	b.WaitVisible("#solo-setup")
	typeInto(b, "#player-name", "Annabelle-Marguerite")
	setSelect(b, "#solo-players", "7")
	setSelect(b, "#opt-doom", "on")
	b.Click("#solo-start")
	b.WaitVisible(".ark")

	checked, tapped, explained, missed := 0, false, false, 0
	last, lastAt := -1, time.Now()
	for end := time.Now().Add(4 * time.Minute); time.Now().Before(end) && (checked < 4 || !tapped || !explained); time.Sleep(40 * time.Millisecond) {
		st, err := Eval[string](b, stepJS)
		if err != nil {
			break
		}
		if st == "over" {
			// Seven bots at the fast pace can end a game (a Great Old One) before the player has
			// had a few turns: the player plays again at the same table.
			b.WaitVisible("#play-again")
			b.Click("#play-again")
			last, lastAt = -1, time.Now()
			continue
		}
		if s := seqOf(b); s != last {
			last, lastAt = s, time.Now()
		} else if time.Since(lastAt) > 40*time.Second {
			prompt, _ := Eval[string](b, `(document.querySelector('#ark-prompt') || {}).textContent || ''`)
			b.Screenshot("stuck")
			t.Fatalf("the game stopped moving at seq %d (step %q, prompt %q)", s, st, prompt)
		}
		// Explain in place: tapping a card (not a seat that takes the card) opens its rule text.
		const plain = `.ring .seat:not(.target) .card:not([data-card="back"]):not([data-card="hidden"])`
		// Only a card a tap would reach: while a round's reveal is up it covers the table.
		reach := `(() => { const c = document.querySelector('` + plain + `'); if (!c) return false;
		  c.scrollIntoView({block: 'center'}); const r = c.getBoundingClientRect();
		  const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		  return !!e && c.contains(e); })()`
		tried := !explained
		if !explained && reachable(b, reach) && tapExplains(t, b, plain, &missed) {
			// The panel lies wholly on screen (its close button within reach of a thumb).
			time.Sleep(300 * time.Millisecond) // its drop-in animation
			if bad, _ := Eval[string](b, `(() => { const r = document.querySelector('#card-explain').getBoundingClientRect();
			  return (r.left < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) ? JSON.stringify([r.left, r.right, r.bottom, innerWidth]) : ''; })()`); bad != "" {
				b.Screenshot("explain-off-screen")
				t.Fatalf("the card explanation lies off screen: %s", bad)
			}
			b.Screenshot("explain")
			b.Click("#explain-close")
			if gone, _ := Eval[bool](b, `!document.querySelector('#card-explain')`); !gone {
				time.Sleep(200 * time.Millisecond)
				if gone, _ = Eval[bool](b, `!document.querySelector('#card-explain')`); !gone {
					b.Screenshot("explain-stays")
					t.Fatal("the close button left the card explanation open")
				}
			}
			explained = true
		}
		if tried {
			// reach scrolled a card to the middle to tap it (the frame's lines above the table
			// make the page a little taller than a phone): back to the top, where the app
			// keeps the page, so the in-view check below judges the app, not this scroll.
			_, _ = Eval[bool](b, `(scrollTo(0, 0), true)`)
		}
		if !strings.HasPrefix(st, "click:[data-e2e") {
			playStep(t, b)
			continue
		}
		if bad, err := Eval[string](b, inViewJS); err != nil || bad != "" {
			b.Screenshot("not-in-view")
			t.Fatalf("your turn at 390×844: %s (%v)", bad, err)
		}
		checked++
		if checked == 1 {
			b.Screenshot("your-turn")
		}
		// A seat that takes a tap: tapping it moves the game on, as its button would.
		if target, _ := Eval[bool](b, `!!document.querySelector('.ring .seat.target')`); target && !tapped {
			b.Screenshot("tap-target")
			before := seqOf(b)
			b.Click(".ring .seat.target")
			for until := time.Now().Add(10 * time.Second); seqOf(b) <= before; time.Sleep(30 * time.Millisecond) {
				if time.Now().After(until) {
					t.Fatal("tapping a seat did not move the game on")
				}
			}
			tapped = true
			continue
		}
		playStep(t, b)
	}
	if checked < 2 || !tapped || !explained {
		b.Screenshot("short")
		t.Fatalf("checked %d turns, tapped a seat: %v, a card explained: %v", checked, tapped, explained)
	}
}

// tapExplains taps the first card matching css and reports whether its explanation opened.
// The bots play fast: the card may be redrawn (or its seat become a target) between finding it
// and the tap landing, and a player whose tap missed taps again; many misses in a row fail.
func tapExplains(t *testing.T, b *Browser, css string, missed *int) bool {
	t.Helper()
	b.Click(css)
	for until := time.Now().Add(3 * time.Second); time.Now().Before(until); time.Sleep(30 * time.Millisecond) {
		if opened, _ := Eval[bool](b, `!!document.querySelector('#card-explain')`); opened {
			*missed = 0
			return true
		}
	}
	t.Logf("a tap on a card opened no explanation (the board moved under it); tapping again later")
	if *missed++; *missed > 5 {
		b.Screenshot("explain-missed")
		t.Fatalf("tapping a card opened no explanation, %d taps in a row", *missed)
	}
	return false
}

// reachable evaluates a yes-or-no question about b's page; an error counts as no.
func reachable(b *Browser, js string) bool {
	ok, err := Eval[bool](b, js)
	return err == nil && ok
}
