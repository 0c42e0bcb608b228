package nostr

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"
)

var bigP = hexInt("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")

func (a fe) big() *big.Int { return new(big.Int).SetBytes(a.bytes()) }

func feOf(n *big.Int) fe { return feFromBytes(new(big.Int).Mod(n, bigP).FillBytes(make([]byte, 32))) }

// checkField compares every operation on a and b with math/big's modulo p.
func checkField(t *testing.T, a, b fe) {
	t.Helper()
	x, y := a.big(), b.big()
	mod := func(n *big.Int) *big.Int { return n.Mod(n, bigP) }
	cases := []struct {
		name string
		got  fe
		want *big.Int
	}{
		{"add", feAdd(a, b), mod(new(big.Int).Add(x, y))},
		{"sub", feSub(a, b), mod(new(big.Int).Sub(x, y))},
		{"mul", feMul(a, b), mod(new(big.Int).Mul(x, y))},
		{"sqr", feSqr(a), mod(new(big.Int).Mul(x, x))},
	}
	if !a.isZero() {
		cases = append(cases, struct {
			name string
			got  fe
			want *big.Int
		}{"inv", feInv(a), new(big.Int).ModInverse(x, bigP)})
	}
	for _, c := range cases {
		if c.got.big().Cmp(c.want) != 0 {
			t.Fatalf("%s(%x, %x) = %x, want %x", c.name, x, y, c.got.big(), c.want)
		}
	}
}

// TestFieldAgreesWithBig: the limb arithmetic against math/big on the edges (0, 1, p−1, values
// near 2²⁵⁶ and 2¹²⁸, limbs all ones) and on seeded random elements.
func TestFieldAgreesWithBig(t *testing.T) {
	one := big.NewInt(1)
	edges := []*big.Int{
		big.NewInt(0), one, big.NewInt(2), big.NewInt(977), new(big.Int).Sub(bigP, one), new(big.Int).Sub(bigP, big.NewInt(2)),
		new(big.Int).Lsh(one, 255), new(big.Int).Sub(new(big.Int).Lsh(one, 128), one), new(big.Int).Lsh(one, 64),
		new(big.Int).Sub(new(big.Int).Lsh(one, 256), new(big.Int).Lsh(one, 33)), hexInt("1000003D1"),
	}
	for _, x := range edges {
		for _, y := range edges {
			checkField(t, feOf(x), feOf(y))
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var a, b fe
		for i := range 4 {
			a[i], b[i] = r.Uint64(), r.Uint64()
		}
		checkField(t, feOf(a.big()), feOf(b.big())) // reduced first: elements are always < p
	}
}

// FuzzField: any two elements, the same check.
func FuzzField(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(append(bigP.FillBytes(make([]byte, 32)), bigP.FillBytes(make([]byte, 32))...))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 64 {
			return
		}
		checkField(t, feOf(new(big.Int).SetBytes(b[:32])), feOf(new(big.Int).SetBytes(b[32:64])))
	})
}

// BenchmarkSchnorrSign is BIP-340 signing alone (the key's sign, on math/big).
func BenchmarkSchnorrSign(b *testing.B) {
	k, err := newKey()
	if err != nil {
		b.Fatal(err)
	}
	m := bytes.Repeat([]byte{7}, 32)
	for b.Loop() {
		if _, err := k.sign(m, m); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCurveConstants pins schnorr.go's generator, written as limbs, to secp256k1's G in SEC 2's
// hex, and n to its order: a wrong limb would sign and verify nothing a relay accepts.
func TestCurveConstants(t *testing.T) {
	for _, c := range []struct {
		name string
		got  fe
		hex  string
	}{
		{"Gx", curveGx, "79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798"},
		{"Gy", curveGy, "483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8"},
	} {
		if want := feFromBytes(hexInt(c.hex).FillBytes(make([]byte, 32))); c.got != want {
			t.Errorf("%s = %x, want %x", c.name, c.got, want)
		}
	}
	if curveN.Text(16) != "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141" {
		t.Errorf("n = %x", curveN)
	}
}

// hexInt parses a hex constant of the tests.
func hexInt(s string) *big.Int {
	n, _ := new(big.Int).SetString(s, 16)
	return n
}

// feFromBytes reads a 32-byte big-endian number (below p: callers pass field elements);
// only the tests read field elements from bytes since the curve's constants are written out.
func feFromBytes(b []byte) fe {
	var r fe
	for i := range 4 {
		for _, c := range b[24-8*i : 32-8*i] {
			r[i] = r[i]<<8 | uint64(c)
		}
	}
	return r
}
