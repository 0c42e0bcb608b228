package blindtable

import (
	"encoding/json"
	"slices"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// TestFullGame3 plays a whole game at three seats, every seat a person on its own page.
func TestFullGame3(t *testing.T) {
	f := newFixture(t, 1, 3, []engine.Seat{0, 1, 2}, nil)
	f.record = true
	f.play()
	f.checkAgainstEngine()
}

// TestFullGame7 plays a whole game at seven seats: four people, three bots on the host's page.
func TestFullGame7(t *testing.T) {
	f := newFixture(t, 2, 7, []engine.Seat{0, 2, 3, 5}, nil)
	f.record = true
	f.play()
	f.checkAgainstEngine()
	// Every frame stays under the cap: the largest is a chain step with its sealed escrow shares.
	largest, kind := 0, ""
	for _, e := range f.host.Log() {
		b, err := EncodeFrame(Frame{Entry: &e})
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > largest {
			largest, kind = len(b), e.In.Kind
		}
	}
	t.Logf("largest frame: %d bytes (%s), cap %d", largest, kind, MaxFrame)
}

// checkAgainstEngine replays the host's log into today's engine, dealt each round the audited
// deal, and checks every page's view at every quiet moment equals its seat's view there.
func (f *fixture) checkAgainstEngine() {
	t := f.t
	t.Helper()
	log := f.host.Log()
	st, err := NewState(f.cfg)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := arkham.New(f.cfg.Game.Config)
	if err != nil {
		t.Fatal(err)
	}
	type round struct {
		key   [32]byte
		moves []engine.Move
		deal  [arkham.DeckCards]arkham.CardID
		seed  [32]byte
	}
	rounds := map[int]*round{}
	for _, e := range log {
		if err := st.Apply(e); err != nil {
			t.Fatalf("replay entry %d: %v", e.Seq, err)
		}
		switch e.In.Kind {
		case KindShuffle:
			if st.d.dealt && rounds[st.d.n] == nil {
				rounds[st.d.n] = &round{key: DealKey(st.d.sc, st.Final())}
			}
		case KindMove:
			var m Move
			_ = json.Unmarshal(e.In.Body, &m)
			rounds[st.d.n].moves = append(rounds[st.d.n].moves, m.Move)
		}
		if st.d != nil && st.d.done && rounds[st.d.n].seed == ([32]byte{}) {
			r := rounds[st.d.n]
			for h := range r.deal {
				r.deal[h] = st.b.Public(h)
			}
			r.seed = arkham.RoundSeed(st.d.sc, st.Record().Sigmas)
		}
	}
	if !st.b.Status().Over {
		t.Fatalf("replayed game is not over: %+v", st.b.Status())
	}
	// The pages record their quiet views on their own goroutines (under f.mu); a copy is read.
	f.mu.Lock()
	quiets := map[engine.Seat][]quiet{}
	for s, qs := range f.quiets {
		quiets[s] = slices.Clone(qs)
	}
	f.mu.Unlock()
	checked := 0
	ply := 0
	for n := 1; rounds[n] != nil; n++ {
		r := rounds[n]
		arkham.DealAudited(ref, r.key, r.deal, arkham.MysteryPick(r.seed))
		views := func() {
			for _, h := range f.cfg.Game.Holders {
				for _, q := range quiets[h] {
					if q.deal == n && q.moves == ply {
						v, _ := json.Marshal(ref.ViewOf(h))
						if string(v) != q.view {
							t.Fatalf("deal %d ply %d seat %d:\nengine %s\npage   %s", n, ply, h, v, q.view)
						}
						checked++
					}
				}
			}
		}
		views()
		for _, m := range r.moves {
			if err := ref.Apply(m); err != nil {
				t.Fatalf("deal %d: engine refuses %+v: %v", n, m, err)
			}
			ply++
			views()
		}
	}
	if a, b := ref.Status(), st.b.Status(); a.Over != b.Over || a.Result == nil || b.Result == nil ||
		asJSON(a) != asJSON(b) {
		t.Fatalf("outcome: engine %+v, blind %+v", a, b)
	}
	t.Logf("seed %d: %d rounds, %d moves, %d entries, %d page views equal to the engine's", f.seed, len(rounds), ply, len(log), checked)
	if checked == 0 {
		t.Fatal("no view checked")
	}
}

func asJSON(v any) string { b, _ := json.Marshal(v); return string(b) }
