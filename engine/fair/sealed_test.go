package fair

import (
	"bytes"
	"testing"

	"miskatonic/engine"
)

// TestSealMove checks the commitment to a sealed move binds every field it must: the move,
// the nonce, the round and the table; and that its signature binds the seat and round.
func TestSealMove(t *testing.T) {
	table := bytes.Repeat([]byte{1}, 16)
	nonce := bytes.Repeat([]byte{2}, 32)
	m := engine.Move{Seat: 1, Kind: "bid", N: 2}
	c := SealMove(table, 4, m, nonce)
	if !OpensPledge(table, 4, m, nonce, c) {
		t.Fatal("an honest opening is refused")
	}
	other := m
	other.N = 3
	otherSeat := m
	otherSeat.Seat = 2
	cases := map[string]bool{
		"another move":  OpensPledge(table, 4, other, nonce, c),
		"another seat":  OpensPledge(table, 4, otherSeat, nonce, c),
		"another nonce": OpensPledge(table, 4, m, bytes.Repeat([]byte{3}, 32), c),
		"another round": OpensPledge(table, 5, m, nonce, c),
		"another table": OpensPledge(bytes.Repeat([]byte{9}, 16), 4, m, nonce, c),
	}
	for name, ok := range cases {
		if ok {
			t.Errorf("%s opens the commitment", name)
		}
	}
	id := NewIdentity([32]byte{5})
	sig := id.SignPledge(table, 4, 1, c)
	if !VerifyPledge(id.Public(), table, 4, 1, c, sig) {
		t.Fatal("an honest pledge signature is refused")
	}
	if VerifyPledge(id.Public(), table, 4, 2, c, sig) || VerifyPledge(id.Public(), table, 5, 1, c, sig) || VerifyPledge(NewIdentity([32]byte{6}).Public(), table, 4, 1, c, sig) {
		t.Fatal("a pledge signature verifies for another seat, round or key")
	}
}

// BenchmarkSealedRoundSeat is one seat's share of a sealed round: commit and sign (the seat),
// verify the signature and the opening (the host, and again each guest's replay).
func BenchmarkSealedRoundSeat(b *testing.B) {
	table := bytes.Repeat([]byte{1}, 16)
	nonce := bytes.Repeat([]byte{2}, 32)
	id := NewIdentity([32]byte{5})
	m := engine.Move{Seat: 1, Kind: "send", Card: 12, Option: "library"}
	for i := 0; i < b.N; i++ {
		c := SealMove(table, i, m, nonce)
		sig := id.SignPledge(table, i, 1, c)
		if !VerifyPledge(id.Public(), table, i, 1, c, sig) || !OpensPledge(table, i, m, nonce, c) {
			b.Fatal("refused")
		}
	}
}
