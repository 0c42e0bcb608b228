package ritualsboard

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// seconds holds the countdown's pending seconds for the test to run (after, replaced for the
// package's tests in parts_test.go, drops them; these tests keep them).
type seconds struct{ next func(app.Context) }

func (s *seconds) hold(t testing.TB) {
	was := after
	after = func(_ app.Context, _ *Table, fn func(app.Context)) { s.next = fn }
	t.Cleanup(func() { after = was })
}

// run lets the pending second pass on table t, as uiloop.Quietly does (no redraw marked),
// and lets go-app draw what it asked for; false when no second is pending.
func (s *seconds) run(d app.ClientDispatcher, t *Table) bool {
	fn := s.next
	if fn == nil {
		return false
	}
	s.next = nil
	d.Dispatch(app.Dispatch{Mode: app.Next, Source: t, Function: fn})
	boardtest.Settle(d)
	return true
}

var (
	countText = regexp.MustCompile(`id="rit-count"[^>]*>([^<]*)<`)
	tableTag  = regexp.MustCompile(`<div [^>]*id="rit"[^>]*>`)
	seqAttr   = regexp.MustCompile(`data-seq="[^"]*"`)
)

// tableSeq is the data-seq the table's own element shows.
func tableSeq(html string) string { return seqAttr.FindString(tableTag.FindString(html)) }

// windowAt is the first step of a five-player game where viewer is asked in an event window
// and may only pass (pass), or could play an event (!pass); for the watcher, any window.
func windowAt(t *testing.T, props []board.Props, pass bool) int {
	for i, p := range props {
		v := p.View.(*rituals.View)
		if v.Window == nil || v.Outcome != nil {
			continue
		}
		if v.Seat == engine.Observer || (len(p.Legal) > 0 && p.Legal[0].Kind == rituals.MovePass && (len(p.Legal) == 1) == pass) {
			return i
		}
	}
	t.Fatalf("no event window for viewer of %v", props[0].View.(*rituals.View).Seat)
	return 0
}

// TestCountdownRedrawsItsTextAlone: through an event window's countdown, for the watcher and
// for a player asked, each second draws the countdown's text again and nothing else: no place,
// no player's line, no other part, and not the table (whose own drawing would show a data-seq
// changed under it without a redraw); the text says one second less each time, and at zero it
// is gone and the player asked passes, once (the table drawn then, as a tap on pass draws it).
func TestCountdownRedrawsItsTextAlone(t *testing.T) {
	all := gameProps(t, 5, 3)
	for _, c := range []struct {
		viewer int
		pass   bool
		want   int // seconds the window counts
	}{{5, false, eventSeconds}, {2, true, passSeconds}, {2, false, eventSeconds}} {
		var secs seconds
		secs.hold(t)
		i := windowAt(t, all[c.viewer], c.pass)
		p := all[c.viewer][i]
		var played []engine.Move
		p.OnAct = func(_ app.Context, m engine.Move) { played = append(played, m) }
		s := &boardtest.Screen[Table]{P: p, Draw: Draw}
		d := app.NewClientTester(s)
		tbl := s.First
		if v := p.View.(*rituals.View); len(v.Stack) > 0 {
			c.want = reactSeconds
		}
		html := app.HTMLString(s)
		if got := countText.FindStringSubmatch(html); got == nil || !strings.Contains(got[1], strconv.Itoa(c.want)) {
			t.Fatalf("viewer %d: countdown shown at the start: %q", c.viewer, got)
		}
		seq := tableSeq(html)
		if seq == "" {
			t.Fatal("no data-seq on the table")
		}
		tbl.P.Seq += 1000 // shown only if the table is drawn again
		ticks, last := 0, countText.FindStringSubmatch(html)[1]
		for before := boardtest.MountedParts(s); secs.run(d, tbl); before = boardtest.MountedParts(s) {
			ticks++
			drawn, kept := redrawn(before, boardtest.MountedParts(s))
			if !kept {
				t.Fatalf("viewer %d, second %d: a part was mounted again", c.viewer, ticks)
			}
			for k, xs := range drawn {
				if k != "countView" || len(xs) != 1 {
					t.Fatalf("viewer %d, second %d: %d %s drawn again", c.viewer, ticks, len(xs), k)
				}
			}
			if len(drawn) != 1 {
				t.Fatalf("viewer %d, second %d: the countdown's part not drawn again", c.viewer, ticks)
			}
			html = app.HTMLString(s)
			if got := tableSeq(html); got != seq && ticks < c.want { // at zero a pass draws it
				t.Fatalf("viewer %d, second %d: the table was drawn again (%s, was %s)", c.viewer, ticks, got, seq)
			}
			m := countText.FindStringSubmatch(html)
			if ticks < c.want {
				if m == nil || m[1] == last {
					t.Fatalf("viewer %d, second %d: countdown %q, was %q", c.viewer, ticks, m, last)
				}
				last = m[1]
			} else if m != nil {
				t.Fatalf("viewer %d: countdown still shown at zero: %q", c.viewer, m[1])
			}
			if len(played) > 0 && ticks < c.want {
				t.Fatalf("viewer %d: passed after %d seconds of %d", c.viewer, ticks, c.want)
			}
		}
		d.Close()
		if ticks != c.want {
			t.Fatalf("viewer %d: the countdown ran %d seconds, want %d", c.viewer, ticks, c.want)
		}
		wantPlayed := 0
		if c.viewer != 5 {
			wantPlayed = 1
		}
		if len(played) != wantPlayed || (wantPlayed == 1 && played[0].Kind != rituals.MovePass) {
			t.Fatalf("viewer %d: played %v at zero", c.viewer, played)
		}
	}
}

// BenchmarkCountdownSecond is one second of an event window's countdown on the watcher's page of
// a five-player game: what go-app does for it natively (the DOM calls are no-ops).
func BenchmarkCountdownSecond(b *testing.B) {
	var secs seconds
	secs.hold(b)
	props := gameProps(b, 5, 3)[5]
	i := 0
	for props[i].View.(*rituals.View).Window == nil {
		i++
	}
	s := &boardtest.Screen[Table]{P: props[i], Draw: Draw}
	d := app.NewClientTester(s)
	defer d.Close()
	s.First.winLeft = b.N + 2 // never runs out here
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		if !secs.run(d, s.First) {
			b.Fatal("the countdown stopped")
		}
	}
}
