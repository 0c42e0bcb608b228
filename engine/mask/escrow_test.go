package mask

import (
	"errors"
	"testing"

	"miskatonic/engine"
)

func escrowAll(t *testing.T, tb *table) (map[engine.Seat]Escrow, map[engine.Seat][]Share) {
	t.Helper()
	es, sh := map[engine.Seat]Escrow{}, map[engine.Seat][]Share{}
	for _, d := range tb.holders {
		var others []engine.Seat
		for _, s := range tb.holders {
			if s != d {
				others = append(others, s)
			}
		}
		e, shares, err := tb.keys[d].Escrow(tb.rand, others, len(others))
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.ks.VerifyEscrow(e, len(others)); err != nil {
			t.Fatal(err)
		}
		for _, s := range shares {
			if err := e.VerifyShare(s); err != nil {
				t.Fatalf("honest share refused: %v", err)
			}
		}
		es[d], sh[d] = e, shares
	}
	return es, sh
}

// A key holder vanishes mid-round: the others rebuild its key from their shares, make its
// tokens, and the card opens as if it were there.
func TestEscrowStandIn(t *testing.T) {
	for _, players := range []int{2, 3, 7} {
		tb := newTable(t, uint64(40+players), players, 10)
		es, sh := escrowAll(t, tb)
		gone := tb.holders[players/2]
		k, err := Reconstruct(es[gone], sh[gone])
		if err != nil {
			t.Fatalf("%d players: %v", players, err)
		}
		if k.Y() != tb.keys[gone].Y() {
			t.Fatalf("%d players: rebuilt another key", players)
		}
		o := tb.ks.NewOpening(tb.final[3], 3, "draw")
		for _, s := range tb.holders {
			key := tb.keys[s]
			if s == gone {
				key = k
			}
			tok, _ := key.Token(tb.rand, tb.sc, tb.final[3], 3, "draw")
			if err := o.Add(tok); err != nil {
				t.Fatal(err)
			}
		}
		if mustCard(t, o, tb.deck) != tb.open(t, 3, "x") {
			t.Fatalf("%d players: stand-in opened the wrong card", players)
		}
	}
}

func TestEscrowBadShares(t *testing.T) {
	tb := newTable(t, 77, 4, 6)
	es, sh := escrowAll(t, tb)
	const dealer = 1
	shares := sh[dealer]
	wrong := func(i int) []Share {
		out := append([]Share(nil), shares...)
		v, _ := decodeScalar(out[i].Value)
		out[i].Value = scalarOf(v.Add(v, scalarOne))
		return out
	}
	t.Run("wrong share detected on receipt", func(t *testing.T) {
		if err := es[dealer].VerifyShare(wrong(0)[0]); !errors.Is(err, ErrBadShare) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("wrong share at reconstruction names its holder", func(t *testing.T) {
		_, err := Reconstruct(es[dealer], wrong(2))
		var f *Fault
		if !errors.As(err, &f) || f.Seat != shares[2].Holder || f.Kind != FaultShare {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("share moved to another holder", func(t *testing.T) {
		s := shares[0]
		s.Holder = shares[1].Holder
		if err := es[dealer].VerifyShare(s); !errors.Is(err, ErrBadShare) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("too few shares", func(t *testing.T) {
		if _, err := Reconstruct(es[dealer], shares[:2]); !errors.Is(err, ErrIncomplete) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("escrow not dealt on the announced key", func(t *testing.T) {
		e := es[dealer]
		e.Commitments = append([]Point{tb.keys[2].Y()}, e.Commitments[1:]...)
		if err := tb.ks.VerifyEscrow(e, 3); !errors.Is(err, ErrCheat) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("lower threshold than the table's", func(t *testing.T) {
		e, _, err := tb.keys[dealer].Escrow(tb.rand, []engine.Seat{0, 2, 3}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.ks.VerifyEscrow(e, 3); !errors.Is(err, ErrCheat) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("dealer among its own holders", func(t *testing.T) {
		if _, _, err := tb.keys[dealer].Escrow(tb.rand, []engine.Seat{0, 1, 2}, 3); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("got %v", err)
		}
	})
}

// Shares travel sealed; the holder checks its share on receipt and names a dealer who sent a
// wrong one.
func TestEscrowSealedShares(t *testing.T) {
	tb := newTable(t, 78, 3, 6)
	ps, peers := pages(t, tb)
	e, shares, err := tb.keys[0].Escrow(tb.rand, []engine.Seat{1, 2}, 2)
	if err != nil {
		t.Fatal(err)
	}
	env, err := SealShare(tb.rand, ps[0].box, tb.sc, peers[1], shares[0])
	if err != nil {
		t.Fatal(err)
	}
	got, err := OpenShare(ps[1].box, tb.sc, 1, peers[0], env, e)
	if err != nil || got != shares[0] {
		t.Fatalf("honest share: %+v %v", got, err)
	}
	if _, err := OpenShare(ps[2].box, tb.sc, 2, peers[0], env, e); !errors.Is(err, ErrBadEnvelope) {
		t.Fatalf("another holder opened it: %v", err)
	}
	bad := shares[0]
	v, _ := decodeScalar(bad.Value)
	bad.Value = scalarOf(v.Add(v, scalarOne))
	env, _ = SealShare(tb.rand, ps[0].box, tb.sc, peers[1], bad)
	_, err = OpenShare(ps[1].box, tb.sc, 1, peers[0], env, e)
	var f *Fault
	if !errors.As(err, &f) || f.Seat != 0 || f.Kind != FaultShare {
		t.Fatalf("wrong share: %v, want a fault naming seat 0", err)
	}
	if _, err := SealShare(tb.rand, ps[0].box, tb.sc, peers[2], shares[0]); !errors.Is(err, ErrBadShare) {
		t.Fatalf("sealed to the wrong holder: %v", err)
	}
}
