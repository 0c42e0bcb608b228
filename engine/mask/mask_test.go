package mask

import (
	"errors"
	"slices"
	"testing"

	"miskatonic/engine"
)

// Property: over random seeds and table sizes, opening every card of the shuffled deck gives a
// permutation of the deck, the same one the audit recomputes from the revealed σ, and not the
// canonical order.
func TestChainOpensToAPermutation(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		players := 2 + int(seed%6)
		cards := 6 + int(seed*5%17)
		tb := newTable(t, seed, players, cards)
		opened := make([]int, cards)
		for h := range cards {
			opened[h] = tb.open(t, h, "round-end")
		}
		sorted := slices.Sorted(slices.Values(opened))
		for i, v := range sorted {
			if v != i {
				t.Fatalf("seed %d: opened %v is not a permutation of %d cards", seed, opened, cards)
			}
		}
		audited, err := Audit(tb.sc, tb.deck, tb.ks.Joint(), tb.steps, tb.sigmas)
		if err != nil {
			t.Fatalf("seed %d: honest chain fails its audit: %v", seed, err)
		}
		if !slices.Equal(audited, opened) {
			t.Fatalf("seed %d: audit order %v, opened %v", seed, audited, opened)
		}
		if slices.Equal(opened, sorted) {
			t.Fatalf("seed %d: the chain left the deck in order", seed)
		}
	}
}

// Re-masking hides the card: the same card's masked form shares no point across steps.
func TestShuffleRemasks(t *testing.T) {
	tb := newTable(t, 3, 3, 10)
	seen := map[Point]bool{}
	for _, m := range tb.deck.Initial() {
		seen[m.C2] = true
	}
	for k, st := range tb.steps {
		for j, m := range st.Deck {
			if seen[m.C1] || seen[m.C2] {
				t.Fatalf("step %d card %d repeats a point of an earlier deck", k, j)
			}
		}
		for _, m := range st.Deck {
			seen[m.C1], seen[m.C2] = true, true
		}
	}
}

