package mask

import (
	"errors"
	"strings"
	"testing"

	"miskatonic/engine"
)

// AddKnown: every token's proof is checked, as Add checks it, and then their sum must open the
// card the page knows; any other case is refused, naming the seat where a proof fails, and
// adds nothing.
func TestAddKnown(t *testing.T) {
	for _, players := range []int{3, 7} {
		tb := newTable(t, 40+uint64(players), players, 12)
		const handle, purpose = 5, "discard"
		card := tb.final[handle]
		want := tb.open(t, handle, "peek")
		honest := func() []Token {
			var out []Token
			for _, s := range tb.holders {
				tok, err := tb.keys[s].Token(tb.rand, tb.sc, card, handle, purpose)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, tok)
			}
			return out
		}
		shifted := func(toks []Token, s engine.Seat, by Point, neg bool) []Token {
			out := append([]Token(nil), toks...)
			te, _ := out[s].T.element()
			d, _ := by.element()
			if neg {
				te.Subtract(te, d)
			} else {
				te.Add(te, d)
			}
			out[s].T = pointOf(te)
			return out
		}
		other := (want + 1) % tb.deck.Len()
		delta := func() Point { // M_want − M_other: T + delta shows other instead of want
			a, _ := tb.deck.Point(want).element()
			b, _ := tb.deck.Point(other).element()
			return pointOf(a.Subtract(a, b))
		}()
		bad := func(toks []Token) []Token { out := append([]Token(nil), toks...); out[0].T = Point{0x01}; return out }

		cases := []struct {
			name string
			toks []Token
			want int
			err  error
			seat string // the seat the error names
		}{
			{"honest", honest(), want, nil, ""},
			{"one shifted token", shifted(honest(), 1, delta, false), want, ErrBadProof, "seat 1"},
			{"honest tokens, page expects another card", honest(), other, ErrBadDeck, ""},
			{"a token not a point", bad(honest()), want, ErrBadPoint, "seat 0"},
			{"a seat twice", append(honest(), honest()[0]), want, ErrDuplicate, "seat 0"},
			{"short of one holder, one shifted", shifted(honest()[:players-1], 1, delta, false), want, ErrBadProof, "seat 1"},
			{"short of one holder, honest", honest()[:players-1], want, nil, ""},
			// Two holders shifting by opposite amounts still sum to the right card: refused on
			// receipt all the same, the first unproven token named.
			{"opposite shifts by two holders", shifted(shifted(honest(), 1, delta, false), 2, delta, true), want, ErrBadProof, "seat 1"},
		}
		for _, c := range cases {
			o := tb.ks.NewOpening(card, handle, purpose)
			err := o.AddKnown(tb.deck, c.want, c.toks)
			if !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
				t.Fatalf("%d players, %s: %v, want %v", players, c.name, err, c.err)
			}
			if err != nil {
				if !strings.Contains(err.Error(), c.seat) {
					t.Fatalf("%d players, %s: %v does not name %s", players, c.name, err, c.seat)
				}
				if len(o.Missing()) != players {
					t.Fatalf("%d players, %s: refused but kept tokens", players, c.name)
				}
				continue
			}
			if len(c.toks) < players {
				continue
			}
			if got, err := o.Card(tb.deck); err != nil || got != want {
				t.Fatalf("%d players, %s: opens %d %v, want %d", players, c.name, got, err, want)
			}
		}
	}
}

// AddOwn takes only the page's own token for this card, with that seat's key of this deal.
func TestAddOwn(t *testing.T) {
	tb := newTable(t, 77, 3, 8)
	other := newTable(t, 78, 3, 8) // another deal: same seats, other keys
	const handle, purpose = 3, "draw"
	tok, err := tb.keys[1].Token(tb.rand, tb.sc, tb.final[handle], handle, purpose)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		k    *Key
		tok  Token
		want error
	}{
		{"another seat's key", tb.keys[2], tok, ErrUnknownSeat},
		{"another deal's key", other.keys[1], tok, ErrUnknownSeat},
		{"another card's token", tb.keys[1], func() Token { x := tok; x.Handle = 4; return x }(), ErrBadProof},
		{"own token altered", tb.keys[1], func() Token { x := tok; x.T = mustToken(t, tb, tb.keys[2], handle, purpose).T; return x }(), ErrBadProof},
		{"own token", tb.keys[1], tok, nil},
	} {
		o := tb.ks.NewOpening(tb.final[handle], handle, purpose)
		if err := o.AddOwn(c.k, c.tok); !errors.Is(err, c.want) || (err == nil) != (c.want == nil) {
			t.Fatalf("%s: %v, want %v", c.name, err, c.want)
		}
		if c.want == nil {
			if err := o.AddOwn(c.k, c.tok); !errors.Is(err, ErrDuplicate) {
				t.Fatalf("twice: %v", err)
			}
		}
	}
	// With every other holder's token verified, the card opens as it does with Add alone.
	o := tb.ks.NewOpening(tb.final[handle], handle, purpose)
	for _, s := range tb.holders {
		tk, _ := tb.keys[s].Token(tb.rand, tb.sc, tb.final[handle], handle, purpose)
		if s == 1 {
			err = o.AddOwn(tb.keys[s], tk)
		} else {
			err = o.Add(tk)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if got, err := o.Card(tb.deck); err != nil || got != tb.open(t, handle, "peek") {
		t.Fatalf("opens %d %v", got, err)
	}
}

// mustToken is k's token for the table's final card at handle.
func mustToken(t *testing.T, tb *table, k *Key, handle int, purpose string) Token {
	t.Helper()
	tok, err := k.Token(tb.rand, tb.sc, tb.final[handle], handle, purpose)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}
