package mask

import (
	"encoding/binary"
	"fmt"
	"io"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// reader is a seeded io.Reader: every test is reproducible.
type reader struct{ r *rng.Rand }

func (rd reader) Read(p []byte) (int, error) {
	var b [8]byte
	for i := 0; i < len(p); i += 8 {
		binary.LittleEndian.PutUint64(b[:], rd.r.Uint64())
		copy(p[i:], b[:])
	}
	return len(p), nil
}

func seeded(n uint64) io.Reader { return reader{rng.FromInt(n)} }

func testCards(n int) []CardID {
	out := make([]CardID, n)
	for i := range out {
		out[i] = CardID{Game: "test", ID: fmt.Sprintf("card-%d", i/2), Copy: i % 2}
	}
	return out
}

// table is one honest deal: keys, a full shuffle chain, the final deck.
type table struct {
	sc      Scope
	deck    *Deck
	holders []engine.Seat
	keys    map[engine.Seat]*Key
	ks      *KeySet
	pubs    []PublicKey
	sigmas  map[engine.Seat]Hash
	steps   []Step
	final   []Masked
	rand    io.Reader
}

func newTable(t testing.TB, seed uint64, players, cards int) *table {
	t.Helper()
	rd := seeded(seed)
	deck, err := NewDeck(testCards(cards))
	if err != nil {
		t.Fatal(err)
	}
	tb := &table{sc: Scope{Table: []byte("table-1"), Deal: seed}, deck: deck, keys: map[engine.Seat]*Key{}, sigmas: map[engine.Seat]Hash{}, rand: rd}
	var pubs []PublicKey
	for s := range engine.Seat(players) {
		k, err := NewKey(rd, s)
		if err != nil {
			t.Fatal(err)
		}
		pk, err := k.Public(rd, tb.sc)
		if err != nil {
			t.Fatal(err)
		}
		tb.keys[s], pubs = k, append(pubs, pk)
		tb.holders = append(tb.holders, s)
	}
	tb.pubs = pubs
	if tb.ks, err = NewKeySet(tb.sc, pubs); err != nil {
		t.Fatal(err)
	}
	cur := deck.Initial()
	for _, s := range tb.holders {
		var sigma Hash
		_, _ = io.ReadFull(rd, sigma[:])
		tb.sigmas[s] = sigma
		if cur, err = Shuffle(tb.sc, s, sigma, tb.ks.Joint(), cur); err != nil {
			t.Fatal(err)
		}
		tb.steps = append(tb.steps, Step{Seat: s, Commit: Commit(tb.sc, s, sigma), Deck: cur})
	}
	tb.final = cur
	return tb
}

// open gathers every holder's token for one card and unmasks it.
func (tb *table) open(t testing.TB, handle int, purpose string) int {
	t.Helper()
	o := tb.ks.NewOpening(tb.final[handle], handle, purpose)
	for _, s := range tb.holders {
		tok, err := tb.keys[s].Token(tb.rand, tb.sc, tb.final[handle], handle, purpose)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Add(tok); err != nil {
			t.Fatal(err)
		}
	}
	c, err := o.Card(tb.deck)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
