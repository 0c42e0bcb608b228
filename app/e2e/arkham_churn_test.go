//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// churnJS counts, in the page, what each move makes the browser redo on the table, by the kind
// of move the board turned to (plain, reveal: a round's end, over: the game's end): nodes added
// and removed (and of them, elements taken out and put back the same in one update: re-made
// for nothing), attributes and text set (and of them, set to the value they already had),
// and CSS animations started — each either on an element the update made or changed (added,
// or its own attributes set), or a restart on an element the update left as it was.
// Everything between two moves (a reveal dismissed, a line of talk) counts with the move
// before it.
const churnJS = `(() => {
  if (window.__churn) return true;
  const C = window.__churn = {kinds: {}, seq: null, kind: 'start', reveal: false, over: false};
  let fresh = new WeakSet();
  const nm = (n) => !n || !n.tagName ? '#text' : n.tagName.toLowerCase() +
    (typeof n.className === 'string' && n.className.trim() ? '.' + n.className.trim().split(/\s+/).slice(0, 2).join('.') : '');
  const sig = (n) => n.nodeType === 1 ? n.outerHTML : n.nodeType + ':' + n.textContent;
  const bucket = () => {
    const k = C.kind;
    return C.kinds[k] || (C.kinds[k] = {moves: 0, added: 0, removed: 0, remade: 0, attrs: 0, sameAttrs: 0, text: 0, sameText: 0,
      anims: 0, restarts: 0, by: {}});
  };
  const note = (b, key, n) => { b.by[key] = (b.by[key] || 0) + (n || 1); };
  const size = (n) => n.nodeType === 1 ? 1 + n.getElementsByTagName('*').length : 1;
  new MutationObserver((rs) => {
    const a = document.querySelector('.ark');
    if (!a) { C.kind = 'lobby'; C.seq = null; C.reveal = C.over = false; }
    else if (a.dataset.seq !== C.seq) {
      const reveal = a.dataset.reveal === 'true', over = a.dataset.over === 'true';
      C.kind = C.kind === 'lobby' ? 'start' : over && !C.over ? 'over' : reveal && !C.reveal ? 'reveal' : 'plain';
      C.seq = a.dataset.seq; C.reveal = reveal; C.over = over;
      fresh = new WeakSet();
      bucket().moves++;
    }
    const b = bucket();
    const gone = new Map();
    for (const r of rs) for (const n of r.removedNodes) { const s = sig(n); gone.set(s, (gone.get(s) || 0) + 1); }
    for (const r of rs) {
      if (r.type === 'childList') {
        for (const n of r.addedNodes) {
          const s = sig(n), k = gone.get(s) || 0;
          if (k > 0) { gone.set(s, k - 1); b.remade += size(n); note(b, 'remade ' + nm(n) + ' in ' + nm(r.target), size(n)); }
          b.added += size(n); note(b, '+ ' + nm(n) + ' in ' + nm(r.target), size(n)); fresh.add(n);
        }
        for (const n of r.removedNodes) { b.removed += size(n); note(b, '- ' + nm(n) + ' in ' + nm(r.target), size(n)); }
      } else if (r.type === 'attributes') {
        const now = r.target.getAttribute(r.attributeName);
        b.attrs++;
        if (now === r.oldValue) { b.sameAttrs++; note(b, 'same @' + r.attributeName + ' on ' + nm(r.target)); }
        else { note(b, '@' + r.attributeName + ' on ' + nm(r.target)); fresh.add(r.target); }
      } else {
        b.text++;
        if (r.target.data === r.oldValue) { b.sameText++; note(b, 'same text in ' + nm(r.target.parentNode)); }
        else note(b, 'text in ' + nm(r.target.parentNode));
      }
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true});
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { const b = bucket(); b.shifts = (b.shifts || 0) + 1;
    for (const src of e.sources || []) note(b, 'SHIFT ' + nm(src.node) + ' by ' + Math.round(src.currentRect.y - src.previousRect.y)); } })
    .observe({type: 'layout-shift'});
  document.addEventListener('animationstart', (e) => {
    const b = bucket();
    b.anims++;
    let made = false;
    for (let n = e.target; n && n !== document.body; n = n.parentNode) if (fresh.has(n)) { made = true; break; }
    if (made) note(b, 'anim ' + e.animationName + ' on ' + nm(e.target));
    else { b.restarts++; note(b, 'RESTART ' + e.animationName + ' on ' + nm(e.target)); }
  }, true);
  return true;
})()`

