package blindtable

import (
	"crypto/ed25519"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/table"
)

var (
	recOnce sync.Once
	recLog  []Entry
	recFix  *fixture
)

// recordedGame plays one 3-seat game once per test binary and keeps its log.
func recordedGame(t testing.TB) (*fixture, []Entry) {
	recOnce.Do(func() {
		f := newFixture(t, 5, 3, []engine.Seat{0, 1, 2}, nil)
		f.play()
		recFix, recLog = f, f.host.Log()
	})
	return recFix, recLog
}

// quietPrefix is the longest prefix of log that ends mid-round at a quiet moment (moves due).
func quietPrefix(t testing.TB, f *fixture, log []Entry, minPly int) int {
	st, _ := NewState(f.cfg)
	for i, e := range log {
		if err := st.Apply(e); err != nil {
			t.Fatal(err)
		}
		if st.ply >= minPly && st.d.dealt && !st.d.done && len(st.b.Needs()) == 0 {
			return i + 1
		}
	}
	t.Fatal("no quiet moment")
	return 0
}

func snapshot(st *State) string {
	b, _ := json.Marshal(struct {
		Seq, Ply int
		V        any
		N        any
	}{st.seq, st.ply, st.b.PublicView(), st.b.Needs()})
	return string(b)
}

// TestBadInputRefused: malformed, oversized, other-version, many-part, forged, out-of-place
// and replayed frames sent to a host mid-round are each refused with a clear error, change
// nothing, and the host goes on (a legal move is still accepted after them all).
func TestBadInputRefused(t *testing.T) {
	f, log := recordedGame(t)
	k := quietPrefix(t, f, log, 3)
	h, err := Resume(f.cfg, f.ids[f.cfg.Host], log[:k])
	if err != nil {
		t.Fatal(err)
	}
	var active engine.Seat
	var ply int
	var legal engine.Move
	h.State(func(st *State) {
		active, ply = st.b.Status().Active[0], st.ply
		legal = st.b.Legal(active)[0]
	})
	other := (active + 1) % 3
	sign := func(s engine.Seat, by engine.Seat, kind string, body any) []byte {
		in, err := Sign(f.ids[by], ConfigID(f.cfg), s, kind, body)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := EncodeFrame(Frame{Input: &in})
		return b
	}
	cases := []struct {
		name  string
		frame []byte
		want  string
	}{
		{"not json", []byte(`{"v":1,`), "malformed"},
		{"oversized", []byte(`{"v":1,"reject":"` + strings.Repeat("x", MaxFrame) + `"}`), "cap"},
		{"other version", []byte(`{"v":99,"hello":{"seat":0,"from":0}}`), "version"},
		{"two parts", []byte(`{"v":1,"hello":{"seat":0,"from":0},"reject":"x"}`), "parts"},
		{"unknown field", []byte(`{"v":1,"hello":{"seat":0,"from":0},"x":1}`), "unknown field"},
		{"an entry from a page", func() []byte { b, _ := EncodeFrame(Frame{Entry: &log[0]}); return b }(), "hellos and inputs"},
		{"forged signature", sign(active, other, KindMove, Move{Ply: ply, Move: legal}), "signature"},
		{"move for another seat", sign(other, other, KindMove, Move{Ply: ply, Move: legal}), "move for seat"},
		{"stale ply", sign(active, active, KindMove, Move{Ply: ply - 1, Move: legal}), "ply"},
		{"illegal move", sign(active, active, KindMove, Move{Ply: ply, Move: engine.Move{Seat: active, Kind: "fly"}}), ""},
		{"unknown kind", sign(active, active, "teleport", SeatBody{}), "unknown input kind"},
		{"body with extra field", func() []byte {
			in, _ := Sign(f.ids[active], ConfigID(f.cfg), active, KindMove, map[string]any{"ply": ply, "move": legal, "x": 1})
			b, _ := EncodeFrame(Frame{Input: &in})
			return b
		}(), "unknown field"},
		{"tokens for no need", sign(active, active, KindTokens, Tokens{Deal: 1, Need: 999}), "no open"},
		{"shuffle not due", sign(active, active, KindShuffle, Shuffle{Deal: 1}), "not due"},
		{"keys not wanted", sign(active, active, KindKeys, Keys{Deal: 1}), "keys for deal"},
		{"stand-in by a guest", sign(other, other, KindStandIn, SeatBody{Deal: 1, Seat: active}), "not the host"},
		{"replayed input", func() []byte { b, _ := EncodeFrame(Frame{Input: &log[1].In}); return b }(), ""},
		{"seat with no key", sign(7, active, KindMove, Move{Ply: ply, Move: legal}), "no identity"},
	}
	hostEnd, rogue := table.Pipe()
	h.AddPage(hostEnd)
	var before string
	h.State(func(st *State) { before = snapshot(st) })
	for _, c := range cases {
		if err := rogue.Send(c.frame); err != nil {
			t.Fatal(err)
		}
		b, err := rogue.Recv()
		if err != nil {
			t.Fatal(err)
		}
		fr, err := DecodeFrame(b)
		if err != nil || fr.Reject == "" || !strings.Contains(fr.Reject, c.want) {
			t.Errorf("%s: reply %s (%v), want a refusal saying %q", c.name, b, err, c.want)
		}
		var now string
		h.State(func(st *State) { now = snapshot(st) })
		if now != before || len(h.Log()) != k {
			t.Fatalf("%s changed the host", c.name)
		}
	}
	if _, err := h.Submit(must(Sign(f.ids[active], ConfigID(f.cfg), active, KindMove, Move{Ply: ply, Move: legal}))); err != nil {
		t.Fatalf("the legal move after them: %v", err)
	}
}

