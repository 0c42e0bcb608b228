package mask

import (
	"crypto/ed25519"
	"errors"
	"slices"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

type page struct {
	id  ed25519.PrivateKey
	box *BoxKey
	pub BoxPublic
}

func pages(t testing.TB, tb *table) (map[engine.Seat]*page, map[engine.Seat]BoxPublic) {
	t.Helper()
	ps, peers := map[engine.Seat]*page{}, map[engine.Seat]BoxPublic{}
	for _, s := range tb.holders {
		var seed [32]byte
		_, _ = tb.rand.Read(seed[:])
		p := &page{id: ed25519.NewKeyFromSeed(seed[:])}
		var err error
		if p.box, err = NewBoxKey(tb.rand); err != nil {
			t.Fatal(err)
		}
		if p.pub, err = p.box.Announce(p.id, tb.sc.Table, s); err != nil {
			t.Fatal(err)
		}
		if err := p.pub.Verify(p.id.Public().(ed25519.PublicKey), tb.sc.Table); err != nil {
			t.Fatal(err)
		}
		ps[s], peers[s] = p, p.pub
	}
	return ps, peers
}

// Property over random openings: an honest holder's tokens reach exactly the key holders in the
// viewer set (itself aside), sealed so only the addressee opens them; in clear only for a public
// opening; and a viewer who gathers them reads the right card.
func TestTokensStayInViewerSet(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		r := rng.FromInt(seed)
		players := 2 + r.Intn(6)
		tb := newTable(t, seed, players, 8)
		ps, peers := pages(t, tb)
		// Seats beyond the holders are bots: in a viewer set, they receive nothing.
		all := append(slices.Clone(tb.holders), engine.Seat(players), engine.Seat(players+1))
		for range 6 {
			var v Viewers
			switch r.Intn(4) {
			case 0:
				v = Everyone()
			case 1:
				v = AllBut(all, all[r.Intn(len(all))])
			default:
				var s []engine.Seat
				for _, x := range all {
					if r.Intn(2) == 0 {
						s = append(s, x)
					}
				}
				v = Only(s...)
			}
			handle := r.Intn(8)
			want := -1 // the card, opened once only if some viewer needs checking
			inbox := map[engine.Seat][]Token{}
			for _, from := range tb.holders {
				out, err := SendTokens(tb.rand, tb.keys[from], ps[from].box, tb.sc, peers, tb.final[handle], handle, "p", v, tb.holders)
				if err != nil {
					t.Fatal(err)
				}
				if (out.Public != nil) != v.All {
					t.Fatalf("seed %d: public token %v for viewers %+v", seed, out.Public != nil, v)
				}
				if out.Public != nil {
					for _, s := range tb.holders {
						inbox[s] = append(inbox[s], *out.Public)
					}
				}
				if out.Own != nil {
					if !v.Has(from) {
						t.Fatalf("seed %d: seat %d kept a token it may not see", seed, from)
					}
					inbox[from] = append(inbox[from], *out.Own)
				}
				for _, env := range out.Sealed {
					if !v.Has(env.To) || env.To == from || !slices.Contains(tb.holders, env.To) {
						t.Fatalf("seed %d: token from %d to %d outside viewers %+v", seed, from, env.To, v)
					}
					for _, other := range tb.holders {
						if other != env.To {
							if _, err := ReceiveToken(ps[other].box, tb.sc, other, peers[from], env, handle, "p"); err == nil {
								t.Fatalf("seed %d: seat %d opened an envelope for %d", seed, other, env.To)
							}
						}
					}
					tok, err := ReceiveToken(ps[env.To].box, tb.sc, env.To, peers[from], env, handle, "p")
					if err != nil {
						t.Fatal(err)
					}
					inbox[env.To] = append(inbox[env.To], tok)
				}
			}
			for _, s := range tb.holders {
				got := len(inbox[s])
				if v.Has(s) && got != len(tb.holders) || !v.Has(s) && got > 0 {
					t.Fatalf("seed %d: seat %d (viewer %v) got %d tokens of %d", seed, s, v.Has(s), got, len(tb.holders))
				}
				if v.Has(s) {
					o := tb.ks.NewOpening(tb.final[handle], handle, "p")
					for _, tok := range inbox[s] {
						if err := o.Add(tok); err != nil {
							t.Fatal(err)
						}
					}
					if want < 0 {
						want = tb.open(t, handle, "q")
					}
					if mustCard(t, o, tb.deck) != want {
						t.Fatalf("seed %d: seat %d read the wrong card", seed, s)
					}
				}
			}
		}
	}
}

