package fair_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/rng"
)

// Presign checks signatures ahead of the replay and decides nothing: whenever it is called
// (after every move, or before the seats' keys are known), the verdict on every deal is the
// one the replay alone gives, a forged signature included.
func TestPresignDecidesNothing(t *testing.T) {
	const seats = 3
	ids := identities(seats)
	table := make([]byte, 16)
	cfg := engine.Config{Seats: seats, Options: map[string]string{"rounds": "1"}}
	for seed := uint64(1); seed <= 10; seed++ {
		r := rng.FromInt(seed)
		g, _ := toy.Rules{}.New(cfg)
		var d dealt
		var moves []engine.Move
		var sigs [][]byte
		views := []fair.Shown{}
		show := func() {
			v, _ := json.Marshal(g.View(0))
			views = append(views, fair.Shown{View: v, Legal: g.Legal(0), Status: g.Status()})
		}
		show()
		for !g.Status().Over {
			st := g.Status()
			var m engine.Move
			var sig []byte
			if st.Deal != nil {
				d = honestDeal(ids, r, st.Deal.Epoch, st.Deal.Context)
				m = engine.DealMove(d.key)
			} else {
				l := g.Legal(st.Active[0])
				m = l[r.Intn(len(l))]
				sig = ids[m.Seat].SignMove(table, len(moves)+1, m)
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			moves, sigs = append(moves, m), append(sigs, sig)
			show()
		}
		// forged: -1 none, else the game seq whose signature is another seat's.
		for _, forged := range []int{-1, 2, len(moves)} {
			audit := func(presign string) fair.Result {
				a, _ := fair.NewAuditor(toy.Rules{}, cfg, 0)
				a.Signed(table)
				commit := func() {
					if err := a.Commit(d.cx, d.c); err != nil {
						t.Fatal(err)
					}
					a.Seals(d.cx.Epoch, d.seals, nil)
					a.Shares(d.cx.Epoch, d.shares)
				}
				if presign != "keys later" {
					commit()
				}
				a.View(0, views[0])
				for i, m := range moves {
					seq := i + 1
					sig := sigs[i]
					if seq == forged {
						sig = ids[(m.Seat+1)%seats].SignMove(table, seq, m)
					}
					a.Move(seq, m)
					a.Sig(seq, sig)
					a.View(seq, views[seq])
					if presign != "never" {
						a.Presign()
					}
				}
				if presign == "keys later" {
					commit()
				}
				return a.Reveal(d.cx.Epoch, d.h)
			}
			want := audit("never")
			if forged < 0 && !want.Verified || forged > 0 && (want.Verified || want.Seq != forged) {
				t.Fatalf("seed %d forged %d: the replay alone says %+v", seed, forged, want)
			}
			for _, p := range []string{"each move", "keys later"} {
				if got := audit(p); !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d forged %d, presign %s: %+v, the replay alone %+v", seed, forged, p, got, want)
				}
			}
		}
	}
}