func must(in Input, err error) Input {
	if err != nil {
		panic(err)
	}
	return in
}

// TestPageRefusesBadEntries: a page given an entry out of order, or forged, keeps its state,
// and its verdict names the host (an honest host never sequences either).
func TestPageRefusesBadEntries(t *testing.T) {
	f, log := recordedGame(t)
	k := quietPrefix(t, f, log, 2)
	for _, c := range []struct {
		name string
		e    Entry
	}{
		{"gap", Entry{Seq: k + 1, In: log[k].In}},
		{"forged", func() Entry { e := log[k]; e.In.Sig = append([]byte(nil), e.In.Sig...); e.In.Sig[0] ^= 1; return e }()},
		{"replayed", Entry{Seq: k, In: log[k-1].In}},
	} {
		p, err := NewPage(PageConfig{Table: f.cfg, Seat: 1, Identity: f.ids[1], Rand: newReader(1)})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range log[:k] {
			_ = p.Apply(e) // its secrets are not these: it reads only the public state
		}
		if p.Verdict() != nil {
			t.Fatalf("%s: the honest prefix: %v", c.name, p.Verdict())
		}
		before := snapshot(p.st)
		err = p.Apply(c.e)
		if err == nil || p.Verdict() == nil || p.Verdict().Seat != f.cfg.Host || p.Verdict().Code != CodeHost {
			t.Fatalf("%s: %v, verdict %+v", c.name, err, p.Verdict())
		}
		if snapshot(p.st) != before {
			t.Fatalf("%s changed the page's state", c.name)
		}
	}
}

// TestSplitRoster: a host that shows one page another roster (a key of its own at another
// person's seat) splits the table: every signature binds the whole config, so the first input
// from the page with the false roster is refused (the host's own State has the true one), and
// none of the others' inputs verify for that page.
func TestSplitRoster(t *testing.T) {
	f := newFixture(t, 8, 3, []engine.Seat{0, 1, 2}, nil)
	lie := f.cfg
	lie.Identities = map[engine.Seat]ed25519.PublicKey{0: f.cfg.Identities[0], 1: f.cfg.Identities[1],
		2: ed25519.NewKeyFromSeed(make([]byte, 32)).Public().(ed25519.PublicKey)}
	if string(ConfigID(lie)) == string(ConfigID(f.cfg)) {
		t.Fatal("the config id ignores the roster")
	}
	f.connect(0, 0)
	f.connect(2, 0)
	fooled, err := NewPage(PageConfig{Table: lie, Seat: 1, Identity: f.ids[1], Rand: newReader(3)})
	if err != nil {
		t.Fatal(err)
	}
	ins, err := fooled.Outbox()
	if err != nil || len(ins) != 1 {
		t.Fatalf("outbox %v %v", ins, err)
	}
	if _, err := f.host.Submit(ins[0]); err == nil || !strings.Contains(err.Error(), "signature") {
		t.Fatalf("the host sequenced an input signed under another roster: %v", err)
	}
	f.settle(func() bool { return len(f.host.Log()) >= 2 })
	if err := fooled.Apply(f.host.Log()[0]); err == nil || fooled.Verdict() == nil {
		t.Fatal("the fooled page accepted an input signed under the true roster")
	}
}
