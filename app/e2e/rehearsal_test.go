//go:build browser

package e2e

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// pageWritesJS records, from the page's first script on, every change to the document and
// every write to the page's storage, each stamped with performance.now(), and asks for the
// app's trace (so the page notes its lobby rehearsal in window.__mkRehearsal). It only
// observes: the writes go through unchanged.
//
// __tasks lists the page's long tasks (over 50 ms: start, duration). __mut lists every element or text added to the document (its name, id and classes, and
// whether it holds a game's frame, board or card).
const pageWritesJS = `(() => {
  window.__mkTrace = window.__mkTrace || [];
  window.__mut = []; window.__writes = []; window.__tasks = [];
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__tasks.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
  const name = (n) => n.nodeName + (n.id ? '#' + n.id : '') + (typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/\s+/).join('.') : '');
  const holds = (n) => n.querySelector ? ['#frame', '.ark', '.card'].filter((c) => n.querySelector(c)).map((c) => ' holding ' + c).join('') : '';
  new MutationObserver((l) => { for (const m of l) for (const n of m.addedNodes) window.__mut.push([performance.now(), name(n) + holds(n)]); })
    .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  for (const name of ['setItem', 'removeItem', 'clear']) {
    const f = Storage.prototype[name];
    Storage.prototype[name] = function (...a) { window.__writes.push([performance.now(), name + ' ' + (a[0] || '')]); return f.apply(this, a); };
  }
})()`

type rehearsalNote struct {
	Moves   int     `json:"moves"`
	Done    bool    `json:"done"`
	Problem string  `json:"problem"`
	Start   float64 `json:"start"`
	End     float64 `json:"end"`
}