// Envelopes open only as sealed: any change, or a replay into another context, is refused.
func TestEnvelopeTampering(t *testing.T) {
	tb := newTable(t, 9, 3, 6)
	ps, peers := pages(t, tb)
	out, err := SendTokens(tb.rand, tb.keys[0], ps[0].box, tb.sc, peers, tb.final[1], 1, "draw", Only(1), tb.holders)
	if err != nil || len(out.Sealed) != 1 {
		t.Fatalf("%v %+v", err, out)
	}
	env := out.Sealed[0]
	other := tb.sc
	other.Deal++
	cases := []struct {
		name    string
		env     func() Envelope
		sc      Scope
		handle  int
		purpose string
		from    BoxPublic
	}{
		{"flipped byte", func() Envelope { e := env; e.Box = slices.Clone(e.Box); e.Box[3] ^= 1; return e }, tb.sc, 1, "draw", peers[0]},
		{"other deal", func() Envelope { return env }, other, 1, "draw", peers[0]},
		{"relabelled for another card", func() Envelope { e := env; e.Label = TokenLabel(2, "draw"); return e }, tb.sc, 2, "draw", peers[0]},
		{"claimed from another seat", func() Envelope { e := env; e.From = 2; return e }, tb.sc, 1, "draw", peers[2]},
		{"short nonce", func() Envelope { e := env; e.Nonce = e.Nonce[:12]; return e }, tb.sc, 1, "draw", peers[0]},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := ReceiveToken(ps[1].box, c.sc, 1, c.from, c.env(), c.handle, c.purpose); !errors.Is(err, ErrBadEnvelope) {
				t.Fatalf("got %v", err)
			}
		})
	}
	t.Run("box key under a forged identity", func(t *testing.T) {
		stranger := ed25519.NewKeyFromSeed(make([]byte, 32))
		if err := peers[0].Verify(stranger.Public().(ed25519.PublicKey), tb.sc.Table); !errors.Is(err, ErrBadSignature) {
			t.Fatalf("got %v", err)
		}
		if err := peers[0].Verify(ps[0].id.Public().(ed25519.PublicKey), []byte("other table")); !errors.Is(err, ErrBadSignature) {
			t.Fatalf("other table: %v", err)
		}
	})
}

func TestRecipients(t *testing.T) {
	holders := []engine.Seat{0, 1, 2, 3}
	cases := []struct {
		name   string
		v      Viewers
		from   engine.Seat
		public bool
		to     []engine.Seat
	}{
		{"public", Everyone(), 0, true, nil},
		{"drawer only, from another", Only(2), 0, false, []engine.Seat{2}},
		{"drawer only, from the drawer", Only(2), 2, false, nil},
		{"all but holder", AllBut([]engine.Seat{0, 1, 2, 3, 4}, 1), 0, false, []engine.Seat{2, 3}},
		{"bot seat only", Only(4), 0, false, nil},
		{"nobody", Only(), 3, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pub, to := Recipients(c.v, holders, c.from)
			if pub != c.public || !slices.Equal(to, c.to) {
				t.Fatalf("got %v %v, want %v %v", pub, to, c.public, c.to)
			}
		})
	}
}

// A card facing outward: its holder receives no token for it, and everything it does hold (its
// own key, the public chain, every other card's tokens) unmasks it to no card of the deck.
func TestHolderCannotOpenOwnCard(t *testing.T) {
	tb := newTable(t, 12, 4, 8)
	ps, peers := pages(t, tb)
	const holder, h = 2, 5
	for _, from := range tb.holders {
		out, err := SendTokens(tb.rand, tb.keys[from], ps[from].box, tb.sc, peers, tb.final[h], h, "deal", AllBut(tb.holders, holder), tb.holders)
		if err != nil {
			t.Fatal(err)
		}
		if out.Public != nil || out.Own != nil && from == holder {
			t.Fatalf("seat %d produced a token its holder keeps", from)
		}
		for _, env := range out.Sealed {
			if env.To == holder {
				t.Fatalf("seat %d sealed a token to the card's holder", from)
			}
		}
	}
	own, _ := tb.keys[holder].Token(tb.rand, tb.sc, tb.final[h], h, "deal")
	m, _ := tb.final[h].C2.element()
	te, _ := own.T.element()
	if _, err := tb.deck.Lookup(pointOf(m.Subtract(m, te))); !errors.Is(err, ErrUnknownCard) {
		t.Fatalf("own token alone opened the card: %v", err)
	}
}
