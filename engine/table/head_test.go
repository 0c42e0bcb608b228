package table

import (
	"bytes"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// Finding 3: the host signs the head of the game's hash chain; at an honest table every guest
// ends with the same signed head (for the game's end), checked against its own record, its
// code derived from it, and no two heads prove anything against the host.
func TestHeadSigned(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{guests: 3, seed: 41, opts: map[string]string{"rounds": "2"}})
	tt.play()
	tt.finish()
	seq := tt.host.State().Seq
	var first *fair.SignedHead
	for i, g := range tt.guests {
		tt.waitFor("the game's last head", func() bool { h := g.State().Head; return h != nil && h.Seq == seq })
		st := g.State()
		h := st.Head
		switch {
		case !h.Valid() || !bytes.Equal(h.Key, identity(900).Public()) || !bytes.Equal(h.Table, tt.guests[0].tableID):
			t.Fatalf("guest %d: head %+v", i, h)
		case st.Code != h.Code() || len(st.Code) != 9:
			t.Fatalf("guest %d: code %q, head's %q", i, st.Code, h.Code())
		case len(st.Evidence) != 0:
			t.Fatalf("guest %d holds evidence %+v", i, st.Evidence)
		}
		if first == nil {
			first = h
		} else if h.Seq != first.Seq || h.Head != first.Head || !bytes.Equal(h.Sig, first.Sig) || fair.Equivocation(*first, *h) {
			t.Fatalf("guest %d head %x, guest 0 %x", i, h.Head, first.Head)
		}
	}
	tt.close()
}

// signedHeadFor re-signs every head seat victim is sent, as a modified host page would (with the
// host's own key), over what f makes of it.
func signedHeadFor(victim engine.Seat, f func(m *wire.Head) [32]byte) func(engine.Seat, wire.Message) wire.Message {
	return func(s engine.Seat, m wire.Message) wire.Message {
		h, ok := m.(*wire.Head)
		if !ok || s != victim {
			return m
		}
		head := f(h)
		sh := identity(900).SignHead(make([]byte, 16), h.Seq, head)
		return &wire.Head{Seq: h.Seq, Epoch: h.Epoch, H: sh.Head[:], Key: sh.Key, Sig: sh.Sig}
	}
}

func withSigner(c *HostConfig) { c.Signer = identity(900) }

// A host that signs, for one guest, a head other than the record it showed that guest: the
// guest fails the deal with the reason, and keeps the signed head; next to another guest's head
// for the same seq it proves the host signed two stories.
func TestHeadForgedDetected(t *testing.T) {
	defer checkNoLeak(t)()
	forged := signedHeadFor(2, func(*wire.Head) [32]byte { return [32]byte{1, 2, 3} })
	tt := newCheatTable(t, 3, nil, forged, nil, map[string]string{"rounds": "1"}, withSigner)
	tt.waitFor("seat 2 catches it", func() bool { return len(tt.guests[2].State().Evidence) > 0 })
	tt.waitFor("seat 0's head", func() bool { return tt.guests[0].State().Head != nil })
	if d := tt.firstFailure(2); !strings.Contains(d.Problem, "signed a record of the game") {
		t.Fatalf("seat 2: %+v", d)
	}
	ev, h0 := tt.guests[2].State().Evidence[0], *tt.guests[0].State().Head
	if ev.Seq != h0.Seq || !fair.Equivocation(ev, h0) {
		t.Fatalf("no proof: %+v vs %+v", ev, h0)
	}
	tt.close()
}

// The host tells seat 2 another story (another commitment to the deal) and signs that story's
// head for it, so seat 2's check passes: the two guests' codes differ, and their two signed
// heads prove to anyone that the host signed both.
func TestHeadEquivocationProved(t *testing.T) {
	defer checkNoLeak(t)()
	fake := bytes.Repeat([]byte{9}, 32)
	commit := editCommit(2, func(c *wire.Commit) { c.C = fake })
	sign := signedHeadFor(2, func(m *wire.Head) [32]byte {
		var c [32]byte
		copy(c[:], fake)
		return fair.HeadPending(fair.HeadStart(make([]byte, 16), identity(900).Public()), m.Epoch, c)
	})
	both := func(s engine.Seat, m wire.Message) wire.Message { return sign(s, commit(s, m)) }
	tt := newCheatTable(t, 3, nil, both, nil, map[string]string{"rounds": "1"}, withSigner)
	tt.waitFor("both heads", func() bool { return tt.guests[0].State().Head != nil && tt.guests[2].State().Head != nil })
	a, b := tt.guests[0].State(), tt.guests[2].State()
	if a.Code == b.Code {
		t.Fatalf("same code %q for two stories", a.Code)
	}
	if len(b.Evidence) != 0 {
		t.Fatalf("seat 2 saw through it alone: the test needs a story it accepts")
	}
	if !fair.Equivocation(*a.Head, *b.Head) {
		t.Fatalf("no proof from %+v and %+v", a.Head, b.Head)
	}
	// Honest heads, or a head with its signature changed, prove nothing.
	forged := *b.Head
	forged.Sig = append([]byte(nil), forged.Sig...)
	forged.Sig[0] ^= 1
	if fair.Equivocation(*a.Head, *a.Head) || fair.Equivocation(*a.Head, forged) {
		t.Fatal("a proof from nothing")
	}
	tt.close()
}
