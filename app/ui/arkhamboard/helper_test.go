package arkhamboard

import (
	"reflect"
	"testing"

	"miskatonic/app/i18n"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// TestHelperTableOption: with the host's "helper=off" no seat's board offers the deduction
// helper at any point of a game; with the default, players see it while a round is played.
func TestHelperTableOption(t *testing.T) {
	shown := 0
	playRandom(t, 5, map[string]string{"helper": "off", "first": "seat3"}, 3, func(g *arkham.Game, s engine.Seat, v *arkham.View, b Board) {
		if b.Odds != nil {
			t.Fatalf("seat %d sees the helper the host turned off", s)
		}
	})
	playRandom(t, 5, nil, 3, func(g *arkham.Game, s engine.Seat, v *arkham.View, b Board) {
		if b.Odds != nil {
			shown++
		}
	})
	if shown == 0 {
		t.Fatal("the helper never shows by default")
	}
}

// TestLogForTheFrame: the board's Log (the frame's history of the whole game) is the round's
// log as the table shows it, under the round's label.
func TestLogForTheFrame(t *testing.T) {
	n := 0
	for _, p := range guestProps(t) {
		v := p.View.(*arkham.View)
		label, lines := Log(p)
		if label != i18n.T("frame.round", v.Round) {
			t.Fatalf("label %q in round %d", label, v.Round)
		}
		r := Roster{}
		for _, s := range p.Seats {
			r.Names = append(r.Names, s.Name)
		}
		if want := FromView(v, p.Legal, r).Log; !reflect.DeepEqual(lines, want) && len(lines)+len(want) > 0 {
			t.Fatalf("Log %q, the table shows %q", lines, want)
		}
		n += len(lines)
	}
	if n == 0 {
		t.Fatal("no log lines in a whole game")
	}
}
