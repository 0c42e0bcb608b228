package mask

import (
	"testing"

	"filippo.io/edwards25519"
)

// The table agrees with the library's ScalarMult (and, read in variable time, with
// VarTimeDoubleScalarBaseMult) for random points and scalars, and for the edge scalars (0, 1, small, ℓ−1, and ones with every digit at the carry boundary).
func TestFixedBaseMatchesScalarMult(t *testing.T) {
	rd := seeded(5)
	edge := []*edwards25519.Scalar{edwards25519.NewScalar(), scalarOne}
	for _, v := range []byte{2, 7, 8, 9, 15, 16, 0x88} {
		var b [32]byte
		b[0] = v
		s, _ := edwards25519.NewScalar().SetCanonicalBytes(b[:])
		edge = append(edge, s)
	}
	minusOne := edwards25519.NewScalar().Negate(scalarOne)
	edge = append(edge, minusOne)
	var eights [32]byte
	for i := range eights {
		eights[i] = 0x88
	}
	eights[31] = 0x08
	s88, _ := edwards25519.NewScalar().SetCanonicalBytes(eights[:])
	edge = append(edge, s88)
	for trial := range 6 {
		k, _ := NewKey(rd, 0)
		p := basePoint().ScalarBaseMult(k.x)
		if trial == 0 {
			p = basePoint()
		}
		fb := newFixedBase(p)
		scalars := append([]*edwards25519.Scalar(nil), edge...)
		for range 20 {
			s, _ := randomScalar(rd, newTranscript("test"))
			scalars = append(scalars, s)
		}
		for i, s := range scalars {
			want := identityPoint().ScalarMult(s, p)
			if got := fb.mul(s); !equalElements(got, want) || pointOf(got) != pointOf(want) {
				t.Fatalf("trial %d scalar %d: fixed-base %x, ScalarMult %x", trial, i, pointOf(got), pointOf(want))
			}
			// The verifier's variable-time a·B + b·P from the tables (verifytables.go), against
			// the library's double-scalar multiplication, with a and b from every pair kind.
			a := scalars[(i*7+3)%len(scalars)]
			want = identityPoint().VarTimeDoubleScalarBaseMult(s, p, a)
			if got := doubleBaseVarTime(a, s, fb); pointOf(got) != pointOf(want) {
				t.Fatalf("trial %d scalar %d: tables %x, VarTimeDoubleScalarBaseMult %x", trial, i, pointOf(got), pointOf(want))
			}
		}
	}
}

func TestCtEq(t *testing.T) {
	for a := int32(-9); a <= 9; a++ {
		for b := int32(-9); b <= 9; b++ {
			want := 0
			if a == b {
				want = 1
			}
			if got := ctEq(a, b); got != want {
				t.Fatalf("ctEq(%d, %d) = %d", a, b, got)
			}
		}
	}
}
