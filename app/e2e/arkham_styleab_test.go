//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// styleBefore undoes, on a page it is added to, the table's paint isolation (web/arkham.css,
// web/frame.css: the containment of the ring, the centre, the side panels, the cards, the
// sanity meters, the history and the talk): the sheets as they were before it, for
// TestArkhamStyleAB's "before" games.
const styleBefore = `.ark .ring, .ark .centre, .ark .side > .panel, .ark .card, .ark .sanity, .frame-history, .frame-talk { contain: none !important; }`

// boxesJS lists where every element of the game screen is laid out (the whole page, not only
// what a screenshot shows), to compare the two sheets' look; an element moving in an animation
// (a card dropping in) is listed as moving, with no place.
const boxesJS = `(() => {
  const moving = document.getAnimations().map((a) => a.effect && a.effect.target).filter(Boolean);
  return JSON.stringify([...document.querySelectorAll('#frame *')].map((e) => {
    if (moving.some((m) => m.contains(e))) return 'moving';
    const r = e.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)].join(','); }));
})()`

// styleSide is one side's games in TestArkhamStyleAB: every page's main thread and the move
// latencies.
type styleSide struct {
	name   string
	thread []float64 // each page's main thread over the side's games, s
	moves  int
	lat    []time.Duration
}

// setStyle adds css to page b as a stylesheet of its own (id e2e-ab), or takes it out ("").
func setStyle(t *testing.T, b *Browser, css string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { let s = document.getElementById('e2e-ab');
	  if (!s) { s = document.createElement('style'); s.id = 'e2e-ab'; document.head.appendChild(s); }
	  s.textContent = %s; return true; })()`, jsString(css))
	if _, err := Eval[bool](b, js); err != nil {
		t.Fatalf("%s: style: %v", b.Name, err)
	}
}

// TestArkhamStyleAB plays three-browser Arkham games at one table (the host and Cy on laptops,
// Bea on a phone) alternating, game by game (ABBA), the current sheets and the sheets with
// styleBefore added to every page, and logs each page's main thread per move and move → all 3
// browsers' views for each. A measurement, run by hand: E2E_AB=<games per side>.
func TestArkhamStyleAB(t *testing.T) {
	games := envInt("E2E_AB", 0)
	if games == 0 {
		t.Skip("a measurement run by hand: E2E_AB=<games per side>")
	}
	host, players := threeAtTable(t, StartApp(t).URL, "")
	sides := [2]*styleSide{{name: "before", thread: make([]float64, 3)}, {name: "after", thread: make([]float64, 3)}}
	load := &loadRange{}
	load.add()
	shot := false
	for g := range 2 * games {
		s := sides[abba(g)]
		css := ""
		if s.name == "before" {
			css = styleBefore
		}
		if g > 0 {
			rematch(host, players)
		} else {
			host.Click("#start")
		}
		var meters []*pageMeter
		for _, b := range players {
			b.WaitVisible(".ark")
			setStyle(t, b, css)
			watchGame(t, b)
			meters = append(meters, newPageMeter(b))
		}
		look := func() {
			if !shot && seqOf(host) >= 12 {
				// The look: the same moment on every page under both sheets, side by side.
				shot = true
				for _, b := range players {
					setStyle(t, b, styleBefore)
					b.Screenshot("look-before")
					was, _ := Eval[string](b, boxesJS)
					setStyle(t, b, "")
					b.Screenshot("look-after")
					now, _ := Eval[string](b, boxesJS)
					setStyle(t, b, css)
					if was != now {
						t.Logf("%s: the boxes differ between the sheets:\nbefore %s\nafter  %s", b.Name, was, now)
					} else {
						t.Logf("%s: every box of the table in the same place under both sheets (%d bytes of boxes)", b.Name, len(now))
					}
				}
			}
		}
		playOut(t, players, fmt.Sprintf("game %d", g+1), look, func(d time.Duration) { s.lat = append(s.lat, d) })
		n := max(1, seqOf(host))
		per := make([]string, len(players))
		for i, m := range meters {
			d := m.read()["ThreadTime"] - m.start["ThreadTime"]
			s.thread[i] += d
			per[i] = fmt.Sprintf("%s %.1f", players[i].Name, d*1e3/float64(n))
		}
		s.moves += n
		load.add()
		t.Logf("%s game %d: %d moves, main thread per move, ms: %s; load %s", s.name, g+1, n, strings.Join(per, ", "), loadAvg())
	}
	b, a := sides[0], sides[1]
	for i, p := range players {
		bt, at := b.thread[i]*1e3/float64(max(1, b.moves)), a.thread[i]*1e3/float64(max(1, a.moves))
		compareRow(t, fmt.Sprintf("%s page's main thread per move, ms (%d / %d moves)", p.Name, b.moves, a.moves),
			fmt.Sprintf("%.1f", bt), fmt.Sprintf("%.1f", at), at/bt, load)
	}
	ms := func(d time.Duration) string { return fmt.Sprint(d.Round(time.Millisecond)) }
	for _, q := range []struct {
		name string
		p    float64
	}{{"p50", .5}, {"p99", .99}} {
		compareRow(t, fmt.Sprintf("move → all 3 browsers' views, %s (n=%d / %d)", q.name, len(b.lat), len(a.lat)),
			ms(pct(b.lat, q.p)), ms(pct(a.lat, q.p)), float64(pct(a.lat, q.p))/float64(max(1, pct(b.lat, q.p))), load)
	}
}