// rehearsalOf waits for page b's lobby rehearsal to end and returns what the page noted.
func rehearsalOf(t *testing.T, b *Browser) rehearsalNote {
	t.Helper()
	if err := b.Try(poll(`window.__mkRehearsal !== undefined`, 50*time.Millisecond)); err != nil {
		t.Fatalf("%s: the lobby never rehearsed the game: %v", b.Name, err)
	}
	n, err := Eval[rehearsalNote](b, `window.__mkRehearsal`)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// duringRehearsal lists what the page recorded in list (__mut or __writes) while its
// rehearsal ran.
func duringRehearsal(b *Browser, list string, n rehearsalNote) []string {
	v, _ := Eval[[]string](b, fmt.Sprintf(`(window.%s || []).filter((x) => x[0] >= %f && x[0] <= %f).map((x) => x[1])`, list, n.Start, n.End))
	return v
}

// logRehearsals says how far each page's lobby rehearsal got before its game began (a page
// that joined just before the start has little of it).
func logRehearsals(t *testing.T, bs ...*Browser) {
	t.Helper()
	var parts []string
	for _, b := range bs {
		n, err := Eval[rehearsalNote](b, `window.__mkRehearsal || {problem: 'none'}`)
		if err != nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d moves in %.0f ms (%s)", b.Name, n.Moves, n.End-n.Start, cmp.Or(n.Problem, "all")))
	}
	t.Logf("FIGURE lobby rehearsals before the game: %s", strings.Join(parts, "; "))
}

// longTasks sums page b's long tasks (over 50 ms) while it rehearsed.
func longTasks(b *Browser, n rehearsalNote) string {
	v, _ := Eval[[]float64](b, fmt.Sprintf(`((a) => { let c = 0, sum = 0, top = 0; for (const [s, d] of a) if (s >= %f && s <= %f) { c++; sum += d; top = Math.max(top, d); } return [c, sum, top]; })(window.__tasks || [])`, n.Start, n.End))
	if len(v) != 3 {
		return "long tasks unknown"
	}
	return fmt.Sprintf("long tasks meanwhile: %.0f, %.0f ms in all, the longest %.0f ms", v[0], v[1], v[2])
}

// tableShown lists what page b added to its document while it rehearsed that belongs to a
// game's table (the frame, a board, a card).
func tableShown(b *Browser, n rehearsalNote) []string {
	var out []string
	for _, m := range duringRehearsal(b, "__mut", n) {
		if strings.Contains(m, "#frame") || strings.Contains(m, ".frame") || strings.Contains(m, ".ark") || strings.Contains(m, ".card") {
			out = append(out, m)
		}
	}
	return out
}

// TestLobbyRehearsalLeavesNoTrace: while a lobby waits, the page plays a throwaway game of the
// table's game (app/ui/warmgame.go) so that the first real moves find their code compiled. It
// runs, plays its moves, and leaves no trace: nothing in the page's document changes while it
// plays (its drawing is into a tree no document holds), nothing is written to storage, nothing
// goes to the console, and the real table is as it was: its seats, its game.
func TestLobbyRehearsalLeavesNoTrace(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "host", Laptop)
	bea := NewBrowser(t, "bea", Laptop)
	for _, b := range []*Browser{host, bea} {
		b.Do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: pageWritesJS})
			return err
		}))
	}
	link := hostTable(t, host, srv.URL, "Ann")
	// The host alone in its lobby: nothing else happens on the page while it rehearses.
	n := rehearsalOf(t, host)
	t.Logf("FIGURE lobby rehearsal (host's page, load %s): %d moves in %.0f ms; %s", loadAvg(), n.Moves, n.End-n.Start, longTasks(host, n))
	if !n.Done || n.Moves == 0 || n.Problem != "" {
		t.Errorf("the host's rehearsal did not play: %+v", n)
	}
	// The lobby itself may change meanwhile (the invite's link comes, say): the rehearsal's
	// table never enters the document.
	for _, b := range []*Browser{host} {
		if shown := tableShown(b, n); len(shown) > 0 {
			t.Errorf("%s's page showed the rehearsal's table: %q", b.Name, shown)
		}
	}
	if ws := duringRehearsal(host, "__writes", n); len(ws) > 0 {
		t.Errorf("the host's page wrote to storage while it rehearsed: %q", ws)
	}
	host.WaitText("#lobby .lobby-seats h2", "1 of 7")

	joinTable(t, bea, link, "Bea")
	host.WaitText("#lobby .lobby-seats h2", "2 of 7")
	g := rehearsalOf(t, bea)
	t.Logf("FIGURE lobby rehearsal (guest's page): %d moves in %.0f ms; %s", g.Moves, g.End-g.Start, longTasks(bea, g))
	if !g.Done || g.Moves == 0 {
		t.Errorf("the guest's rehearsal did not play: %+v", g)
	}
	if shown := tableShown(bea, g); len(shown) > 0 {
		t.Errorf("bea's page showed the rehearsal's table: %q", shown)
	}
	if ws := duringRehearsal(bea, "__writes", g); len(ws) > 0 {
		t.Logf("the guest's page wrote to storage while it rehearsed (its own table's): %q", ws)
	}
	// The real table saw none of it: two seats, and the game the host starts is theirs.
	host.Click("#add-bot")
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	host.Click("#start")
	for _, b := range []*Browser{host, bea} {
		b.WaitVisible(".ark")
		// The watch that found no table while the page rehearsed sees the real one.
		if seen, _ := Eval[bool](b, `window.__mut.some((x) => x[1].includes('.ark'))`); !seen {
			t.Errorf("%s: the page's watch did not see the board drawn", b.Name)
		}
		for _, name := range []string{"Ann", "Bea"} {
			if !strings.Contains(b.Text(".ark"), name) {
				t.Errorf("%s's table does not seat %s", b.Name, name)
			}
		}
		for _, l := range b.Logs() {
			if strings.Contains(l, "rehearsal") || strings.Contains(l, "released function") || strings.Contains(l, "panic") {
				t.Errorf("%s's console: %s", b.Name, l)
			}
		}
	}
}
