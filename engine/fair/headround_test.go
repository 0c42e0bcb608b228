package fair

import "testing"

// An honest restart signs a second head at one seq, one round on: the two prove nothing; two
// heads of one round still do, and a round is bound into the signature.
func TestHeadRounds(t *testing.T) {
	var seed [32]byte
	seed[0] = 7
	host := NewIdentity(seed)
	table := []byte("table-id-16bytes")
	r0 := host.SignHeadRound(table, 5, [32]byte{1}, 0)
	r1 := host.SignHeadRound(table, 5, [32]byte{2}, 1)
	r1b := host.SignHeadRound(table, 5, [32]byte{3}, 1)
	if !r0.Valid() || !r1.Valid() || !r1b.Valid() {
		t.Fatal("a signed head does not verify")
	}
	if Equivocation(r0, r1) {
		t.Fatal("a restart's head proves two stories")
	}
	if !Equivocation(r1, r1b) {
		t.Fatal("two heads of one round prove nothing")
	}
	if old := host.SignHead(table, 5, [32]byte{1}); string(old.Sig) != string(r0.Sig) {
		t.Fatal("round 0 is not the head signed before rounds")
	}
	moved := r1
	moved.Round = 0
	if moved.Valid() || Equivocation(moved, r0) {
		t.Fatal("a head's round can be changed without its key")
	}
}
