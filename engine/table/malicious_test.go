package table

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// raw is a hand-driven guest that can send anything.
type raw struct {
	t     *testing.T
	conn  Conn
	id    fair.Identity
	seq   uint64
	seat  engine.Seat
	table []byte
	last  *wire.View
	sent  [][]byte
}

func (r *raw) frame(m wire.Message) []byte {
	r.seq++
	f, err := wire.Encode(r.seq, m)
	if err != nil {
		r.t.Fatal(err)
	}
	return f
}

func (r *raw) send(m wire.Message) []byte {
	f := r.frame(m)
	r.sent = append(r.sent, f)
	if err := r.conn.Send(f); err != nil {
		r.t.Fatalf("send: %v", err)
	}
	return f
}

// next returns the next message from the host, keeping track of the latest view.
func (r *raw) next() (wire.Message, error) {
	type res struct {
		f   []byte
		err error
	}
	ch := make(chan res, 1)
	go func() { f, err := r.conn.Recv(); ch <- res{f, err} }()
	select {
	case x := <-ch:
		if x.err != nil {
			return nil, x.err
		}
		_, m, err := wire.Decode(x.f)
		if err != nil {
			r.t.Fatalf("host sent an undecodable frame: %v", err)
		}
		if v, ok := m.(*wire.View); ok {
			r.last = v
		}
		return m, nil
	case <-time.After(30 * time.Second):
		r.t.Fatal("no message from the host")
		return nil, nil
	}
}

func (r *raw) until(t wire.Type) wire.Message {
	for {
		m, err := r.next()
		if err != nil {
			r.t.Fatalf("waiting for %s: %v", t, err)
		}
		if m.Type() == t {
			return m
		}
	}
}

