package sigcheck

import (
	"crypto/ed25519"
	"math/rand/v2"
	"testing"

	"filippo.io/edwards25519"
)

// TestSmallOrderList: the listed y coordinates are exactly those of the eight points of order
// dividing 8.
func TestSmallOrderList(t *testing.T) {
	points := map[string]bool{}
	for _, y := range smallOrderY {
		for sign := byte(0); sign < 2; sign++ {
			b := y
			b[31] |= sign << 7
			pt, err := edwards25519.NewIdentityPoint().SetBytes(b[:])
			if err != nil {
				t.Fatalf("%x is no point: %v", b, err)
			}
			if edwards25519.NewIdentityPoint().MultByCofactor(pt).Equal(edwards25519.NewIdentityPoint()) != 1 {
				t.Fatalf("%x: [8]P is not the identity", b)
			}
			points[string(pt.Bytes())] = true
		}
	}
	if len(points) != 8 {
		t.Fatalf("%d small-order points listed, want 8", len(points))
	}
	// And a point of prime order is not among them, nor is one with a torsion part.
	pub := keyFrom(rand.New(rand.NewPCG(1, 2))).Public().(ed25519.PublicKey)
	if smallOrder(pub) || !primeOrder(pub) {
		t.Fatal("an honest key is refused")
	}
	A, _ := edwards25519.NewIdentityPoint().SetBytes(pub)
	if primeOrder(edwards25519.NewIdentityPoint().Add(A, torsion8).Bytes()) {
		t.Fatal("a key with a torsion part passed as of prime order")
	}
}

// TestEdgeCases: Verify gives crypto/ed25519's verdict on every edge case, each case is the
// kind it is named for, and only honest-shaped signatures (canonical, no small order, no
// torsion on the key) count as plain: everything where Ed25519 implementations are known to
// differ is left to Go.
func TestEdgeCases(t *testing.T) {
	cs := EdgeCases()
	plain := map[string]bool{"honest": true, "other message": true, "R with a torsion part": true,
		"edge honest": true, "R off the curve": true, "R flipped sign bit": true}
	accepted := map[string]bool{"honest": true, "edge honest": true, "R the identity (small order)": true,
		"A with a torsion part, k mod 8 zero true": true}
	names := map[string]bool{}
	for _, c := range cs {
		names[c.Name] = true
		if got := Verify(c.Pub, c.Msg, c.Sig); got != c.Go {
			t.Errorf("%s: Verify %v, crypto/ed25519 %v", c.Name, got, c.Go)
		}
		if got := VerifyNow(c.Pub, c.Msg, c.Sig); got != c.Go {
			t.Errorf("%s: VerifyNow %v, crypto/ed25519 %v", c.Name, got, c.Go)
		}
		if got := Plain(c.Pub, c.Sig); got != plain[c.Name] {
			t.Errorf("%s: plain %v, want %v", c.Name, got, plain[c.Name])
		}
		// Keys of small order take signatures made with no secret: Go accepts them all.
		want := accepted[c.Name] || len(c.Name) > 13 && c.Name[:13] == "A small order" || len(c.Name) > 15 && c.Name[:15] == "A non-canonical"
		if c.Go != want {
			t.Errorf("%s: crypto/ed25519 says %v, the case was made for %v", c.Name, c.Go, want)
		}
	}
	for _, n := range []string{"A with a torsion part, k mod 8 zero true", "A with a torsion part, k mod 8 zero false",
		"A small order #0 sign 0", "A small order #1 sign 1", "A non-canonical y = 1 + p", "S + L (malleable S)"} {
		if !names[n] {
			t.Errorf("no case %q", n)
		}
	}
}

// cofactored is an Ed25519 verifier that checks [8]([S]B - [k]A - R) = 0, as RFC 8032 allows:
// it accepts signatures Go refuses.
func cofactored(pub, msg, sig []byte) (bool, bool) {
	A, err := edwards25519.NewIdentityPoint().SetBytes(pub)
	if err != nil {
		return false, true
	}
	R, err := edwards25519.NewIdentityPoint().SetBytes(sig[:32])
	if err != nil {
		return false, true
	}
	S, err := edwards25519.NewScalar().SetCanonicalBytes(sig[32:])
	if err != nil {
		return false, true
	}
	k := challenge(sig[:32], pub, msg)
	d := edwards25519.NewIdentityPoint().VarTimeDoubleScalarBaseMult(edwards25519.NewScalar().Negate(k), A, S)
	d.Subtract(d, R)
	return d.MultByCofactor(d).Equal(edwards25519.NewIdentityPoint()) == 1, true
}

