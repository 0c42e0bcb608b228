package mask

// Per-deal keys: x_i with Y_i = x_i·B, proven known by a Schnorr proof bound to (table, deal,
// seat). The proof stops a rogue key: a holder who announced Y_j' = Y − Σ others' keys, to own
// the joint key alone, could not prove it knows log_B Y_j'.

import (
	"fmt"
	"io"
	"slices"

	"filippo.io/edwards25519"

	"miskatonic/engine"
)

// Proof is a Fiat–Shamir proof in (challenge, response) form: 64 bytes.
type Proof struct {
	E Scalar `json:"e"`
	S Scalar `json:"s"`
}

// Key is one holder's secret for one deal. Keep it in the page's storage for the round (Secret
// and KeyFromSecret) so a reload continues the round.
type Key struct {
	Seat engine.Seat
	x    *edwards25519.Scalar
	y    Point
}

// PublicKey is what a holder announces: its Y_i and the proof it knows x_i.
type PublicKey struct {
	Seat  engine.Seat `json:"seat"`
	Y     Point       `json:"y"`
	Proof Proof       `json:"proof"`
}

// NewKey draws a fresh key for seat from rand.
func NewKey(rand io.Reader, seat engine.Seat) (*Key, error) {
	x, err := randomScalar(rand, newTranscript("key").seat(seat))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadKey, err)
	}
	return &Key{Seat: seat, x: x, y: pointOf(basePoint().ScalarBaseMult(x))}, nil
}

// KeyFromSecret restores a key saved with Secret.
func KeyFromSecret(seat engine.Seat, secret Scalar) (*Key, error) {
	x, err := decodeScalar(secret)
	if err != nil || x.Equal(edwards25519.NewScalar()) == 1 {
		return nil, fmt.Errorf("%w: secret is not a non-zero scalar", ErrBadKey)
	}
	return &Key{Seat: seat, x: x, y: pointOf(basePoint().ScalarBaseMult(x))}, nil
}

// Secret is x_i, for the page's own storage only.
func (k *Key) Secret() Scalar { return scalarOf(k.x) }

// Y is the public key x_i·B.
func (k *Key) Y() Point { return k.y }

func keyChallenge(sc Scope, seat engine.Seat, y Point, r *edwards25519.Point) *edwards25519.Scalar {
	return newTranscript("key-proof").scope(sc).seat(seat).point(y).point(pointOf(r)).scalar()
}

// Public announces the key with its proof of knowledge for scope.
func (k *Key) Public(rand io.Reader, sc Scope) (PublicKey, error) {
	nonce, err := randomScalar(rand, newTranscript("key-nonce").bytes(k.x.Bytes()).scope(sc).seat(k.Seat))
	if err != nil {
		return PublicKey{}, fmt.Errorf("%w: %v", ErrBadKey, err)
	}
	r := basePoint().ScalarBaseMult(nonce)
	e := keyChallenge(sc, k.Seat, k.y, r)
	s := edwards25519.NewScalar().MultiplyAdd(e, k.x, nonce)
	return PublicKey{Seat: k.Seat, Y: k.y, Proof: Proof{E: scalarOf(e), S: scalarOf(s)}}, nil
}

// Verify checks the proof of knowledge for scope.
func (pk PublicKey) Verify(sc Scope) error {
	y, err := pk.Y.element()
	if err != nil {
		return fmt.Errorf("seat %d key: %w", pk.Seat, err)
	}
	if equalElements(y, identityPoint()) {
		return fmt.Errorf("%w: seat %d announced the identity", ErrBadKey, pk.Seat)
	}
	e, err1 := decodeScalar(pk.Proof.E)
	s, err2 := decodeScalar(pk.Proof.S)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("seat %d key proof: %w", pk.Seat, ErrBadScalar)
	}
	// R = s·B − e·Y
	r := identityPoint().VarTimeDoubleScalarBaseMult(edwards25519.NewScalar().Negate(e), y, s)
	if keyChallenge(sc, pk.Seat, pk.Y, r).Equal(e) != 1 {
		return fmt.Errorf("%w: seat %d key proof", ErrBadProof, pk.Seat)
	}
	return nil
}

// KeySet is the verified public keys of a deal's holders and their joint key H = Σ Y_i.
type KeySet struct {
	scope   Scope
	holders []engine.Seat
	keys    map[engine.Seat]Point
	elems   map[engine.Seat]*edwards25519.Point
	joint   Point
	vt      *keyTables // verification tables of each Y_i (verifytables.go)
}

// NewKeySet verifies every announced key for scope and sums the joint key. A bad proof, a
// repeated seat or a repeated key is refused, naming the seat.
func NewKeySet(sc Scope, pubs []PublicKey) (*KeySet, error) {
	if len(pubs) == 0 {
		return nil, fmt.Errorf("%w: no holders", ErrBadKey)
	}
	ks := &KeySet{scope: sc, keys: make(map[engine.Seat]Point, len(pubs)), elems: make(map[engine.Seat]*edwards25519.Point, len(pubs)), vt: &keyTables{}}
	h := identityPoint()
	seen := make(map[Point]engine.Seat, len(pubs))
	for _, pk := range pubs {
		if _, dup := ks.keys[pk.Seat]; dup {
			return nil, fmt.Errorf("%w: seat %d announced two keys", ErrDuplicate, pk.Seat)
		}
		if other, dup := seen[pk.Y]; dup {
			return nil, fmt.Errorf("%w: seat %d copied seat %d's key", ErrDuplicate, pk.Seat, other)
		}
		if err := pk.Verify(sc); err != nil {
			return nil, err
		}
		y, _ := pk.Y.element()
		ks.keys[pk.Seat], ks.elems[pk.Seat], seen[pk.Y] = pk.Y, y, pk.Seat
		ks.holders = append(ks.holders, pk.Seat)
		h.Add(h, y)
	}
	slices.Sort(ks.holders)
	ks.joint = pointOf(h)
	return ks, nil
}

// Scope is the deal the keys belong to.
func (ks *KeySet) Scope() Scope { return ks.scope }

// Joint is H = Σ Y_i.
func (ks *KeySet) Joint() Point { return ks.joint }

// Holders are the key holders' seats, ascending.
func (ks *KeySet) Holders() []engine.Seat { return slices.Clone(ks.holders) }

// Key is seat's public key.
func (ks *KeySet) Key(seat engine.Seat) (Point, bool) { p, ok := ks.keys[seat]; return p, ok }
