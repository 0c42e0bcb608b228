//go:build browser

package e2e

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// ritCostJS counts, once per page load, what each move does to the board's document: the
// elements added or removed (a subtree counted whole), the attributes and texts changed, and
// the CSS animations started — by the kind of move (the phase shown when it was made: an event
// window is events1, events2 or react). A move's own drawing is the mutation batch in which the
// board's seq changes; batches while a seq stays (the countdown's seconds, presses) are counted
// apart as "between". Places (where) are the changed element's id or first class, so the report
// says which part of the board a move rebuilds. The frame around the board (chat included) is
// counted apart too: it is another lane's.
const ritCostJS = `(() => {
  if (window.__cost) return true;
  const C = window.__cost = {kinds: {}, where: {}, anims: {}};
  let shownSeq = null, shownPhase = '', cur = 'start';
  const kind = k => C.kinds[k] = C.kinds[k] || {moves: 0, nodes: 0, attrs: 0, texts: 0, frame: 0, anims: 0, bnodes: 0, battrs: 0, btexts: 0, batches: 0};
  const size = n => n.nodeType === 1 ? 1 + n.getElementsByTagName('*').length : 1;
  const desc = el => !el ? '?' : el.id ? '#' + el.id : (el.classList && el.classList.length) ? '.' + el.classList[0] : el.tagName.toLowerCase();
  new MutationObserver(recs => {
    const r = document.querySelector('#rit');
    if (!r) return;
    const fresh = r.dataset.seq !== shownSeq;
    if (fresh) { cur = shownSeq === null ? 'start' : shownPhase; shownSeq = r.dataset.seq; }
    shownPhase = r.dataset.phase;
    const k = kind(cur);
    let nodes = 0, attrs = 0, texts = 0, frame = 0;
    for (const m of recs) {
      const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      const board = el && el.closest('#rit') && !el.closest('#chat');
      let n = 0;
      if (m.type === 'childList') { for (const x of m.addedNodes) n += size(x); for (const x of m.removedNodes) n += size(x); }
      else n = 1;
      if (!board) { frame += n; continue; }
      if (m.type === 'childList') nodes += n; else if (m.type === 'attributes') attrs++; else texts++;
      { const w = (fresh ? '' : 'between ') + cur + ' ' + ({childList: 'nodes', attributes: 'attr', characterData: 'text'})[m.type] + ' ' + desc(el) + (m.type === 'attributes' ? '[' + m.attributeName + ']' : ''); C.where[w] = (C.where[w] || 0) + n; }
    }
    if (fresh) { k.moves++; k.nodes += nodes; k.attrs += attrs; k.texts += texts; k.frame += frame; }
    else { k.batches++; k.bnodes += nodes; k.battrs += attrs; k.btexts += texts; }
  }).observe(document.body, {subtree: true, attributes: true, childList: true, characterData: true});
  document.addEventListener('animationstart', e => {
    kind(cur).anims++;
    const w = cur + ' ' + desc(e.target) + ' ' + e.animationName;
    C.anims[w] = (C.anims[w] || 0) + 1;
  }, true);
  return true;
})()`

// ritCost is one page's counts (ritCostJS).
type ritCost struct {
	Kinds map[string]struct {
		Moves, Nodes, Attrs, Texts, Frame, Anims int
		Bnodes, Battrs, Btexts, Batches          int
	} `json:"kinds"`
	Where map[string]int `json:"where"`
	Anims map[string]int `json:"anims"`
}

func readRitCost(b *Browser) (ritCost, bool) {
	var c ritCost
	s, err := Eval[string](b, `JSON.stringify(window.__cost || {})`)
	if err != nil || json.Unmarshal([]byte(s), &c) != nil || c.Kinds == nil {
		return c, false
	}
	return c, true
}

// logRitCost prints each page's board mutations and animations per move, by kind of move, and
// its top places of change. A page reloaded mid-game counts from its reload.
func logRitCost(t *testing.T, players []*Browser) {
	for _, b := range players {
		c, ok := readRitCost(b)
		if !ok {
			continue
		}
		var kinds []string
		for k := range c.Kinds {
			kinds = append(kinds, k)
		}
		slices.Sort(kinds)
		var parts []string
		for _, k := range kinds {
			x := c.Kinds[k]
			if x.Moves == 0 {
				continue
			}
			m := float64(x.Moves)
			parts = append(parts, fmt.Sprintf("%s n=%d: elements %.1f, attrs %.1f, texts %.1f, animations %.2f, frame %.1f; between %d batches: elements %.1f, attrs %.1f, texts %.1f",
				k, x.Moves, float64(x.Nodes)/m, float64(x.Attrs)/m, float64(x.Texts)/m, float64(x.Anims)/m, float64(x.Frame)/m,
				x.Batches, float64(x.Bnodes)/m, float64(x.Battrs)/m, float64(x.Btexts)/m))
		}
		t.Logf("FIGURE rituals board mutations per move, %s: %s", b.Name, strings.Join(parts, " | "))
		t.Logf("FIGURE rituals board changes, %s, top: %s", b.Name, topCounts(c.Where, 24))
		t.Logf("FIGURE rituals animations started, %s, top: %s", b.Name, topCounts(c.Anims, 10))
	}
}

func topCounts(m map[string]int, n int) string {
	type kv struct {
		k string
		v int
	}
	var xs []kv
	for k, v := range m {
		xs = append(xs, kv{k, v})
	}
	slices.SortFunc(xs, func(a, b kv) int { return cmp.Compare(b.v, a.v) })
	var parts []string
	for i, x := range xs {
		if i == n {
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", x.k, x.v))
	}
	return strings.Join(parts, ", ")
}

// ritLatencyByKind is move → all views by the phase the move was made in (the mover's page's
// phase at the click's seq), with p50 and p99 of each.
func ritLatencyByKind(pages []ritStamps) string {
	by := map[string][]float64{}
	for _, m := range ritMoves(pages) {
		at := strings.Fields(pages[m.mover].At[m.seq]) // "round N phase[, over]"
		if len(at) < 3 {
			continue
		}
		kind := strings.TrimSuffix(at[2], ",")
		by[kind] = append(by[kind], m.worst)
	}
	var kinds []string
	for k := range by {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	var parts []string
	for _, k := range kinds {
		xs := by[k]
		slices.Sort(xs)
		q := func(f float64) float64 { return xs[min(len(xs)-1, int(f*float64(len(xs))))] }
		parts = append(parts, fmt.Sprintf("%s n=%d p50 %.0f p99 %.0f max %.0f ms", k, len(xs), q(.5), q(.99), xs[len(xs)-1]))
	}
	return strings.Join(parts, "; ")
}
