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
  const W = document.documentElement.clientWidth, H = innerHeight, bad = [], shDock = ` + jsString(shDock) + `;
  const inside = (el, what) => { const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) return bad.push(what + ' outside ' + JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round)));
    // In view but partly under something (the docked end of the turn): its top, middle and
    // bottom edge must each be its own to tap.
    const x = (r.left + r.right) / 2;
    for (const y of [r.top + 2, (r.top + r.bottom) / 2, r.bottom - 2]) {
      const hit = document.elementFromPoint(x, y);
      if (hit && !el.contains(hit)) return bad.push(what + ' covered at ' + Math.round(y) + ' by ' + hit.tagName.toLowerCase() + '.' + [...hit.classList].join('.'));
    } };
  const scope = ` + jsString(scope) + `;
  if (scope === '#sh-actions') inside(document.querySelector('#sh-prompt'), 'prompt');
  if (scope === shDock && !document.querySelector(shDock)) return '';
  if (scope === shDock) { inside(document.querySelector(shDock), 'end'); return 'end|' + bad.join('; '); }
  // checkVisibility: what a closed fold holds keeps a layout box in Chromium (content-visibility).
  const shown = [...document.querySelectorAll(scope + ' button, ' + scope + ' summary')].filter(b => b.checkVisibility());
  if (!shown.length) bad.push('nothing to tap in ' + scope);
  shown.forEach(b => inside(b, (b.dataset.kind || 'fold') + ' "' + b.textContent.slice(0, 30) + '"'));
  const kinds = [...new Set(btns.map(b => b.dataset.kind))].sort().join(',');
  return kinds + '|' + bad.slice(0, 4).join('; ') + (bad.length > 4 ? ' (+' + (bad.length - 4) + ' more)' : '');
})()`
}

// shDock is the button that ends the turn, docked at the bottom of the screen.
const shDock = `#sh-actions [data-group="end"] button`

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

// shCrowdJS picks like shStepJS, but in the action phase always ends the turn at once: every
// character then starts each turn where all four began, together, with all its resources and
// three actions, so each turn offers the most there is (a fold to give to each of the three
// others, every action of the place, the ability, the Ring's view). That is the crowded turn
// a phone must still show whole, reached on purpose rather than by the deal's chance.
const shCrowdJS = `(() => {
  const sh = document.querySelector('#sh');
  if (!sh) return 'wait';
  if (document.querySelector('#sh-result')) return 'over';
  const btns = [...document.querySelectorAll('#sh-actions button')];
  if (!btns.length) return 'wait';
  const pick = btns.find(b => ['character', 'ring', 'banish', 'end'].includes(b.dataset.kind)) ||
    btns.find(b => b.dataset.kind === 'leave') || btns[0];
  document.querySelectorAll('[data-e2e]').forEach(b => b.removeAttribute('data-e2e'));
  pick.setAttribute('data-e2e', '1');
  return 'click:' + sh.dataset.tomove + ':' + pick.dataset.kind;
})()`

// shCrowdTurns is how many turns are played crowded (shCrowdJS) before the game goes on at
// random: a round, each character's crowded turn once (more would bring the game's end closer
// and leave the random play less time to offer the kinds that come by chance).
const shCrowdTurns = 4

// shLowestJS is how far down the screen the lowest choice of the decision on offer reaches (px
// from the top; 0 when there is none): the figure of how close a decision came to the fold.
const shLowestJS = `Math.round(Math.max(0, ...[...document.querySelectorAll('#sh-actions button, #sh-actions summary')].filter(b => b.checkVisibility()).map(b => b.getBoundingClientRect().bottom)))`

// laptop768 is a laptop whose screen is 768 px high, the shortest common one.
var laptop768 = Viewport{Width: 1366, Height: 768, Scale: 1}

// phoneSideways is the phone held sideways: 390 px of height hold no crowded turn whole.
var phoneSideways = Viewport{Width: 844, Height: 390, Scale: 2, Mobile: true}

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
// choice that can be tapped are wholly on screen without scrolling and under nothing, nothing
// is cut at the right edge, and the page never scrolls sideways. The first round is
// played crowded (shCrowdJS: every turn where all four characters began, each offering its
// most), the rest at random. On a phone held sideways, where a crowded turn cannot fit, the
// button that ends the turn is docked in view at every turn all the same.
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
		{"sideways-ja", "ja", phoneSideways},
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
	whole := !vp.Mobile || vp.Height > vp.Width // all but a phone held sideways show the whole decision
	check := func(scope, what string) {
		t.Helper()
		if !whole && scope == "#sh-actions" {
			scope = shDock
		}
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
	ended, lowest := 0, 0
	defer func() {
		t.Logf("%s: the lowest choice reached %d px of %d (crowded turns played: %d)", name, lowest, vp.Height, ended)
	}()
	for end := time.Now().Add(6 * time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		check("#sh-actions", "a decision")
		if low, err := Eval[int](b, shLowestJS); err == nil {
			lowest = max(lowest, low)
		}
		// Once a decision, a tap on a folded choice's name: what it opens is in view too.
		if fold, _ := Eval[bool](b, shFoldJS); fold && whole {
			b.Click(`[data-e2e-fold="1"]`)
			time.Sleep(300 * time.Millisecond) // the fold opens and scrolls what it holds into view
			if seen["fold"] == 0 {
				b.Screenshot("fold-open")
			}
			check(`#sh-actions details[open]:has(> [data-e2e-fold="1"])`, "a fold opened")
			seen["fold"]++
		}
		before := shSeq(b)
		pick := shStepJS
		if ended < shCrowdTurns {
			pick = shCrowdJS
		}
		st := shStepBy(b, pick)
		if strings.HasSuffix(st, ":end") {
			ended++
		}
		switch {
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
