package table

import (
	"bytes"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// TestMaliciousWatcher: someone who opens the invite mid-game is welcomed as a watcher, with no
// seat. A modified page then tries everything a seat may do, for itself and in seated players'
// names, signed with its own key: a move, a seal and a share of the deal, a sealed choice's
// commitment and opening, a ready, an early record. The attacker's change is the raw client
// alone (the host and the seated guests are the real ones). Each message is refused with its
// code alone and the table does not change; the game then goes on and every seat verifies every
// deal.
func TestMaliciousWatcher(t *testing.T) {
	defer checkNoLeak(t)()
	// The sealed toy: after the deal every seat must bid at once. Nobody plays yet, so the
	// sealed round stays open at a fixed seq while the watcher tries its luck.
	tt := newTable(t, tableOpts{rules: toy.SealedRules{}, guests: 3, seed: 77})
	var base int
	tt.waitFor("the sealed round open", func() bool {
		open := false
		tt.host.do(func() {
			if r := tt.host.sealed; r != nil && r.Base == len(tt.host.moves) && len(r.Active) == 3 {
				open, base = true, r.Base
			}
		})
		return open
	})

	a, b := Pipe()
	if err := tt.host.AddGuest(a); err != nil {
		t.Fatal(err)
	}
	r := &raw{t: t, conn: b, id: identity(41)}
	ch := r.until(wire.TChallenge).(*wire.Challenge)
	r.table = ch.Table
	r.send(&wire.Hello{Rules: 1, Name: "mallory", Key: r.id.Public(), Sig: r.id.SignHello(ch.Nonce, ch.Table)})
	if w := r.until(wire.TWelcome).(*wire.Welcome); w.Seat != engine.Observer {
		t.Fatalf("welcomed at seat %d, want a watcher", w.Seat)
	}
	before, _ := tt.host.Snapshot()

	bid := func(s engine.Seat) engine.Move { return engine.Move{Seat: s, Kind: "bid", N: 2} }
	nonce := bytes.Repeat([]byte{5}, wire.SecretSize)
	pledge := func(s engine.Seat) *wire.Pledge {
		c := fair.SealMove(r.table, base, bid(s), nonce)
		return &wire.Pledge{Base: base, Seat: s, C: c[:], Sig: r.id.SignPledge(r.table, base, s, c)}
	}
	open := func(s engine.Seat) *wire.Open {
		return &wire.Open{Base: base, Move: bid(s), Nonce: nonce, Sig: r.id.SignMove(r.table, base+1, bid(s))}
	}
	var deal *dealState
	tt.host.do(func() { deal = tt.host.deals[len(tt.host.deals)-1] })
	cx := fair.Context{Game: "toysealed", Table: r.table, Epoch: deal.Epoch, Deal: deal.Context, Roster: deal.Roster}
	share := r.id.Contribute(cx.Bytes(), [32]byte(deal.C), 0, [32]byte{7})
	seal := r.id.SealShare(cx.Bytes(), [32]byte(deal.C), 0, [32]byte{7})

	// The codec refuses to write a seal, share or commitment for no seat, so the modified page
	// writes it by hand; the host refuses it as malformed.
	asWatcher := func(m wire.Message) []byte {
		f := r.frame(m)
		return bytes.Replace(f, []byte(`"seat":0`), []byte(`"seat":-1`), 1)
	}
	cases := []struct {
		name  string
		msg   wire.Message
		frame []byte
		kind  engine.Kind
	}{
		{"a move as the watcher", &wire.Move{BasedOn: base, Move: engine.Move{Seat: engine.Observer, Kind: "bid", N: 1},
			Sig: r.id.SignMove(r.table, base+1, engine.Move{Seat: engine.Observer, Kind: "bid", N: 1})}, nil, engine.KindBadSeat},
		{"a move for seat 0", &wire.Move{BasedOn: base, Move: bid(0), Sig: r.id.SignMove(r.table, base+1, bid(0))}, nil, engine.KindBadSeat},
		{"a commitment as the watcher", nil, asWatcher(pledge(0)), engine.KindMalformed},
		{"a commitment for seat 0", pledge(0), nil, engine.KindBadSeat},
		{"an opening as the watcher", open(engine.Observer), nil, engine.KindBadSeat},
		{"an opening for seat 0", open(0), nil, engine.KindBadSeat},
		{"a deal seal as the watcher", nil, asWatcher(&wire.Seal{Epoch: deal.Epoch, Seat: 0, SC: seal.SC[:], Sig: seal.Sig}), engine.KindMalformed},
		{"a deal seal for seat 0", &wire.Seal{Epoch: deal.Epoch, Seat: 0, SC: seal.SC[:], Sig: seal.Sig}, nil, engine.KindBadSeat},
		{"a share as the watcher", nil, asWatcher(&wire.Contrib{Epoch: deal.Epoch, Seat: 0, S: share.S[:], Sig: share.Sig}), engine.KindMalformed},
		{"a share for seat 0", &wire.Contrib{Epoch: deal.Epoch, Seat: 0, S: share.S[:], Sig: share.Sig}, nil, engine.KindBadSeat},
		{"ready", &wire.Ready{Ready: true}, nil, wire.KindState},
		{"the record before the end", &wire.RecordAsk{Table: r.table}, nil, wire.KindState},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.msg != nil {
				r.send(tc.msg)
			} else if err := r.conn.Send(tc.frame); err != nil {
				t.Fatal(err)
			}
			rej := r.until(wire.TReject).(*wire.Reject)
			if rej.Kind != tc.kind || rej.Msg != "" {
				t.Fatalf("refused as %q (%q), want %q alone", rej.Kind, rej.Msg, tc.kind)
			}
			if after, _ := tt.host.Snapshot(); !bytes.Equal(before, after) {
				t.Fatalf("the table changed:\n%s\n%s", before, after)
			}
		})
	}
	if ws := tt.host.State().Watchers; len(ws) != 1 {
		t.Fatalf("watchers after the refusals: %+v", ws)
	}
	r.conn.Close()
	tt.play()
	tt.finish()
	tt.checkViews()
	tt.close()
}