// churnKind is one kind of move's counts on one page (churnJS's bucket).
type churnKind struct {
	Moves, Added, Removed, Remade, Attrs, SameAttrs, Text, SameText, Anims, Restarts int
	By                                                                               map[string]int
}

func readChurn(t *testing.T, b *Browser) map[string]churnKind {
	t.Helper()
	raw, err := Eval[string](b, `JSON.stringify(window.__churn ? window.__churn.kinds : {})`)
	if err != nil {
		t.Fatalf("%s: churn: %v", b.Name, err)
	}
	var out map[string]churnKind
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatalf("%s: churn %q: %v", b.Name, raw, err)
	}
	return out
}

// logChurn logs one page's counts per move, by kind of move, with the most frequent changes.
func logChurn(t *testing.T, name string, kinds map[string]churnKind) {
	t.Helper()
	for _, k := range []string{"plain", "reveal", "over"} {
		c, ok := kinds[k]
		if !ok || c.Moves == 0 {
			continue
		}
		n := float64(c.Moves)
		t.Logf("FIGURE %s DOM per %s move (n=%d): +%.1f −%.1f nodes (re-made the same %.1f), attributes %.1f (same value %.1f), text %.1f (same %.1f), animations %.2f (restarted on an element left as it was %.2f)",
			name, k, c.Moves, float64(c.Added)/n, float64(c.Removed)/n, float64(c.Remade)/n, float64(c.Attrs)/n, float64(c.SameAttrs)/n,
			float64(c.Text)/n, float64(c.SameText)/n, float64(c.Anims)/n, float64(c.Restarts)/n)
		keys := make([]string, 0, len(c.By))
		for key := range c.By {
			keys = append(keys, key)
		}
		sort.Slice(keys, func(i, j int) bool {
			return c.By[keys[i]] > c.By[keys[j]] || c.By[keys[i]] == c.By[keys[j]] && keys[i] < keys[j]
		})
		var top []string
		for _, key := range keys[:min(len(keys), 40)] {
			top = append(top, fmt.Sprintf("%s ×%.2f", key, float64(c.By[key])/n))
		}
		t.Logf("  %s %s moves, most first: %s", name, k, strings.Join(top, "; "))
		var waste []string
		for _, key := range keys {
			if strings.HasPrefix(key, "remade ") || strings.HasPrefix(key, "RESTART ") || strings.HasPrefix(key, "same ") {
				waste = append(waste, fmt.Sprintf("%s ×%d", key, c.By[key]))
			}
		}
		if len(waste) > 0 {
			t.Logf("  %s %s moves, for nothing: %s", name, k, strings.Join(waste, "; "))
		}
	}
}

// traceRepaints records page b's paint invalidations (Chromium's InvalidateDisplayItemClient
// events: a part of the page whose drawing is recorded again, with its layout object and why)
// and returns what stops the trace and counts them by "object (reason)".
func traceRepaints(t *testing.T, b *Browser) (stop func() map[string]int) {
	t.Helper()
	rec := recordTrace(t, b, []string{"disabled-by-default-blink.invalidation"})
	return func() map[string]int {
		counts := map[string]int{}
		for _, raw := range rec() {
			var e struct {
				Name string `json:"name"`
				Args struct {
					Client string `json:"client"`
					Reason string `json:"reason"`
				} `json:"args"`
			}
			if json.Unmarshal(raw, &e) == nil && e.Name == "InvalidateDisplayItemClient" {
				counts[e.Args.Client+" ("+e.Args.Reason+")"]++
			}
		}
		return counts
	}
}

