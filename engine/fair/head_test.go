package fair

import (
	"encoding/hex"
	"testing"

	"miskatonic/engine"
)

// The chain is a pure function of the record: a golden head (the same natively and in wasm), a
// deal's seed left out, and any change to the table, key, a move or a commitment changes it.
func TestHeadChain(t *testing.T) {
	var id [32]byte
	id[0] = 7
	host := NewIdentity(id)
	table := []byte("0123456789abcdef")
	c := [32]byte{9}
	deal := engine.DealMove([32]byte{1})
	chain := func(table, key []byte, mv engine.Move, c [32]byte) [32]byte {
		h := HeadStart(table, key)
		h = HeadNext(h, deal, &c)
		h = HeadNext(h, mv, nil)
		return HeadPending(h, 2, c)
	}
	mv := engine.Move{Seat: 1, Kind: "give", To: 2}
	got := chain(table, host.Public(), mv, c)
	const golden = "5403eb383c18a62bbe82d29d3e007e7aa6534d4d7c8a8acd82a99b83eb5aca7b"
	if hex.EncodeToString(got[:]) != golden {
		t.Fatalf("head %x, want %s", got, golden)
	}
	seedless := deal
	seedless.Seed = ""
	if h := HeadNext(HeadStart(table, host.Public()), seedless, &c); h != HeadNext(HeadStart(table, host.Public()), deal, &c) {
		t.Fatal("a deal's seed changed the chain")
	}
	for name, other := range map[string][32]byte{
		"table":  chain([]byte("0123456789abcdeF"), host.Public(), mv, c),
		"key":    chain(table, NewIdentity([32]byte{8}).Public(), mv, c),
		"move":   chain(table, host.Public(), engine.Move{Seat: 1, Kind: "give", To: 3}, c),
		"commit": chain(table, host.Public(), mv, [32]byte{10}),
	} {
		if other == got {
			t.Errorf("another %s, the same head", name)
		}
	}
	if code := host.SignHead(table, 3, got).Code(); code != "KQB6-WOB4" {
		t.Fatalf("code %s", code)
	}
}

// Two heads the host signed for one table and seq that differ prove it lied; anything else
// (the same head, another seq, another table, a broken or another key's signature) proves
// nothing.
func TestEquivocation(t *testing.T) {
	host, other := NewIdentity([32]byte{1}), NewIdentity([32]byte{2})
	table := []byte("table-id-16bytes")
	a := host.SignHead(table, 5, [32]byte{1})
	b := host.SignHead(table, 5, [32]byte{2})
	if !a.Valid() || !b.Valid() || !Equivocation(a, b) {
		t.Fatal("two signed heads for seq 5 prove nothing")
	}
	broken := b
	broken.Sig = append([]byte(nil), b.Sig...)
	broken.Sig[3] ^= 1
	for name, x := range map[string]SignedHead{
		"same head":     host.SignHead(table, 5, [32]byte{1}),
		"another seq":   host.SignHead(table, 6, [32]byte{2}),
		"another table": host.SignHead([]byte("table-id-16bytez"), 5, [32]byte{2}),
		"another key":   other.SignHead(table, 5, [32]byte{2}),
		"broken sig":    broken,
	} {
		if Equivocation(a, x) {
			t.Errorf("%s: a proof from nothing", name)
		}
	}
	if a.Code() == b.Code() || len(a.Code()) != 9 {
		t.Fatalf("codes %q %q", a.Code(), b.Code())
	}
}
