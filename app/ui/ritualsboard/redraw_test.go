package ritualsboard

import (
	"reflect"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// redrawn is, of the parts mounted before an update, those go-app drew again, by the data's
// type; kept says every one is still mounted, the same component (so the same elements).
func redrawn(before, after map[*board.Part]board.Drawer) (drawn map[string][]board.Drawer, kept bool) {
	drawn = map[string][]board.Drawer{}
	kept = true
	for p, old := range before {
		now, ok := after[p]
		if !ok {
			kept = false
			continue
		}
		if !reflect.DeepEqual(old, now) {
			k := reflect.TypeOf(now).Name()
			drawn[k] = append(drawn[k], now)
		}
	}
	return drawn, kept
}

// TestMoveRedrawsWhatItChanged: through whole five-player games, for the watcher and a player,
// each of the twelve places and each player's line is a part of its own, kept across every move;
// a move draws again only the places and lines whose own data it changed (a cultist placed: its
// place, not the twelve), and an event window's pass draws no place and no line at all. On the
// old board every change of one place drew all twelve again.
func TestMoveRedrawsWhatItChanged(t *testing.T) {
	all := gameProps(t, 5, 3)
	for _, viewer := range []int{5, 2} { // the watcher, then Cy
		props := all[viewer]
		s := &boardtest.Screen[Table]{P: props[0], Draw: Draw}
		d := app.NewClientTester(s)
		passes, placed := 0, 0
		for i := 1; i < len(props); i++ {
			before := boardtest.MountedParts(s)
			boardtest.Update(d, s, props[i])
			drawn, kept := redrawn(before, boardtest.MountedParts(s))
			v0, v1 := props[i-1].View.(*rituals.View), props[i].View.(*rituals.View)
			tiles, rows := 0, 0
			for _, p := range before {
				switch p.(type) {
				case placeTile:
					tiles++
				case seatRow:
					rows++
				}
			}
			if tiles != 12 || rows != 5 {
				t.Fatalf("viewer %d, step %d: %d places and %d players' lines are parts of their own, want 12 and 5", viewer, i, tiles, rows)
			}
			if !kept {
				t.Fatalf("viewer %d, step %d (%s → %s): a part was mounted again instead of kept", viewer, i, v0.Phase, v1.Phase)
			}
			changed := map[int]bool{}
			for k := range v1.Places {
				if !reflect.DeepEqual(v0.Places[k], v1.Places[k]) {
					changed[k] = true
				}
			}
			for _, m := range append(movesOf(props[i-1].Legal, rituals.MovePlace), movesOf(props[i].Legal, rituals.MovePlace)...) {
				for k, p := range v1.Places {
					if p.Key == m.Option {
						changed[k] = true // its "place here" button came or went
					}
				}
			}
			for _, x := range drawn["placeTile"] {
				if pt := x.(placeTile); !changed[pt.I] {
					t.Fatalf("viewer %d, step %d (%s → %s): place %s drawn again, unchanged", viewer, i, v0.Phase, v1.Phase, pt.P.Key)
				}
			}
			if len(drawn["placeTile"]) != len(changed) {
				t.Fatalf("viewer %d, step %d: %d places drawn again, %d changed", viewer, i, len(drawn["placeTile"]), len(changed))
			}
			if v0.Phase == rituals.PhasePlace && len(changed) > 0 {
				placed++
			}
			if pass := v0.Window != nil && v1.Window != nil && v0.Phase == v1.Phase && len(v0.Log) == len(v1.Log) &&
				reflect.DeepEqual(v0.Seats, v1.Seats) && reflect.DeepEqual(v0.Places, v1.Places); pass {
				passes++
				if n := len(drawn["placeTile"]) + len(drawn["seatRow"]); n > 0 {
					t.Fatalf("viewer %d, step %d: a pass drew %d places or lines again", viewer, i, n)
				}
			}
			if viewer == 5 {
				for _, x := range drawn["seatRow"] {
					if r := x.(seatRow); r.S.Seat == engine.Observer {
						t.Fatalf("step %d: a line for the watcher", i)
					}
				}
			}
		}
		d.Close()
		if passes < 50 || placed < 10 {
			t.Fatalf("viewer %d: only %d passes and %d placements seen: the game does not test the case", viewer, passes, placed)
		}
	}
}