// TestSelfTestRefusesOtherRules: the self-test turns off a verifier that is cofactored, one that
// accepts everything, one that refuses everything and one that never answers; Go's own passes.
func TestSelfTestRefusesOtherRules(t *testing.T) {
	for name, v := range map[string]func(pub, msg, sig []byte) (bool, bool){
		"cofactored":  cofactored,
		"accepts all": func(_, _, _ []byte) (bool, bool) { return true, true },
		"refuses all": func(_, _, _ []byte) (bool, bool) { return false, true },
		"silent":      func(_, _, _ []byte) (bool, bool) { return false, false },
	} {
		if SelfTest(v) == "" {
			t.Errorf("%s passed the self-test", name)
		}
	}
	if why := SelfTest(func(pub, msg, sig []byte) (bool, bool) { return ed25519.Verify(pub, msg, sig), true }); why != "" {
		t.Errorf("crypto/ed25519 failed the self-test: %s", why)
	}
}

// TestVerifyRandom: on random keys, messages and damaged signatures Verify is crypto/ed25519.
func TestVerifyRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		priv := keyFrom(r)
		pub := priv.Public().(ed25519.PublicKey)
		msg := make([]byte, r.IntN(100))
		for j := range msg {
			msg[j] = byte(r.Uint32())
		}
		sig := ed25519.Sign(priv, msg)
		if i%2 == 1 {
			sig[r.IntN(64)] ^= byte(1 << r.IntN(8))
		}
		if Verify(pub, msg, sig) != ed25519.Verify(pub, msg, sig) {
			t.Fatalf("case %d: Verify and crypto/ed25519 differ", i)
		}
	}
	if Verify(make([]byte, 31), nil, make([]byte, 64)) || Verify(make([]byte, 32), nil, make([]byte, 63)) {
		t.Fatal("a key or signature of the wrong length verified")
	}
}

// FuzzVerify: Verify is crypto/ed25519 on any bytes.
func FuzzVerify(f *testing.F) {
	for _, c := range EdgeCases() {
		f.Add(c.Pub, c.Msg, c.Sig)
	}
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		if len(pub) != 32 || len(sig) != 64 {
			if Verify(pub, msg, sig) {
				t.Fatal("wrong lengths verified")
			}
			return
		}
		if Verify(pub, msg, sig) != ed25519.Verify(pub, msg, sig) {
			t.Fatal("Verify and crypto/ed25519 differ")
		}
		_ = Plain(pub, sig)
	})
}

func keyFrom(r *rand.Rand) ed25519.PrivateKey {
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = byte(r.Uint32())
	}
	return ed25519.NewKeyFromSeed(seed)
}

// TestInv8 pins the written-out 8⁻¹: 8·inv8 is 1 mod L, and it is what Invert gives.
func TestInv8(t *testing.T) {
	var b [32]byte
	b[0] = 8
	eight := mustScalar(b)
	b[0] = 1
	if got := edwards25519.NewScalar().Multiply(eight, inv8); got.Equal(mustScalar(b)) != 1 {
		t.Errorf("8·inv8 = %x, want 1", got.Bytes())
	}
	if edwards25519.NewScalar().Invert(eight).Equal(inv8) != 1 {
		t.Error("inv8 is not Invert(8)")
	}
}

// TestAnyS pins the written-out anyS to the scalar it was made from.
func TestAnyS(t *testing.T) {
	var u [64]byte
	u[0], u[17], u[40] = 7, 99, 201
	s, _ := edwards25519.NewScalar().SetUniformBytes(u[:])
	if s.Equal(anyS) != 1 {
		t.Errorf("anyS = %x, want %x", anyS.Bytes(), s.Bytes())
	}
}
