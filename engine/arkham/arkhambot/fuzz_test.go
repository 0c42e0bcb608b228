package arkhambot

import (
	"encoding/json"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/bot"
)

// legalFor lists the moves a view's seat would have, built from the view alone (as a remote
// bot must: `miskatonic bot` reads its view off the wire).
func legalFor(v *arkham.View) []engine.Move {
	s := v.Seat
	var out []engine.Move
	onTable := func(kind string) {
		for _, p := range v.Positions {
			if p.HandOnTable && p.Seat.Valid(v.Players) {
				out = append(out, engine.Move{Seat: s, Kind: kind, To: p.Seat})
			}
		}
	}
	switch v.Phase {
	case arkham.PhaseGive:
		onTable(arkham.MoveGive)
	case arkham.PhaseRespond:
		out = append(out, engine.Move{Seat: s, Kind: arkham.MoveTake})
		onTable(arkham.MovePass)
		if len(out) == 1 {
			out = append(out, engine.Move{Seat: s, Kind: arkham.MoveDrop})
		}
	case arkham.PhaseOrb:
		out = append(out, engine.Move{Seat: s, Kind: arkham.MoveOrb, Option: arkham.OrbReturn},
			engine.Move{Seat: s, Kind: arkham.MoveOrb, Option: arkham.OrbRemove})
	}
	return out
}

// FuzzArkhamBots feeds the bots any view that decodes: they must never panic, and whatever
// they choose must be one of the moves offered.
func FuzzArkhamBots(f *testing.F) {
	for _, d := range decisionPoints(f, 3) {
		b, _ := json.Marshal(d.View)
		f.Add(b)
	}
	heuristic, _ := bot.New("arkham", bot.LevelHeuristic, 1)
	search := NewSearch(1, 2)
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := arkham.Rules{}.DecodeView(data)
		if err != nil {
			return
		}
		v := ev.(*arkham.View)
		legal := legalFor(v)
		if len(legal) == 0 {
			return
		}
		for _, b := range []bot.Func{heuristic, search} {
			m, err := b(v, legal)
			if err == nil && !engine.IsLegal(legal, m) {
				t.Fatalf("chose %v, not among %v", m, legal)
			}
		}
	})
}