// Attacks on tokens, each refused on receipt by the real Opening, naming what failed.
func TestTokenAttacks(t *testing.T) {
	tb := newTable(t, 7, 3, 8)
	const handle, purpose = 2, "draw"
	card := tb.final[handle]
	honest := func(s engine.Seat) Token {
		tok, err := tb.keys[s].Token(tb.rand, tb.sc, card, handle, purpose)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	shift := func(tok Token) Token {
		// T + M_A − M_B: a holder who knows the card is A makes the viewer see B.
		a := tb.deck.Point(tb.open(t, handle, "peek"))
		b := tb.deck.Point(0)
		if a == b {
			b = tb.deck.Point(1)
		}
		te, _ := tok.T.element()
		ae, _ := a.element()
		be, _ := b.element()
		te.Add(te, ae)
		te.Subtract(te, be)
		tok.T = pointOf(te)
		return tok
	}
	otherScope := tb.sc
	otherScope.Deal++
	cases := []struct {
		name string
		tok  func() Token
		want error
	}{
		{"shifted token T+M_A−M_B", func() Token { return shift(honest(1)) }, ErrBadProof},
		{"response altered", func() Token {
			tok := honest(1)
			s, _ := decodeScalar(tok.Proof.S)
			tok.Proof.S = scalarOf(s.Add(s, scalarOne))
			return tok
		}, ErrBadProof},
		{"challenge altered", func() Token {
			tok := honest(1)
			e, _ := decodeScalar(tok.Proof.E)
			tok.Proof.E = scalarOf(e.Add(e, scalarOne))
			return tok
		}, ErrBadProof},
		{"another seat's token relabelled", func() Token { tok := honest(2); tok.Seat = 1; return tok }, ErrBadProof},
		{"token for another card", func() Token {
			tok, _ := tb.keys[1].Token(tb.rand, tb.sc, tb.final[3], 3, purpose)
			tok.Handle = handle
			return tok
		}, ErrBadProof},
		{"token for another purpose", func() Token {
			tok, _ := tb.keys[1].Token(tb.rand, tb.sc, card, handle, "peek")
			tok.Purpose = purpose
			return tok
		}, ErrBadProof},
		{"token from another deal", func() Token {
			tok, _ := tb.keys[1].Token(tb.rand, otherScope, card, handle, purpose)
			return tok
		}, ErrBadProof},
		{"seat that holds no key", func() Token { tok := honest(1); tok.Seat = 9; return tok }, ErrUnknownSeat},
		{"identity token with forged proof", func() Token {
			tok := honest(1)
			tok.T = pointOf(identityPoint())
			return tok
		}, ErrBadProof},
		{"non-canonical point", func() Token {
			tok := honest(1)
			tok.T = Point{0x01}
			return tok
		}, ErrBadPoint},
		{"non-canonical scalar", func() Token {
			tok := honest(1)
			for i := range tok.Proof.S {
				tok.Proof.S[i] = 0xff
			}
			return tok
		}, ErrBadScalar},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := tb.ks.NewOpening(card, handle, purpose)
			if err := o.Add(honest(0)); err != nil {
				t.Fatal(err)
			}
			err := o.Add(c.tok())
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			// Refused tokens change nothing: the honest ones still open the right card.
			if got := len(o.Missing()); got != 2 {
				t.Fatalf("%d missing after a refused token, want 2", got)
			}
			_ = o.Add(honest(1))
			_ = o.Add(honest(2))
			if got, want := mustCard(t, o, tb.deck), tb.open(t, handle, purpose); got != want {
				t.Fatalf("opened %d, want %d", got, want)
			}
		})
	}
	t.Run("second token from a seat", func(t *testing.T) {
		o := tb.ks.NewOpening(card, handle, purpose)
		_ = o.Add(honest(0))
		if err := o.Add(honest(0)); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("incomplete", func(t *testing.T) {
		o := tb.ks.NewOpening(card, handle, purpose)
		_ = o.Add(honest(0))
		if _, err := o.Card(tb.deck); !errors.Is(err, ErrIncomplete) {
			t.Fatalf("got %v", err)
		}
	})
}

func mustCard(t *testing.T, o *Opening, d *Deck) int {
	t.Helper()
	c, err := o.Card(d)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Keys: a bad or misplaced proof of knowledge is refused, and so is a rogue key.
func TestKeyProofs(t *testing.T) {
	sc := Scope{Table: []byte("t"), Deal: 1}
	rd := seeded(11)
	k0, _ := NewKey(rd, 0)
	k1, _ := NewKey(rd, 1)
	p0, _ := k0.Public(rd, sc)
	p1, _ := k1.Public(rd, sc)
	rogue := func() PublicKey {
		// Y' = x·B − Y_0: the joint key would be x·B, known to seat 1 alone. It cannot prove
		// knowledge of log Y', so it reuses its own proof.
		x, _ := NewKey(rd, 1)
		ye, _ := x.Y().element()
		y0, _ := p0.Y.element()
		return PublicKey{Seat: 1, Y: pointOf(ye.Subtract(ye, y0)), Proof: p1.Proof}
	}
	otherDeal, _ := k1.Public(rd, Scope{Table: []byte("t"), Deal: 2})
	otherTable, _ := k1.Public(rd, Scope{Table: []byte("u"), Deal: 1})
	cases := []struct {
		name string
		pub  PublicKey
		want error
	}{
		{"rogue key", rogue(), ErrBadProof},
		{"proof for another deal", otherDeal, ErrBadProof},
		{"proof for another table", otherTable, ErrBadProof},
		{"proof under another seat", PublicKey{Seat: 2, Y: p1.Y, Proof: p1.Proof}, ErrBadProof},
		{"copied key", PublicKey{Seat: 1, Y: p0.Y, Proof: p0.Proof}, ErrDuplicate},
		{"identity key", PublicKey{Seat: 1, Y: pointOf(identityPoint()), Proof: p1.Proof}, ErrBadKey},
		{"same seat twice", PublicKey{Seat: 0, Y: p1.Y, Proof: p1.Proof}, ErrDuplicate},
	}
	if _, err := NewKeySet(sc, []PublicKey{p0, p1}); err != nil {
		t.Fatalf("honest keys refused: %v", err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := NewKeySet(sc, []PublicKey{p0, c.pub}); !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
	t.Run("saved key restores", func(t *testing.T) {
		k, err := KeyFromSecret(0, k0.Secret())
		if err != nil || k.Y() != k0.Y() {
			t.Fatalf("restored %v, %v", k, err)
		}
		if _, err := KeyFromSecret(0, Scalar{}); !errors.Is(err, ErrBadKey) {
			t.Fatalf("zero secret: %v", err)
		}
	})
}
