package table

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/replay"
	"miskatonic/engine/rituals"
	"miskatonic/engine/shadows"
)

// TestProvenRecordVerifies plays each game with real guests (who sign their moves and deal
// shares) and a bot, exports the host's proven record and checks it with engine/replay, as an
// importing browser does. MISKATONIC_UPDATE_PROOFS=1 rewrites the fixtures engine/replay's
// tamper tests start from.
func TestProvenRecordVerifies(t *testing.T) {
	defer checkNoLeak(t)()
	for _, c := range []struct {
		rules  engine.Rules
		guests int
		bots   int
	}{{arkham.Rules{}, 3, 1}, {rituals.Rules{}, 2, 1}, {shadows.Rules{}, 2, 0}} {
		t.Run(c.rules.Name(), func(t *testing.T) {
			tt := newTable(t, tableOpts{rules: c.rules, guests: c.guests, bots: c.bots, seed: 26, hostSeat: true})
			defer tt.close()
			mid := tt.host.ProvenRecord()
			if v := replay.Verify(c.rules, mid); v.Verified {
				t.Fatalf("a game just started verified: %+v", v)
			}
			for _, d := range mid.Proof.Deals {
				t.Fatalf("an unrevealed deal is in the proof: %+v", d)
			}
			tt.play()
			tt.finish()
			rec := tt.host.ProvenRecord()
			b, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			back, err := engine.DecodeRecord(b)
			if err != nil {
				t.Fatal(err)
			}
			v := replay.Verify(c.rules, back)
			if !v.Verified || v.Kind != replay.Verified || v.Deals == 0 || v.Signed == 0 || v.Code == "" || v.HostSeat != 0 {
				t.Fatalf("verdict %+v", v)
			}
			t.Logf("%s: %d moves, %d deals, %d signed moves, %d bytes", c.rules.Name(), v.Moves, v.Deals, v.Signed, len(b))
			if os.Getenv("MISKATONIC_UPDATE_PROOFS") != "" {
				if err := os.WriteFile(filepath.Join("..", "replay", "testdata", c.rules.Name()+".json"), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestChatKeptAcrossReconnect: a guest whose link drops and redials keeps the table talk it had
// and hears what is said after it is back (issue 18: history across reconnects).
func TestChatKeptAcrossReconnect(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{guests: 2, seed: 5})
	defer tt.close()
	said := func(g *Guest, text string) bool {
		for _, c := range g.State().Chat {
			if c.Text == text {
				return true
			}
		}
		return false
	}
	if err := tt.guests[0].Say("before the drop"); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("chat heard", func() bool { return said(tt.guests[1], "before the drop") })
	tt.conns[1].Close()
	tt.waitFor("host saw the drop", func() bool { return !tt.host.State().Seats[1].Connected })
	a, b := Pipe()
	if err := tt.host.AddGuest(a); err != nil {
		t.Fatal(err)
	}
	tt.guests[1].Reconnect(b)
	tt.waitFor("back in its seat", func() bool { return tt.guests[1].State().Connected })
	if !said(tt.guests[1], "before the drop") {
		t.Fatal("the talk before the drop is gone after the reconnect")
	}
	if err := tt.guests[0].Say("after the drop"); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("chat after the reconnect", func() bool { return said(tt.guests[1], "after the drop") })
}
