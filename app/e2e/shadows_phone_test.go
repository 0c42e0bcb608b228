//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"

	"miskatonic/engine/shadows"
)

// shInViewJS: when the page offers the player a decision in Ring of Shadows (its buttons in
// #sh-actions), every choice within scope that can be tapped (a button drawn, or a folded
// choice's name) lies wholly inside the screen as the page stands (the test never scrolls it),
// and so does the prompt when scope is the whole panel (a fold just opened is checked alone:
// what it holds must be in view, and it may scroll the page to show it). It returns "" when
// there is no decision, else the move kinds on offer, "|", and what is wrong ("" when nothing).
func shInViewJS(scope string) string {
	return `(() => {
  const btns = [...document.querySelectorAll('#sh-actions button')];
  if (!btns.length || document.querySelector('#sh-result')) return '';
  const W = document.documentElement.clientWidth, H = innerHeight, bad = [];
  const inside = (el, what) => { const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) bad.push(what + ' outside ' + JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round))); };
  const scope = ` + jsString(scope) + `;
  if (scope === '#sh-actions') inside(document.querySelector('#sh-prompt'), 'prompt');
  // checkVisibility: what a closed fold holds keeps a layout box in Chromium (content-visibility).
  const shown = [...document.querySelectorAll(scope + ' button, ' + scope + ' summary')].filter(b => b.checkVisibility());
  if (!shown.length) bad.push('nothing to tap in ' + scope);
  shown.forEach(b => inside(b, (b.dataset.kind || 'fold') + ' "' + b.textContent.slice(0, 30) + '"'));
  const kinds = [...new Set(btns.map(b => b.dataset.kind))].sort().join(',');
  return kinds + '|' + bad.slice(0, 4).join('; ') + (bad.length > 4 ? ' (+' + (bad.length - 4) + ' more)' : '');
})()`
}

// shFoldJS marks the name of a folded choice (one a decision) for a tap; false when there is none.
const shFoldJS = `(() => {
  const sh = document.querySelector('#sh');
  const f = document.querySelector('#sh-actions details:not([open]) > summary');
  if (!sh || !f || window.__foldAt === sh.dataset.seq) return false;
  window.__foldAt = sh.dataset.seq;
  document.querySelectorAll('[data-e2e-fold]').forEach(x => x.removeAttribute('data-e2e-fold'));
  f.setAttribute('data-e2e-fold', '1');
  return true;
})()`

// laptop768 is a laptop whose screen is 768 px high, the shortest common one.
var laptop768 = Viewport{Width: 1366, Height: 768, Scale: 1}

// shCoreKinds are the decisions every game of Ring of Shadows offers: the test fails if its
// games did not show each of them at least once (the rest come with chance: the assets, the
// characters' abilities and the shadow phase's banish).
var shCoreKinds = []string{shadows.MoveCharacter, shadows.MoveRing, shadows.MoveMove, shadows.MoveShare,
	shadows.MoveView, shadows.MoveLeave, shadows.MoveEnd, shadows.MoveResearch, "fold"}

// TestShadowsPhoneDecisionsInView: one person plays all four characters of Ring of Shadows
// (every decision is theirs) on a phone (390×844) and on a 768-px-high laptop, in French (the
// longest words), Japanese and English. Whenever a decision is offered — choosing a character,
// giving the Ring, each action, sharing with another character (a tap on its name opens what
// can be given), viewing, banishing or leaving a shadow, ending the turn — the prompt and every
// choice that can be tapped are wholly on screen without scrolling, nothing is cut at the right
// edge, and the page never scrolls sideways.
func TestShadowsPhoneDecisionsInView(t *testing.T) {
	srv := StartApp(t)
	all := map[string]int{}
	for _, c := range []struct {
		name, lang string
		vp         Viewport
	}{
		{"phone-fr", "fr", Phone},
		{"phone-ja", "ja", Phone},
		{"phone-en", "en", Phone},
		{"laptop-fr", "fr", laptop768},
		{"laptop-ja", "ja", laptop768},
		{"laptop-en", "en", laptop768},
	} {
		t.Run(c.name, func(t *testing.T) {
			for k, n := range shPlayInView(t, srv, c.name, c.lang, c.vp) {
				all[k] += n
			}
		})
	}
	t.Logf("decisions checked, by the kinds they offered: %v", all)
	for _, k := range shCoreKinds {
		if all[k] == 0 {
			t.Errorf("no decision offered %s: the games played too little", k)
		}
	}
}

// shPlayInView plays one solo game (four characters, one person) on a browser of vp in lang,
// checking every decision with shInViewJS (and the right edge with overflowJS), and returns how
// many decisions offered each kind ("fold": a folded choice opened).
func shPlayInView(t *testing.T, srv *Server, name, lang string, vp Viewport) map[string]int {
	b := NewBrowser(t, "sh-"+name, vp)
	chooseLang(t, b, srv.URL, lang)
	b.Open(srv.URL + "/solo?game=shadows&pace=fast")
	b.WaitApp()
	b.WaitVisible("#solo-setup")
	shSoloStart(b, "Annabelle-Marguerite")
	seen := map[string]int{}
	check := func(scope, what string) {
		t.Helper()
		got, err := Eval[string](b, shInViewJS(scope))
		if err != nil {
			return
		}
		kinds, problem, ok := strings.Cut(got, "|")
		if !ok {
			return
		}
		if over, _ := Eval[string](b, overflowJS); over != "" {
			problem += "; " + strings.ReplaceAll(over, "\n", "; ")
		}
		if problem != "" {
			b.Screenshot("bad-" + what)
			t.Fatalf("%s, %s (offering %s): %s", name, what, kinds, problem)
		}
		for _, k := range strings.Split(kinds, ",") {
			if seen[k] == 0 {
				b.Screenshot(k)
			}
			seen[k]++
		}
	}
	moved := time.Now()
	for end := time.Now().Add(6 * time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		check("#sh-actions", "a decision")
		// Once a decision, a tap on a folded choice's name: what it opens is in view too.
		if fold, _ := Eval[bool](b, shFoldJS); fold {
			b.Click(`[data-e2e-fold="1"]`)
			time.Sleep(300 * time.Millisecond) // the fold opens and scrolls what it holds into view
			if seen["fold"] == 0 {
				b.Screenshot("fold-open")
			}
			check(`#sh-actions details[open]:has(> [data-e2e-fold="1"])`, "a fold opened")
			seen["fold"]++
		}
		before := shSeq(b)
		switch st := shStep(b); {
		case st == "over":
			b.Screenshot("over")
			return seen
		case strings.HasPrefix(st, "click:"):
			moved = time.Now()
			// The move shows before the next decision is looked at, so none is played unchecked.
			for until := time.Now().Add(3 * time.Second); shSeq(b) == before && time.Now().Before(until); {
				time.Sleep(20 * time.Millisecond)
			}
		case time.Since(moved) > time.Minute:
			b.Screenshot("stuck")
			t.Fatalf("%s: no decision for a minute", name)
		}
	}
	b.Screenshot("unfinished")
	t.Logf("%s: the game did not end in time; decisions checked until then", name)
	return seen
}

// shSeq is the move count b's Ring of Shadows table shows, or -1.
func shSeq(b *Browser) int { return boardSeq(b, "#sh") }
