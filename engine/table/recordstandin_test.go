package table

import (
	"fmt"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/replay"
	"miskatonic/engine/rituals"
)

// TestStandInRecordVerifies: an honest game in which a stand-in played for an absent player
// (issue 23, item 11: such a record used to fail with "carries no signature of seat 2") gives
// a sealed record that verifies, with the stand-in's moves counted as the stand-in's and
// listed under the host's seal; every guest, the player who came back included, accepts it.
func TestStandInRecordVerifies(t *testing.T) {
	for _, rules := range []engine.Rules{toy.Rules{}, rituals.Rules{}} {
		t.Run(rules.Name(), func(t *testing.T) {
			defer checkNoLeak(t)()
			tt := &testTable{t: t, rand: newRand(41), stop: make(chan struct{})}
			h, err := NewHost(rules, HostConfig{Rand: newRand(42), RatePerSecond: 5000, Burst: 5000, TurnTimeout: 30 * time.Millisecond,
				Bots: func(string) BotFunc { return randomBot(43) }, Logf: debugLogf, Signer: identity(0)})
			if err != nil {
				t.Fatal(err)
			}
			tt.host = h
			for i := 0; i < 3; i++ {
				a, b := Pipe()
				h.AddGuest(a)
				g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(410 + uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond})
				tt.guests = append(tt.guests, g)
				tt.waitFor("seated", func() bool { return g.State().Connected })
				g.SetReady(true)
			}
			tt.waitFor("start", func() bool { return h.Start() == nil })
			gone := tt.guests[2]
			tt.guests = tt.guests[:2]
			gone.Close()
			tt.play()
			tt.expired(2)
			if err := tt.host.StandIn(2, "random", randomBot(5)); err != nil {
				t.Fatal(err)
			}
			var stood int
			tt.waitFor("the stand-in played", func() bool {
				over := false
				tt.host.do(func() { stood, over = len(tt.host.standIns), tt.host.game.Status().Over })
				return stood >= 2 || over && stood > 0
			})
			a, b := Pipe()
			tt.host.AddGuest(a)
			back, _ := NewGuest(b, GuestConfig{Name: "p2", Identity: identity(2), Rand: newRand(99), Rules: lookup, Tick: 10 * time.Millisecond})
			tt.guests = append(tt.guests, back)
			tt.waitFor("the seat back", func() bool { st := back.State(); return st.Connected && st.Seat == 2 })
			tt.wg.Add(1)
			go driver(back, tt.rand, tt.stop, &tt.wg)
			tt.finish()
			defer tt.close()
			rec := tt.host.ProvenRecord()
			v := replay.Verify(rules, rec)
			if !v.Verified || v.StandIns < stood || v.StandIns == 0 || len(rec.Proof.StandIns) != v.StandIns {
				t.Fatalf("verdict %+v with %d stand-in moves (%v)", v, stood, rec.Proof.StandIns)
			}
			for i, g := range tt.guests {
				if err := g.AskRecord(); err != nil {
					t.Fatalf("guest %d: %v", i, err)
				}
				tt.waitFor("the record", func() bool { return g.State().RecordState != RecordAsking })
				if st := g.State(); st.RecordState != RecordReady {
					t.Errorf("guest %d refuses the honest record: %s %s", i, st.RecordCode, st.RecordProblem)
				}
			}
			t.Logf("%d moves, %d signed, %d by the stand-in", v.Moves, v.Signed, v.StandIns)
		})
	}
}
