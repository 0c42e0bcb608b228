//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"
)

// ritPhoneJS measures, on the page as it stands, that the decision on screen is drawn next to
// what it acts on (issue 24), and returns what it found as "kind|problem" ("" when there is
// nothing to check). Placing: the choices are on the place tiles only, and the places follow the
// prompt (not a thousand pixels below). A pressed event card: its choices are on the places or
// beside the players, and those follow the window. Game over: the score table, Total included,
// lies inside the screen's width (the page's, not a layout viewport widened by what overflows) and nothing scrolls sideways.
const ritPhoneJS = `(() => {
  const r = document.querySelector('#rit');
  if (!r) return '';
  const W = document.documentElement.clientWidth, bad = [];
  const box = el => el.getBoundingClientRect();
  const within = (el, what) => { const b = box(el);
    if (b.left < -0.5 || b.right > W + 0.5) bad.push(what + ' outside the width ' + JSON.stringify([b.left, b.right])); };
  if (document.documentElement.scrollWidth > W + 1) bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth);
  const res = document.querySelector('#rit-result');
  if (res) {
    within(res.querySelector('table'), 'score table');
    res.querySelectorAll('.rit-total, thead th').forEach((c, i) => within(c, 'score cell ' + i));
    return 'over|' + bad.join('; ');
  }
  const prompt = box(document.querySelector('#rit-prompt'));
  if (r.dataset.decide === 'place') {
    const here = [...document.querySelectorAll('.rit-here')];
    if (!here.length) bad.push('no place button');
    here.forEach((b, i) => { if (!b.closest('.rit-place')) bad.push('place button ' + i + ' off its place'); within(b, 'place button ' + i); });
    if (document.querySelector('.rit-actions .rit-move[data-kind="place"]')) bad.push('place choices listed away from the places');
    const places = box(document.querySelector('.rit-places'));
    if (places.top - prompt.bottom > 120) bad.push('the places start ' + Math.round(places.top - prompt.bottom) + ' px below the prompt');
    return 'place|' + bad.join('; ');
  }
  if (r.dataset.decide === 'place-target' || r.dataset.decide === 'seat-target') {
    const seat = r.dataset.decide === 'seat-target';
    const ts = [...document.querySelectorAll('.rit-target')];
    if (!ts.length) bad.push('no target');
    ts.forEach((b, i) => { if (!b.closest(seat ? '.rit-seat' : '.rit-place')) bad.push('target ' + i + ' off its ' + (seat ? 'player' : 'place')); within(b, 'target ' + i); });
    if (document.querySelector('#rit-window .rit-target')) bad.push('the window lists the targets itself');
    const win = box(document.querySelector('#rit-window'));
    const part = box(document.querySelector(seat ? '.rit-seats' : '.rit-places'));
    if (part.top - win.bottom > 120 || part.top < win.top) bad.push('the ' + (seat ? 'players' : 'places') + ' start ' + Math.round(part.top - win.bottom) + ' px below the window');
    return r.dataset.decide + '|' + bad.join('; ');
  }
  return '';
})()`

// ritPhoneStepJS plays as ritStepJS does, and in an event window presses a card that needs a
// target (once per window) so its choices are drawn, then plays one of them.
const ritPhoneStepJS = `(() => {
  const r = document.querySelector('#rit');
  if (!r) return 'wait';
  const at = r.dataset.seq + '/' + r.dataset.round;
  const t = document.querySelector('.rit-target');
  if (t && window.__targetAt !== at) { window.__targetAt = at; window.__sentAt = r.dataset.seq + '/' + r.dataset.phase + '/' + r.dataset.round; t.click(); return 'target'; }
  const c = document.querySelector('.rit-choose[aria-pressed="false"]');
  if (c && window.__choseAt !== at) { window.__choseAt = at; c.click(); return 'choose'; }
  return ` + ritStepJS + `;
})()`

// TestRitualsPhoneDecisionsInPlace: a phone (390×844) plays a whole solo game of Rituals of
// Madness. Whenever it chooses a place, the choices are on the places, which follow the prompt;
// whenever it presses an event card with targets, the choices are on those places or players,
// which follow the window; the round just ended stays in the log (with its closing draws) until
// the next round's first event; at the end the score table fits the screen, Total included. A
// game that dealt the player no event with targets is followed by another.
func TestRitualsPhoneDecisionsInPlace(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "rit-phone", Phone)
	b.Open(srv.URL + "/solo?game=rituals&pace=fast")
	b.WaitApp()
	b.WaitVisible("#solo-setup")
	typeInto(b, "#player-name", "Annabelle-Marguerite")
	setSelect(b, "#solo-players", "5")
	b.Click("#solo-start")
	b.WaitVisible("#rit")
	ritWatch(t, b)
	seen := map[string]int{}
	closed := false
	last, lastAt := -1, time.Now()
	for end := time.Now().Add(15 * time.Minute); time.Now().Before(end); time.Sleep(40 * time.Millisecond) {
		got, err := Eval[string](b, ritPhoneJS)
		if err != nil {
			t.Fatal(err)
		}
		if kind, problem, ok := strings.Cut(got, "|"); ok {
			if problem != "" {
				b.Screenshot("rit-phone-bad-" + kind)
				t.Fatalf("%s: %s", kind, problem)
			}
			if seen[kind] == 0 {
				if kind == "over" {
					_, _ = Eval[bool](b, `(document.querySelector('#rit-result').scrollIntoView({block: 'start'}), true)`)
				}
				b.Screenshot("rit-phone-" + kind)
			}
			seen[kind]++
			if kind == "over" {
				if seen["place-target"]+seen["seat-target"] > 0 {
					break
				}
				// Chance dealt the player no event with targets in this game: play another.
				b.WaitVisible("#play-again")
				b.Click("#play-again")
				for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
					if gone, _ := Eval[bool](b, `!document.querySelector('#rit-result')`); gone {
						break
					}
				}
				continue
			}
		}
		if !closed {
			if l, _ := Eval[string](b, `(() => { const l = document.querySelector('#rit-log'); return l && +l.dataset.of > 0 ? l.textContent : ''; })()`); strings.Contains(l, " drew ") {
				closed = true
				_, _ = Eval[bool](b, `(document.querySelector('#rit-log').scrollIntoView({block: 'center'}), true)`)
				b.Screenshot("rit-phone-round-ended")
				_, _ = Eval[bool](b, `(scrollTo(0, 0), true)`)
			}
		}
		if st, _ := Eval[string](b, ritPhoneStepJS); st == "over" {
			continue
		}
		ritNoLeak(t, b)
		if s := ritSeq(b); s != last {
			last, lastAt = s, time.Now()
		} else if time.Since(lastAt) > 40*time.Second {
			ritStuck(t, []*Browser{b})
		}
	}
	t.Logf("decisions checked: %v", seen)
	if seen["over"] == 0 {
		t.Fatal("the game did not end in time")
	}
	if seen["place"] == 0 {
		t.Error("never chose a place")
	}
	if seen["place-target"]+seen["seat-target"] == 0 {
		t.Error("never pressed an event card with targets")
	}
	if !closed {
		t.Error("the log never showed the round just ended with its closing draws")
	}
}
