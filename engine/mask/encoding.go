package mask

// Plain data on the wire: points, scalars and hashes are fixed 32-byte arrays that travel as
// standard base64 in JSON. Decoding a Point or a Scalar checks it is canonical, so a malformed
// value is an error at the border and never reaches the arithmetic.

import (
	"encoding/base64"
	"fmt"

	"filippo.io/edwards25519"
)

// Point is the canonical encoding of a ristretto255 element.
type Point [32]byte

// Scalar is the canonical little-endian encoding of an integer modulo the group order.
type Scalar [32]byte

// Hash is a 32-byte digest or key (a commitment, an X25519 public key).
type Hash [32]byte

func marshal32(b [32]byte) ([]byte, error) {
	out := make([]byte, base64.StdEncoding.EncodedLen(32))
	base64.StdEncoding.Encode(out, b[:])
	return out, nil
}

func unmarshal32(text []byte, what string) ([32]byte, error) {
	var out [32]byte
	if len(text) != base64.StdEncoding.EncodedLen(32) {
		return out, fmt.Errorf("mask: %s: want %d base64 characters, got %d", what, base64.StdEncoding.EncodedLen(32), len(text))
	}
	// Decode wants room for what 44 characters could hold (33 bytes) even when padding says 32.
	var buf [33]byte
	n, err := base64.StdEncoding.Strict().Decode(buf[:], text)
	if err != nil || n != 32 {
		return out, fmt.Errorf("mask: %s: bad base64", what)
	}
	copy(out[:], buf[:32])
	return out, nil
}

// MarshalText encodes p as base64.
func (p Point) MarshalText() ([]byte, error) { return marshal32(p) }

// UnmarshalText decodes base64 and refuses anything but a canonical group element.
func (p *Point) UnmarshalText(text []byte) error {
	b, err := unmarshal32(text, "point")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadPoint, err)
	}
	if _, err := decodeElement(b); err != nil {
		return err
	}
	*p = b
	return nil
}

// MarshalText encodes s as base64.
func (s Scalar) MarshalText() ([]byte, error) { return marshal32(s) }

// UnmarshalText decodes base64 and refuses a non-canonical scalar.
func (s *Scalar) UnmarshalText(text []byte) error {
	b, err := unmarshal32(text, "scalar")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadScalar, err)
	}
	if _, err := decodeScalar(b); err != nil {
		return err
	}
	*s = b
	return nil
}

// MarshalText encodes h as base64.
func (h Hash) MarshalText() ([]byte, error) { return marshal32(h) }

// UnmarshalText decodes base64.
func (h *Hash) UnmarshalText(text []byte) error {
	b, err := unmarshal32(text, "hash")
	if err != nil {
		return err
	}
	*h = b
	return nil
}

func (p Point) String() string { t, _ := p.MarshalText(); return string(t) }

// element decodes p for arithmetic.
func (p Point) element() (*edwards25519.Point, error) { return decodeElement(p) }

func pointOf(e *edwards25519.Point) Point { return Point(encodeElement(e)) }

func decodeScalar(b [32]byte) (*edwards25519.Scalar, error) {
	s, err := edwards25519.NewScalar().SetCanonicalBytes(b[:])
	if err != nil {
		return nil, ErrBadScalar
	}
	return s, nil
}

func scalarOf(s *edwards25519.Scalar) Scalar { return Scalar(s.Bytes()) }
