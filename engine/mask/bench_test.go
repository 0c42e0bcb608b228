package mask

import (
	"fmt"
	"testing"

	"miskatonic/engine"
)

// Costs of host-blind dealing. Natively: go test -bench . ./engine/mask. Under wasm (Node):
// GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench . ./engine/mask

// warm builds the library's lazy base-point tables outside any timing.
func warm() {
	k, _ := NewKey(seeded(0), 0)
	_, _ = k.Public(seeded(0), Scope{})
}

func BenchmarkKeyAndProof(b *testing.B) {
	warm()
	rd := seeded(1)
	sc := Scope{Table: []byte("t"), Deal: 1}
	defer cpuPerOp(b)()
	for b.Loop() {
		k, _ := NewKey(rd, 0)
		_, _ = k.Public(rd, sc)
	}
}

// Verify every holder's proof and sum the joint key (what each page does at deal time).
func BenchmarkVerifyKeys(b *testing.B) {
	for _, players := range []int{3, 7} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			rd := seeded(2)
			sc := Scope{Table: []byte("t"), Deal: 1}
			var pubs []PublicKey
			for s := range engine.Seat(players) {
				k, _ := NewKey(rd, s)
				pk, _ := k.Public(rd, sc)
				pubs = append(pubs, pk)
			}
			defer cpuPerOp(b)()
			for b.Loop() {
				if _, err := NewKeySet(sc, pubs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// One holder's shuffle + re-mask step.
func BenchmarkShuffleStep(b *testing.B) {
	for _, cards := range []int{22, 92} {
		b.Run(fmt.Sprintf("cards=%d", cards), func(b *testing.B) {
			tb := newTable(b, 3, 3, cards)
			defer cpuPerOp(b)()
			for b.Loop() {
				if _, err := Shuffle(tb.sc, 0, tb.sigmas[0], tb.ks.Joint(), tb.final); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTokenAndProof(b *testing.B) {
	tb := newTable(b, 4, 3, 22)
	defer cpuPerOp(b)()
	for b.Loop() {
		_, _ = tb.keys[0].Token(tb.rand, tb.sc, tb.final[5], 5, "draw")
	}
}

func BenchmarkVerifyToken(b *testing.B) {
	tb := newTable(b, 5, 3, 22)
	tok, _ := tb.keys[1].Token(tb.rand, tb.sc, tb.final[5], 5, "draw")
	defer cpuPerOp(b)()
	for b.Loop() {
		if err := tb.ks.VerifyToken(tb.final[5], 5, "draw", tok); err != nil {
			b.Fatal(err)
		}
	}
}

// A viewer receives a private card: open P−1 envelopes, verify P−1 tokens, add its own, unmask.
func BenchmarkReceivePrivateCard(b *testing.B) {
	for _, players := range []int{3, 7} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			tb := newTable(b, 6, players, 22)
			ps, peers := pages(b, tb)
			const me, h = 0, 7
			var in []Envelope
			for _, s := range tb.holders[1:] {
				out, _ := SendTokens(tb.rand, tb.keys[s], ps[s].box, tb.sc, peers, tb.final[h], h, "draw", Only(me), tb.holders)
				in = append(in, out.Sealed...)
			}
			own, _ := tb.keys[me].Token(tb.rand, tb.sc, tb.final[h], h, "draw")
			defer cpuPerOp(b)()
			for b.Loop() {
				o := tb.ks.NewOpening(tb.final[h], h, "draw")
				o.tokens[me] = own.T // its own token needs no proof check
				for _, env := range in {
					tok, err := ReceiveToken(ps[me].box, tb.sc, me, peers[env.From], env, h, "draw")
					if err != nil {
						b.Fatal(err)
					}
					if err := o.Add(tok); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := o.Card(tb.deck); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A public opening at P holders, on one page: every proof checked (Add, its own kept with
// AddOwn), or the card already known (a discard everyone but its holder saw; any card after the
// round-end audit) and opened with AddKnown: every proof checked, then the tokens' sum must open
// that card.
func BenchmarkOpenPublic(b *testing.B) {
	for _, players := range []int{3, 7} {
		tb := newTable(b, 10, players, 22)
		const h = 9
		var toks []Token
		for _, s := range tb.holders {
			tok, _ := tb.keys[s].Token(tb.rand, tb.sc, tb.final[h], h, "discard")
			toks = append(toks, tok)
		}
		want := tb.open(b, h, "peek")
		b.Run(fmt.Sprintf("players=%d/proofs", players), func(b *testing.B) {
			defer cpuPerOp(b)()
			for b.Loop() {
				o := tb.ks.NewOpening(tb.final[h], h, "discard")
				if err := o.AddOwn(tb.keys[0], toks[0]); err != nil {
					b.Fatal(err)
				}
				for _, tok := range toks[1:] {
					if err := o.Add(tok); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := o.Card(tb.deck); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("players=%d/known", players), func(b *testing.B) {
			defer cpuPerOp(b)()
			for b.Loop() {
				o := tb.ks.NewOpening(tb.final[h], h, "discard")
				if err := o.AddKnown(tb.deck, want, toks); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Sending one card's token to everyone but its holder (Arkham's deal: P−2 envelopes).
func BenchmarkSendAllButHolder(b *testing.B) {
	for _, players := range []int{3, 7} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			tb := newTable(b, 7, players, 22)
			ps, peers := pages(b, tb)
			v := AllBut(tb.holders, 1)
			defer cpuPerOp(b)()
			for b.Loop() {
				if _, err := SendTokens(tb.rand, tb.keys[0], ps[0].box, tb.sc, peers, tb.final[2], 2, "deal", v, tb.holders); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Round-end audit: recompute every step of the chain.
func BenchmarkAudit(b *testing.B) {
	for _, c := range []struct{ players, cards int }{{3, 22}, {7, 22}, {5, 92}, {7, 92}} {
		b.Run(fmt.Sprintf("players=%d/cards=%d", c.players, c.cards), func(b *testing.B) {
			tb := newTable(b, 8, c.players, c.cards)
			defer cpuPerOp(b)()
			for b.Loop() {
				if _, err := Audit(tb.sc, tb.deck, tb.ks.Joint(), tb.steps, tb.sigmas); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Escrow: deal shares of one key to the other P−1 holders; a holder verifies its share.
func BenchmarkEscrow(b *testing.B) {
	for _, players := range []int{3, 7} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			tb := newTable(b, 9, players, 4)
			others := tb.holders[1:]
			e, shares, _ := tb.keys[0].Escrow(tb.rand, others, len(others))
			b.Run("deal", func(b *testing.B) {
				defer cpuPerOp(b)()
				for b.Loop() {
					_, _, _ = tb.keys[0].Escrow(tb.rand, others, len(others))
				}
			})
			b.Run("verify-share", func(b *testing.B) {
				defer cpuPerOp(b)()
				for b.Loop() {
					if err := e.VerifyShare(shares[0]); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("reconstruct", func(b *testing.B) {
				defer cpuPerOp(b)()
				for b.Loop() {
					if _, err := Reconstruct(e, shares); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
