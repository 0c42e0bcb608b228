package sigcheck

import (
	"crypto/ed25519"
	"crypto/sha512"
	"fmt"

	"filippo.io/edwards25519"
)

// A Case is a signature with crypto/ed25519's verdict on it.
type Case struct {
	Name          string
	Pub, Msg, Sig []byte
	Go            bool // crypto/ed25519.Verify's answer
}

// torsion8 is a point of order 8 (y = smallOrderY[3]).
var torsion8 = func() *edwards25519.Point {
	t, err := edwards25519.NewIdentityPoint().SetBytes(smallOrderY[3][:])
	if err != nil {
		panic(err)
	}
	return t
}()

// signer is an Ed25519 key taken apart (RFC 8032 5.1.5), so signatures Go would never make can
// be made with it.
type signer struct {
	a      *edwards25519.Scalar
	prefix []byte
	pub    []byte
}

func newSigner(seed []byte) signer {
	h := sha512.Sum512(seed)
	a, err := edwards25519.NewScalar().SetBytesWithClamping(h[:32])
	if err != nil {
		panic(err)
	}
	return signer{a: a, prefix: h[32:], pub: edwards25519.NewGeneratorPoint().ScalarBaseMult(a).Bytes()}
}

// sign makes an RFC 8032 signature, with R moved by the point shift (nil: an honest signature)
// and the challenge hashed over pub (which may differ from the key's own point).
func (s signer) sign(msg []byte, shift *edwards25519.Point, pub []byte) []byte {
	rh := sha512.New()
	rh.Write(s.prefix)
	rh.Write(msg)
	r, _ := edwards25519.NewScalar().SetUniformBytes(rh.Sum(nil))
	R := edwards25519.NewIdentityPoint().ScalarBaseMult(r)
	if shift != nil {
		R.Add(R, shift)
	}
	kh := sha512.New()
	kh.Write(R.Bytes())
	kh.Write(pub)
	kh.Write(msg)
	k, _ := edwards25519.NewScalar().SetUniformBytes(kh.Sum(nil))
	S := edwards25519.NewScalar().MultiplyAdd(k, s.a, r)
	return append(R.Bytes(), S.Bytes()...)
}

// selfTestCases are the signatures the browser's Ed25519 must answer as Go does before it is
// used: an honest one, one over another message, and one whose R carries a point of order 8
// (a cofactored check accepts it, Go does not).
func selfTestCases() []Case {
	s := newSigner([]byte("miskatonic sigcheck self-test key"))
	msg := []byte("miskatonic sigcheck self-test")
	good := s.sign(msg, nil, s.pub)
	return []Case{
		{Name: "honest", Pub: s.pub, Msg: msg, Sig: good, Go: true},
		{Name: "other message", Pub: s.pub, Msg: []byte("miskatonic sigcheck self-tesT"), Sig: good, Go: false},
		{Name: "R with a torsion part", Pub: s.pub, Msg: msg, Sig: s.sign(msg, torsion8, s.pub), Go: false},
	}
}

// challenge is k = SHA-512(R || A || M) mod L.
func challenge(r, pub, msg []byte) *edwards25519.Scalar {
	h := sha512.New()
	h.Write(r)
	h.Write(pub)
	h.Write(msg)
	k, _ := edwards25519.NewScalar().SetUniformBytes(h.Sum(nil))
	return k
}

// kMod8 is k mod 8 (k·T for T of order 8 depends on it alone).
func kMod8(k *edwards25519.Scalar) int { return int(k.Bytes()[0] & 7) }

// anyS is a fixed scalar for signatures made without a key: the one SetUniformBytes makes of
// 7, 99 and 201 at bytes 0, 17 and 40 (TestAnyS), written out so no page reduces it at start.
var anyS = mustScalar([32]byte{0xf4, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0x86, 0x4b, 0xc1, 0xd2, 0xae, 0xfe, 0xe1, 0xad,
	0x4d, 0x1e, 0x5e, 0xb9, 0x20, 0x03, 0xdd, 0xce, 0xf9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f})

// overKey signs msg for a key whose point is T (any point, small-order ones included) with no
// secret: R = [S]B - [k]T, searching R's torsion part until k matches it (k·T depends on k mod
// 8 only, so at most a few dozen tries).
func overKey(pub []byte, t *edwards25519.Point, msg []byte) []byte {
	sB := edwards25519.NewGeneratorPoint().ScalarBaseMult(anyS)
	for j := 0; j < 64; j++ {
		var jb [32]byte
		jb[0] = byte(j % 8)
		js, _ := edwards25519.NewScalar().SetCanonicalBytes(jb[:])
		jt := edwards25519.NewIdentityPoint().ScalarMult(js, t)
		r := edwards25519.NewIdentityPoint().Subtract(sB, jt)
		m := append(fmt.Appendf(nil, "%d:", j), msg...)
		if k := challenge(r.Bytes(), pub, m); kMod8(k) == j%8 {
			return append(append(r.Bytes(), anyS.Bytes()...), m...)
		}
	}
	panic("sigcheck: no signature over the key found")
}

