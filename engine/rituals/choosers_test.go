package rituals

import (
	"encoding/json"
	"slices"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Choosers by the rulebook: the setup grab makes every seat without a place pick (all at
// first, then those who lost a contested pick); phase 1 makes every seat send, one holding
// only events included (ruling 16); no other phase is sealed.
func TestChoosers(t *testing.T) {
	places := func(owners ...engine.Seat) []Place {
		ps := make([]Place, 12)
		for i := range ps {
			ps[i].Owner = -1
		}
		for i, o := range owners {
			ps[i].Owner = o
		}
		return ps
	}
	for _, c := range []struct {
		name   string
		v      View
		seats  []engine.Seat
		sealed bool
	}{
		{"setup grab, nobody placed", View{Players: 4, Phase: PhaseGrab, Places: places()}, []engine.Seat{0, 1, 2, 3}, true},
		{"grab again after a contest", View{Players: 4, Phase: PhaseGrab, Places: places(2, 0)}, []engine.Seat{1, 3}, true},
		{"sending out, 3 players", View{Players: 3, Phase: PhaseSend, Places: places(0, 1, 2)}, []engine.Seat{0, 1, 2}, true},
		{"placing is not sealed", View{Players: 3, Phase: PhasePlace, Places: places(0, 1, 2)}, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			seats, sealed := Choosers(&c.v)
			if sealed != c.sealed || !slices.Equal(seats, c.seats) {
				t.Fatalf("got %v sealed=%v, want %v sealed=%v", seats, sealed, c.seats, c.sealed)
			}
		})
	}
}

// Over random games at every seat count, the public function agrees with the rules: at every
// position, Choosers on the public (Observer's) view is sealed exactly when the status is, and
// names exactly the seats still to choose plus those that have chosen already this round.
func TestChoosersAgreeWithRules(t *testing.T) {
	rounds := 0
	for seed := uint64(0); seed < 20; seed++ {
		rnd := rng.FromInt(seed)
		g, _ := New(engine.Config{Seats: MinPlayers + int(seed)%(MaxPlayers-MinPlayers+1)})
		for {
			s, ok := g.Mover()
			if !ok {
				break
			}
			if s == engine.Dealer {
				g.ApplyDeal(rnd.Seed())
				continue
			}
			st := g.Status()
			b, _ := json.Marshal(g.View(engine.Observer))
			seats, sealed, err := Rules{}.SealedChoosers(b)
			if err != nil {
				t.Fatal(err)
			}
			if sealed != st.Sealed {
				t.Fatalf("seed %d: Choosers says sealed=%v, the rules %v (%s)", seed, sealed, st.Sealed, st.Phase)
			}
			if sealed {
				var v View
				json.Unmarshal(b, &v)
				var want []engine.Seat
				for _, sv := range v.Seats {
					if sv.Chosen || slices.Contains(st.Active, sv.Seat) {
						want = append(want, sv.Seat)
					}
				}
				if !slices.Equal(seats, want) {
					t.Fatalf("seed %d, %s: Choosers says %v, the rules %v", seed, st.Phase, seats, want)
				}
				rounds++
			}
			legal := g.Legal(s)
			if err := g.Apply(legal[rnd.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if rounds == 0 {
		t.Fatal("no sealed round played")
	}
}
