package table

import (
	"encoding/json"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rituals"
	"miskatonic/engine/shadows"
	"miskatonic/engine/wire"
)

// The oracle finds what it is there to find: an honest game's records pass it, and each one
// doctored as a lying host would have it (a move its player never sent, a view the game never
// showed, a share its player never made, a record with two names swapped, a lobby with another
// key at the guest's seat) is named a hole.
func TestFuzzOracleCatches(t *testing.T) {
	defer checkNoLeak(t)()
	for _, rules := range []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}} {
		t.Run(rules.Name(), func(t *testing.T) {
			fg := fuzzGame{seed: 7, rules: rules, guests: 2, mode: modeHonest}
			lo, _ := rules.Seats()
			fg.bots = max(lo-2, 1)
			ran := false
			fg.inspect = func(guests []*Guest, mine []*honestSeat, seats map[engine.Seat]*honestSeat, truth engine.Record) {
				ran = true
				g, me, other := guests[0], mine[0], mine[1]
				base := judge(g, rules, truth, seats, me)
				if base.caught || base.hole != "" || !base.complete || base.views == 0 {
					t.Fatalf("an honest game: %+v (%s)", base, g.State().RecordProblem)
				}
				cases := []struct {
					name, want string
					doctor     func(in, out, otherOut *[]traced, truth *engine.Record)
				}{
					{"a move its player never sent", "never sent", func(_, _, otherOut *[]traced, _ *engine.Record) {
						*otherOut = keep(*otherOut, func(m wire.Message) bool { _, ok := m.(*wire.Move); return !ok })
						*otherOut = keep(*otherOut, func(m wire.Message) bool { _, ok := m.(*wire.Open); return !ok })
					}},
					{"a view the game never showed", "differs from the game", func(in, _, _ *[]traced, _ *engine.Record) {
						for i, x := range *in {
							if v, ok := x.m.(*wire.View); ok && v.Seq > 3 {
								w := *v
								w.Status.Round += 7
								(*in)[i].m = &w
								return
							}
						}
					}},
					{"a share its player never made", "not one its player sent", func(_, _, otherOut *[]traced, _ *engine.Record) {
						*otherOut = keep(*otherOut, func(m wire.Message) bool { _, ok := m.(*wire.Contrib); return !ok })
					}},
					{"a record with two names swapped", "names", func(_, _, _ *[]traced, truth *engine.Record) {
						truth.Names[0], truth.Names[1] = truth.Names[1], truth.Names[0]
					}},
					{"a lobby with another key at its seat", "another key at its own seat", func(in, _, _ *[]traced, _ *engine.Record) {
						for i, x := range *in {
							if l, ok := x.m.(*wire.Lobby); ok {
								var c wire.Lobby
								b, _ := json.Marshal(l)
								json.Unmarshal(b, &c)
								c.Seats[me.seat].Key = identity(77).Public()
								(*in)[i].m = &c
								return
							}
						}
					}},
				}
				for _, c := range cases {
					in, out, oo := me.tr.in, me.tr.out, other.tr.out
					tr := truth
					tr.Names = append([]string(nil), truth.Names...)
					me.tr.in, me.tr.out, other.tr.out = append([]traced(nil), in...), append([]traced(nil), out...), append([]traced(nil), oo...)
					c.doctor(&me.tr.in, &me.tr.out, &other.tr.out, &tr)
					v := judge(g, rules, tr, seats, me)
					me.tr.in, me.tr.out, other.tr.out = in, out, oo
					if !strings.Contains(v.hole, c.want) {
						t.Errorf("%s: the oracle said %q (caught %v), want a hole naming %q", c.name, v.hole, v.caught, c.want)
					}
				}
			}
			if _, err := playFuzzGame(t, fg, fg.budget()); err != nil {
				t.Fatal(err)
			}
			if !ran {
				t.Fatal("the game was never judged")
			}
		})
	}
}

// keep returns the messages of ts that ok keeps.
func keep(ts []traced, ok func(wire.Message) bool) []traced {
	var out []traced
	for _, t := range ts {
		if ok(t.m) {
			out = append(out, t)
		}
	}
	return out
}