// TestMaliciousGuest sends a corpus of bad messages from a seated guest: each is refused with a
// clear reason and changes nothing; a flood gets the guest dropped; nothing leaks.
func TestMaliciousGuest(t *testing.T) {
	defer checkNoLeak(t)()
	var logs bytes.Buffer
	h, err := NewHost(toy.Rules{}, HostConfig{Rand: newRand(5), RatePerSecond: 20, Burst: 60, MaxStrikes: 30,
		Logf: func(f string, a ...any) { fmt.Fprintf(&logs, f+"\n", a...) }})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for i := 0; i < 2; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("honest", i), Identity: identity(i), Rand: newRand(uint64(50 + i)), Rules: lookup, Tick: 20 * time.Millisecond})
		defer g.Close()
		for !g.State().Connected {
			time.Sleep(time.Millisecond)
		}
		g.SetReady(true)
	}
	a, b := Pipe()
	h.AddGuest(a)
	r := &raw{t: t, conn: b, id: identity(9)}
	ch := r.until(wire.TChallenge).(*wire.Challenge)
	r.table = ch.Table
	r.send(&wire.Hello{Rules: 1, Name: "mallory", Key: r.id.Public(), Sig: r.id.SignHello(ch.Nonce, ch.Table)})
	r.seat = r.until(wire.TWelcome).(*wire.Welcome).Seat
	r.send(&wire.Ready{Ready: true})
	for h.Start() != nil {
		time.Sleep(time.Millisecond)
	}
	cm := r.until(wire.TCommit).(*wire.Commit)
	cx := fair.Context{Game: "toy", Table: r.table, Epoch: 1, Deal: cm.Context, Roster: cm.Roster}
	var c [32]byte
	copy(c[:], cm.C)
	share := r.id.Contribute(cx.Bytes(), c, r.seat, [32]byte{7})
	seal := r.id.SealShare(cx.Bytes(), c, r.seat, [32]byte{7})
	r.send(&wire.Seal{Epoch: 1, Seat: r.seat, SC: seal.SC[:], Sig: seal.Sig})
	r.until(wire.TSeals)
	r.send(&wire.Contrib{Epoch: 1, Seat: r.seat, S: share.S[:], Sig: share.Sig})
	for r.last == nil || r.last.Seq < 1 {
		r.next()
	}
	// Make sure mallory is not the active seat, so its own moves are out of turn.
	if r.last.Status.IsActive(r.seat) {
		mv := engine.Move{Seat: r.seat, Kind: "hold"}
		r.send(&wire.Move{BasedOn: r.last.Seq, Move: mv, Sig: r.id.SignMove(r.table, r.last.Seq+1, mv)})
		for r.last.Status.IsActive(r.seat) {
			r.next()
		}
	}
	cur := r.last.Seq
	active := r.last.Status.Active[0]
	before, _ := h.Snapshot()
	other := r.seat ^ 1
	if other == r.seat || !other.Valid(3) {
		other = 0
	}
	oversized := append([]byte(`{"v":8,"type":"say","seq":999,"body":{"text":"`), bytes.Repeat([]byte("x"), 70000)...)
	oversized = append(oversized, `"}}`...)
	replayed := r.sent[len(r.sent)-1]
	cases := []struct {
		name  string
		frame []byte
		kind  engine.Kind
	}{
		{"forged seat", r.frame(&wire.Move{BasedOn: cur, Move: engine.Move{Seat: 7, Kind: "hold"}}), engine.KindBadSeat},
		{"another seat's move", r.frame(&wire.Move{BasedOn: cur, Move: engine.Move{Seat: active, Kind: "hold"}}), engine.KindBadSeat},
		{"out of turn", r.frame(&wire.Move{BasedOn: cur, Move: engine.Move{Seat: r.seat, Kind: "hold"}, Sig: r.id.SignMove(r.table, cur+1, engine.Move{Seat: r.seat, Kind: "hold"})}), engine.KindNotYourTurn},
		{"unsigned move", r.frame(&wire.Move{BasedOn: cur, Move: engine.Move{Seat: r.seat, Kind: "hold"}}), wire.KindAuth},
		{"move signed for another seq", r.frame(&wire.Move{BasedOn: cur, Move: engine.Move{Seat: r.seat, Kind: "hold"}, Sig: r.id.SignMove(r.table, cur, engine.Move{Seat: r.seat, Kind: "hold"})}), wire.KindAuth},
		{"stale move", r.frame(&wire.Move{BasedOn: cur - 1, Move: engine.Move{Seat: r.seat, Kind: "hold"}}), wire.KindStale},
		{"move from the future", r.frame(&wire.Move{BasedOn: cur + 5, Move: engine.Move{Seat: r.seat, Kind: "hold"}}), wire.KindStale},
		{"replayed frame", replayed, wire.KindDuplicate},
		{"a deal from a guest", r.frame(&wire.Move{BasedOn: cur, Move: engine.Move{Seat: r.seat, Kind: engine.KindDeal, Seed: strings.Repeat("ab", 32)}}), engine.KindBadSeat},
		{"share for another seat", r.frame(&wire.Contrib{Epoch: 1, Seat: other, S: share.S[:], Sig: share.Sig}), engine.KindBadSeat},
		{"second share for a dealt round", r.frame(&wire.Contrib{Epoch: 1, Seat: r.seat, S: make([]byte, 32), Sig: share.Sig}), wire.KindState},
		{"share for an unknown deal", r.frame(&wire.Contrib{Epoch: 9, Seat: r.seat, S: share.S[:], Sig: share.Sig}), wire.KindState},
		{"hello with another key", r.frame(&wire.Hello{Name: "x", Key: identity(8).Public(), Sig: identity(8).SignHello(ch.Nonce, ch.Table)}), wire.KindAuth},
		{"hello with a forged proof", r.frame(&wire.Hello{Name: "x", Key: identity(1).Public(), Sig: make([]byte, 64)}), wire.KindAuth},
		{"host-only message", r.frame(&wire.Reveal{Epoch: 1, H: make([]byte, 32)}), engine.KindMalformed},
		{"ready after the start", r.frame(&wire.Ready{Ready: false}), wire.KindState},
		{"not json", []byte("{{{"), engine.KindMalformed},
		{"unknown type", []byte(`{"v":8,"type":"cheat","seq":900,"body":{}}`), engine.KindMalformed},
		{"unknown field", []byte(`{"v":8,"type":"ready","seq":901,"body":{"ready":true,"seat":0}}`), engine.KindMalformed},
		{"wrong version", []byte(`{"v":6,"type":"ready","seq":902,"body":{"ready":true}}`), wire.KindVersion},
		{"oversized", oversized, wire.KindOversized},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := r.conn.Send(tc.frame); err != nil {
				t.Fatal(err)
			}
			rej := r.until(wire.TReject).(*wire.Reject)
			// The code is the whole refusal: the host's English detail stays in its log.
			if rej.Kind != tc.kind || rej.Msg != "" {
				t.Fatalf("refused as %q (%q), want %q alone", rej.Kind, rej.Msg, tc.kind)
			}
			after, _ := h.Snapshot()
			if !bytes.Equal(before, after) {
				t.Fatalf("table changed:\n%s\n%s", before, after)
			}
		})
	}
	// Mallory is still seated: a legal chat line goes through to everyone.
	r.send(&wire.Say{Text: "still here"})
	if c := r.until(wire.TChat).(*wire.Chat); c.From != r.seat {
		t.Fatalf("chat from seat %d", c.From)
	}
	// A flood gets mallory dropped, and changes nothing.
	for i := 0; i < 500; i++ {
		if r.conn.Send(r.frame(&wire.Say{Text: "spam"})) != nil {
			break
		}
	}
	var bye *wire.Bye
	for {
		m, err := r.next()
		if errors.Is(err, ErrClosed) {
			break
		}
		if b, ok := m.(*wire.Bye); ok {
			bye = b
		}
	}
	if bye == nil || bye.Kind != wire.KindFlood {
		t.Fatalf("flood ended with %+v, want a flood bye", bye)
	}
	after, _ := h.Snapshot()
	if !bytes.Equal(before, after) {
		t.Fatalf("flood changed the table")
	}
	st := h.State()
	if st.Seats[r.seat].Connected || !st.Seats[0].Connected || !st.Seats[1].Connected {
		t.Fatalf("after the flood: %+v", st.Seats)
	}
	if !strings.Contains(logs.String(), "dropping guest") {
		t.Fatalf("the drop was not logged:\n%s", logs.String())
	}
}
