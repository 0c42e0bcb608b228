package mask

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

func recordOf(t *testing.T, tb *table) DealRecord {
	t.Helper()
	r := DealRecord{Scope: tb.sc, Steps: tb.steps, Sigmas: tb.sigmas}
	for _, s := range tb.holders {
		pk, err := tb.keys[s].Public(tb.rand, tb.sc)
		if err != nil {
			t.Fatal(err)
		}
		r.Keys = append(r.Keys, pk)
	}
	op := PublicOpening{Handle: 2, Purpose: "discard"}
	for _, s := range tb.holders {
		tok, _ := tb.keys[s].Token(tb.rand, tb.sc, tb.final[2], 2, "discard")
		op.Tokens = append(op.Tokens, tok)
	}
	r.Openings = []PublicOpening{op}
	// Through JSON, as a saved record travels.
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back DealRecord
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	return back
}

func TestDealRecord(t *testing.T) {
	tb := newTable(t, 31, 4, 10)
	honest := recordOf(t, tb)
	order, err := honest.Verify(tb.deck)
	if err != nil {
		t.Fatalf("honest record: %v", err)
	}
	if order[2] != tb.open(t, 2, "x") {
		t.Fatal("record's order disagrees with the cards")
	}
	cases := []struct {
		name   string
		change func(r *DealRecord)
		want   error
	}{
		{"a holder skipped its shuffle", func(r *DealRecord) { r.Steps = r.Steps[:3] }, ErrBadDeck},
		{"public token shifted", func(r *DealRecord) {
			tok := &r.Openings[0].Tokens[1]
			tok.T = bump(tok.T)
		}, ErrBadProof},
		{"σ withheld", func(r *DealRecord) { delete(r.Sigmas, 2) }, ErrCheat},
		{"opening of a card beyond the deck", func(r *DealRecord) { r.Openings[0].Handle = 10 }, ErrBadDeck},
		{"token missing", func(r *DealRecord) { r.Openings[0].Tokens = r.Openings[0].Tokens[1:] }, ErrIncomplete},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := recordOf(t, tb)
			r.Sigmas = maps(r.Sigmas)
			r.Openings = slices.Clone(r.Openings)
			r.Openings[0].Tokens = slices.Clone(r.Openings[0].Tokens)
			c.change(&r)
			if _, err := r.Verify(tb.deck); !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
}

func maps[K comparable, V any](m map[K]V) map[K]V {
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