// EdgeCases are signatures at Ed25519's edges, where implementations are known to differ
// (Henry de Valence, "It's 255:19AM", and Chalkias et al., "Taming the many EdDSAs"): each with
// crypto/ed25519's verdict, which Verify must give whoever does the arithmetic. Plain(c.Pub,
// c.Sig) says which of them may go to another implementation at all.
func EdgeCases() []Case {
	s := newSigner([]byte("miskatonic sigcheck edge-case key"))
	msg := []byte("move 12: play the Orb")
	good := s.sign(msg, nil, s.pub)
	A, _ := edwards25519.NewIdentityPoint().SetBytes(s.pub)
	cs := selfTestCases()
	cs = append(cs,
		Case{Name: "edge honest", Pub: s.pub, Msg: msg, Sig: good},
		Case{Name: "S + L (malleable S)", Pub: s.pub, Msg: msg, Sig: addL(good)},
		Case{Name: "S with its top bits set", Pub: s.pub, Msg: msg, Sig: withByte(good, 63, good[63]|0x80)},
		Case{Name: "R flipped sign bit", Pub: s.pub, Msg: msg, Sig: withByte(good, 31, good[31]^0x80)},
		Case{Name: "R off the curve", Pub: s.pub, Msg: msg, Sig: append(offCurve(), good[32:]...)},
	)
	// R of small order: S = k·a makes [S]B - [k]A the identity.
	id := edwards25519.NewIdentityPoint().Bytes()
	k := challenge(id, s.pub, msg)
	cs = append(cs, Case{Name: "R the identity (small order)", Pub: s.pub, Msg: msg,
		Sig: append(id, edwards25519.NewScalar().Multiply(k, s.a).Bytes()...)})
	// R non-canonical: the identity as y = 1 + p.
	cs = append(cs, Case{Name: "R the identity, non-canonical", Pub: s.pub, Msg: msg,
		Sig: append(nonCanonical(1), edwards25519.NewScalar().Multiply(k, s.a).Bytes()...)})
	// Keys of small order, and written non-canonically: signatures with no secret at all.
	for i, y := range smallOrderY {
		for sign := byte(0); sign < 2; sign++ {
			pub := y
			pub[31] |= sign << 7
			t, err := edwards25519.NewIdentityPoint().SetBytes(pub[:])
			if err != nil {
				continue
			}
			cs = append(cs, keyCase(fmt.Sprintf("A small order #%d sign %d", i, sign), pub[:], t))
		}
	}
	for _, y := range []byte{0, 1} {
		pub := nonCanonical(y)
		if t, err := edwards25519.NewIdentityPoint().SetBytes(pub); err == nil {
			cs = append(cs, keyCase(fmt.Sprintf("A non-canonical y = %d + p", y), pub, t))
		}
	}
	// A key with a torsion part: signed by its owner, valid for Go only when k ≡ 0 mod 8.
	mixed := edwards25519.NewIdentityPoint().Add(A, torsion8).Bytes()
	for i, want0 := 0, 0; want0 < 2 && i < 256; i++ {
		m := fmt.Appendf(nil, "mixed %d", i)
		sig := s.sign(m, nil, mixed)
		zero := kMod8(challenge(sig[:32], mixed, m)) == 0
		if zero == (want0 == 0) {
			cs = append(cs, Case{Name: fmt.Sprintf("A with a torsion part, k mod 8 zero %v", zero), Pub: mixed, Msg: m, Sig: sig})
			want0++
		}
	}
	cs = append(cs, Case{Name: "A off the curve", Pub: offCurve(), Msg: msg, Sig: good})
	for i := range cs {
		cs[i].Go = ed25519.Verify(cs[i].Pub, cs[i].Msg, cs[i].Sig)
	}
	return cs
}

func keyCase(name string, pub []byte, t *edwards25519.Point) Case {
	b := overKey(pub, t, []byte("no secret"))
	return Case{Name: name, Pub: pub, Sig: b[:64], Msg: b[64:]}
}

func withByte(b []byte, i int, v byte) []byte {
	c := append([]byte(nil), b...)
	c[i] = v
	return c
}

// addL is the signature with S + L in place of S (the same S mod L).
func addL(sig []byte) []byte {
	l := [32]byte{0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10}
	c := append([]byte(nil), sig...)
	carry := 0
	for i := 0; i < 32; i++ {
		v := int(c[32+i]) + int(l[i]) + carry
		c[32+i], carry = byte(v), v>>8
	}
	return c
}

// nonCanonical is y + p for a small y.
func nonCanonical(y byte) []byte {
	b := p
	v := int(b[0]) + int(y)
	b[0] = byte(v)
	for i := 1; v > 255 && i < 32; i++ {
		v = int(b[i]) + 1
		b[i] = byte(v)
	}
	return b[:]
}

// offCurve is the first y = 2, 3, … that is no point's.
func offCurve() []byte {
	for y := byte(2); ; y++ {
		var b [32]byte
		b[0] = y
		if _, err := edwards25519.NewIdentityPoint().SetBytes(b[:]); err != nil {
			return b[:]
		}
	}
}

// SelfTest is selfTest's rule, for any verifier: "" if verify answered every self-test
// signature as crypto/ed25519 does, else why not.
func SelfTest(verify func(pub, msg, sig []byte) (ok, answered bool)) string {
	for _, tc := range selfTestCases() {
		want := ed25519.Verify(tc.Pub, tc.Msg, tc.Sig)
		if got, answered := verify(tc.Pub, tc.Msg, tc.Sig); !answered || got != want {
			return fmt.Sprintf("answered %q with %v (answered %v), Go with %v", tc.Name, got, answered, want)
		}
	}
	return ""
}
