package shadowsbot

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
	"miskatonic/engine/shadows"
)

// baseView is a hand-made 3-character view in seat 0's action phase: everyone at the
// university, seat 1 bears the Ring, a level-1 shadow costing 3, nothing urgent.
func baseView() *shadows.View {
	v := &shadows.View{Game: "shadows", Seats: 3, Phase: shadows.PhaseAction, Active: 0, ToMove: 0, Marker: 0, Ring: 1,
		ActionsLeft: 3, Corruption: make([]int, 5),
		Limits: shadows.LimitsView{MadnessLoss: 5, CorruptionLoss: 10, ShadowCap: 3, MadnessCap: 10},
		Elder:  &shadows.ElderView{Key: "ghatanothoa", FinalKnowledge: 6, FinalMaxShadow: -1},
		Threat: &shadows.ThreatView{Top: 1, TopLevel: 1, Limit: 3, Level: 1, Cost: 3, DeckSize: 10, Left: 8}}
	for s, k := range []string{"hale", "calloway", "pierce"} {
		v.Characters = append(v.Characters, shadows.CharView{Seat: engine.Seat(s), Character: k, Location: "university",
			Bills: 2, Knowledge: 2, Muscle: 1, KnowledgeLimit: 6, MuscleLimit: 3, BillsLimit: 8, Assets: []string{}, Ability: "veil"})
	}
	return v
}

func mv(kind, option string, to engine.Seat, n int) engine.Move {
	return engine.Move{Seat: 0, Kind: kind, Option: option, To: to, N: n}
}

// TestPlanChoices: the heuristic's co-operative priorities on hand-made positions.
func TestPlanChoices(t *testing.T) {
	share := mv(shadows.MoveShare, "knowledge", 1, 2)
	cases := []struct {
		name  string
		edit  func(v *shadows.View)
		legal []engine.Move
		want  engine.Move
	}{
		{"the bearer views when it can pay", func(v *shadows.View) { v.Ring, v.Characters[0].Knowledge = 0, 3 },
			[]engine.Move{mv(shadows.MoveEnd, "", 0, 0), mv(shadows.MoveResearch, "", 0, 0), mv(shadows.MoveView, "", 0, 0)},
			mv(shadows.MoveView, "", 0, 0)},
		{"a companion feeds the bearer", nil,
			[]engine.Move{mv(shadows.MoveEnd, "", 0, 0), mv(shadows.MoveResearch, "", 0, 0), mv(shadows.MoveShare, "knowledge", 1, 1), share},
			share},
		{"madness near the loss is healed first", func(v *shadows.View) { v.Characters[0].Madness = 4 },
			[]engine.Move{mv(shadows.MoveEnd, "", 0, 0), share, mv(shadows.MoveHeal, "", 0, 0)},
			mv(shadows.MoveHeal, "", 0, 0)},
		{"corruption near the loss is cleared", func(v *shadows.View) { v.Corruption = []int{3, 2, 2, 0, 0} },
			[]engine.Move{mv(shadows.MoveEnd, "", 0, 0), share, mv(shadows.MoveClear, "", 0, 1)},
			mv(shadows.MoveClear, "", 0, 1)},
		{"the bearer too dark for Yog-Sothoth's Final hands the Ring on", func(v *shadows.View) {
			v.Ring, v.Characters[0].Shadow, v.Characters[0].Knowledge = 0, 3, 6
			v.Elder = &shadows.ElderView{Key: "yogsothoth", FinalKnowledge: 6, FinalMaxShadow: 1}
			v.Threat.Left, v.Threat.Cost = 1, 6
		}, []engine.Move{mv(shadows.MoveEnd, "", 0, 0), mv(shadows.MoveView, "", 0, 0), mv(shadows.MovePassRing, "", 2, 0)},
			mv(shadows.MovePassRing, "", 2, 0)},
		{"nothing useful left: end", func(v *shadows.View) { v.ActionsLeft = 0 },
			[]engine.Move{mv(shadows.MoveEnd, "", 0, 0)}, mv(shadows.MoveEnd, "", 0, 0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := baseView()
			if c.edit != nil {
				c.edit(v)
			}
			if got := Decide(v, c.legal, rng.FromInt(1)); got != c.want {
				t.Fatalf("chose %v, want %v", got, c.want)
			}
		})
	}
}