// TestArkhamMoveChurn: three pages play Arkham games by clicking (as TestArkhamThreeBrowsers)
// with churnJS counting what each move makes each page's browser redo. A move re-draws what
// it changed: no page re-makes an element the same as it was, and no animation restarts on an
// element the move left as it was (each such restart costs the page style passes and frames
// for a motion nobody asked for).
func TestArkhamMoveChurn(t *testing.T) {
	host, players := threeAtTable(t, StartApp(t).URL, "")
	host.Click("#start")
	for _, b := range players {
		b.WaitVisible(".ark")
		watchGame(t, b)
		if _, err := Eval[bool](b, churnJS); err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
	}
	var stops []func(int)
	for _, b := range players { // E2E_TRACE: each page's trace, to read its style, layout and paint per move
		stops = append(stops, tracePage(t, b))
	}
	var repaints func() map[string]int
	if os.Getenv("E2E_TRACE") == "" { // one trace at a time per page
		repaints = traceRepaints(t, host)
	}
	moves := 0
	for game := 1; ; game++ {
		playOut(t, players, fmt.Sprintf("game %d", game), nil, nil)
		moves += max(0, seqOf(host))
		if moves >= envInt("E2E_CHURN_MOVES", 40) || game == 3 {
			break
		}
		rematch(host, players)
		for _, b := range players {
			watchGame(t, b)
			if _, err := Eval[bool](b, churnJS); err != nil {
				t.Fatalf("%s: %v", b.Name, err)
			}
		}
	}
	for _, stop := range stops {
		stop(moves)
	}
	for _, b := range players {
		kinds := readChurn(t, b)
		logChurn(t, b.Name, kinds)
		// A plain move changes a seat or two, the dock, a discard and a line of the log: 6–14
		// nodes added a move on average in every run so far, the reveal's dismissal and each
		// round's new helper included. A board rebuilt whole would add ~300.
		if c := kinds["plain"]; c.Moves >= 10 && c.Added > 30*c.Moves {
			t.Errorf("%s: plain moves added %.1f nodes each on average (at most 30 expected: the board is being rebuilt)", b.Name, float64(c.Added)/float64(c.Moves))
		}
	}
	if repaints != nil {
		checkRepaints(t, repaints(), moves)
	}
}

// checkRepaints logs the host page's paint invalidations per move and fails if the deck's
// card, which no move changes, was drawn again: it sits in the table's centre, below the dock
// and beside the side panels, which most moves make taller, and a moved box's contents are
// drawn again unless it is contained (web/arkham.css, paint isolation). Before the containment
// it was drawn again 110 times in 57 moves.
func checkRepaints(t *testing.T, counts map[string]int, moves int) {
	t.Helper()
	total, deck := 0, 0
	keys := make([]string, 0, len(counts))
	for k, n := range counts {
		total += n
		keys = append(keys, k)
		if strings.Contains(k, "class='card card-s back'") && strings.HasSuffix(k, "(geometry)") {
			deck += n
		}
	}
	sort.Slice(keys, func(i, j int) bool { return counts[keys[i]] > counts[keys[j]] })
	var top []string
	for _, k := range keys[:min(len(keys), 12)] {
		top = append(top, fmt.Sprintf("%s ×%.1f", k, float64(counts[k])/float64(max(1, moves))))
	}
	t.Logf("FIGURE host page's parts drawn again per move (Chromium's paint invalidations, %d moves): %.1f; most: %s",
		moves, float64(total)/float64(max(1, moves)), strings.Join(top, "; "))
	if total == 0 {
		t.Fatal("the trace held no paint invalidation at all: Chromium's blink.invalidation events have changed")
	}
	if deck > 0 {
		t.Errorf("the deck's card was drawn again %d times in %d moves (moved with its neighbours); it never changes", deck, moves)
	}
}
