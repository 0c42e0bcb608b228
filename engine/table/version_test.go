package table

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// otherRules is the toy game as another build has it: same name, another rules version.
type otherRules struct{ toy.Rules }

func (otherRules) Version() int { return 2 }

// A guest on another rules version is told so before the game starts, with a code of its own:
// not as a failed deal, which would make an honest host look like a cheat.
func TestRulesVersionMismatch(t *testing.T) {
	defer checkNoLeak(t)()
	h, err := NewHost(otherRules{}, HostConfig{Rand: newRand(1)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	a, b := Pipe()
	h.AddGuest(a)
	g, _ := NewGuest(b, GuestConfig{Name: "p", Identity: identity(1), Rand: newRand(2), Rules: lookup, Tick: 10 * time.Millisecond})
	defer g.Close()
	deadline := time.Now().Add(30 * time.Second)
	for g.State().Dropped == nil {
		if time.Now().After(deadline) {
			t.Fatal("the guest was never told")
		}
		time.Sleep(time.Millisecond)
	}
	st := g.State()
	if st.Dropped.Code != wire.ByeVersion || st.Dropped.Kind != wire.KindVersion || len(st.Deals) != 0 || st.Connected {
		t.Fatalf("told %+v, deals %+v", st.Dropped, st.Deals)
	}

	// A modified guest that says hello anyway is sent away by the host with the same code.
	a2, b2 := Pipe()
	h.AddGuest(a2)
	r := &raw{t: t, conn: b2, id: identity(3)}
	ch := r.until(wire.TChallenge).(*wire.Challenge)
	if ch.Rules != 2 {
		t.Fatalf("challenge names rules version %d", ch.Rules)
	}
	r.send(&wire.Hello{Rules: 1, Name: "old", Key: r.id.Public(), Sig: r.id.SignHello(ch.Nonce, ch.Table)})
	if bye := r.until(wire.TBye).(*wire.Bye); bye.Code != wire.ByeVersion {
		t.Fatalf("bye %+v", bye)
	}
	if n := len(h.State().Seats); n != 0 {
		t.Fatalf("%d seats taken", n)
	}
}

// Records saved by the build before protocol v2 (and rules versions) keep replaying; a record
// of another rules version is refused with a reason, not replayed wrongly.
func TestOldRecordsReplay(t *testing.T) {
	files, _ := filepath.Glob("testdata/records/*.json")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := engine.DecodeRecord(data)
			if err != nil {
				t.Fatal(err)
			}
			g, err := engine.Replay(extraRules[rec.Game], rec)
			if err != nil {
				t.Fatal(err)
			}
			if st := g.Status(); !st.Over || st.Result == nil {
				t.Fatalf("replayed to %+v, want a finished game", st)
			}
			rec.Version = 2
			if _, err := engine.Replay(extraRules[rec.Game], rec); !errors.Is(err, engine.ErrBadConfig) {
				t.Fatalf("a record of rules version 2: %v", err)
			}
		})
	}
}
