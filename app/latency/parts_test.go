package latency

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// TestParts times, one by one, the pieces a move's path is made of, on the positions of a
// finished game: run it under wasm (GOOS=js) to see what the browser's CPU pays for each.
func TestParts(t *testing.T) {
	var rec engine.Record
	var snap []byte
	var stateCost time.Duration
	afterGame = func(h *table.Host, gs []*table.Guest) {
		rec = h.Record()
		snap, _ = h.Snapshot()
		t0 := time.Now()
		for range 10 {
			gs[1].State()
		}
		stateCost = time.Since(t0) / 10
	}
	defer func() { afterGame = nil }()
	if _, err := MeasurePipes(context.Background(), Config{Guests: 2, Moves: 1, Seed: 11}); err != nil {
		t.Fatal(err)
	}
	rules, _ := games.Lookup(rec.Game)
	g, err := rules.New(rec.Config)
	if err != nil {
		t.Fatal(err)
	}
	id := fair.NewIdentity([32]byte{1})
	tbl := make([]byte, wire.TableIDLen)
	var sign, verify, apply, view, marshal, encode, decode, decodeView time.Duration
	var frames int
	seats := rec.Config.Seats
	for i, m := range rec.Moves {
		if m.Kind == engine.KindDeal {
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t0 := time.Now()
		sig := id.SignMove(tbl, i+1, m)
		t1 := time.Now()
		fair.VerifyMove(id.Public(), tbl, i+1, m, sig)
		t2 := time.Now()
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		t3 := time.Now()
		sign, verify, apply = sign+t1.Sub(t0), verify+t2.Sub(t1), apply+t3.Sub(t2)
		for s := range seats {
			t0 := time.Now()
			v := g.View(engine.Seat(s))
			wv := &wire.View{Seq: i + 1, Move: &m, Sig: sig, Status: g.Status(), Legal: g.Legal(engine.Seat(s))}
			t1 := time.Now()
			wv.View, _ = json.Marshal(v)
			t2 := time.Now()
			f, err := wire.Encode(uint64(i), wv)
			if err != nil {
				t.Fatal(err)
			}
			t3 := time.Now()
			_, msg, err := wire.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			t4 := time.Now()
			if _, err := rules.DecodeView(msg.(*wire.View).View); err != nil {
				t.Fatal(err)
			}
			t5 := time.Now()
			view, marshal, encode, decode, decodeView = view+t1.Sub(t0), marshal+t2.Sub(t1), encode+t3.Sub(t2), decode+t4.Sub(t3), decodeView+t5.Sub(t4)
			frames++
		}
	}
	n := time.Duration(len(rec.Moves))
	per := func(d time.Duration, k int) time.Duration {
		return (d / time.Duration(max(k, 1))).Round(time.Microsecond)
	}
	t.Logf("%s, %d moves, %d seats; per player move: sign %v, verify %v, apply %v; per seat's view: view+legal %v, marshal %v, wire encode %v, wire decode %v, DecodeView %v",
		rec.Game, n, seats, per(sign, len(rec.Moves)), per(verify, len(rec.Moves)), per(apply, len(rec.Moves)), per(view, frames), per(marshal, frames), per(encode, frames), per(decode, frames), per(decodeView, frames))
	t.Logf("at the end: host snapshot %d B; Guest.State %v", len(snap), stateCost.Round(time.Microsecond))
	t0 := time.Now()
	for range 10 {
		_, _ = json.Marshal(json.RawMessage(snap))
	}
	t.Logf("snapshot re-marshalled as RawMessage: %v", (time.Since(t0) / 10).Round(time.Microsecond))
}
