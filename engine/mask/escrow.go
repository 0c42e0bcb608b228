package mask

// Key escrow for stand-ins: a holder who vanishes would block every opening. At key time each
// holder deals Shamir shares of x_i to the other holders with Feldman commitments C_k = a_k·B
// (C_0 = Y_i), so every share is checked on receipt and again at reconstruction, and a bad share
// names its sender. When the table seats a stand-in, the others rebuild x_i and the round goes
// on; only the absent player's own secrecy is lost.

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"filippo.io/edwards25519"

	"miskatonic/engine"
)

// Escrow is a dealer's public commitments: a polynomial of degree Threshold−1 whose constant
// term is the dealer's key (Commitments[0] = Y).
type Escrow struct {
	Dealer      engine.Seat `json:"dealer"`
	Commitments []Point     `json:"commitments"`
}

// Share is f(index(holder)): sent sealed to holder (label "escrow").
type Share struct {
	Dealer engine.Seat `json:"dealer"`
	Holder engine.Seat `json:"holder"`
	Value  Scalar      `json:"value"`
}

// EscrowLabel is the envelope label of a share.
const EscrowLabel = "escrow"

// shareIndex is the polynomial's x for a seat: seat+1, never 0 (f(0) is the secret).
func shareIndex(s engine.Seat) (*edwards25519.Scalar, error) {
	if s < 0 || s > 1<<20 {
		return nil, fmt.Errorf("%w: seat %d cannot hold a share", ErrUnknownSeat, s)
	}
	var b [32]byte
	v := uint32(s) + 1
	b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16)
	return edwards25519.NewScalar().SetCanonicalBytes(b[:])
}

// Escrow shares k's secret among holders (the other key holders) so that any threshold of them
// rebuild it; host-blind dealing uses threshold = len(holders).
func (k *Key) Escrow(rand io.Reader, holders []engine.Seat, threshold int) (Escrow, []Share, error) {
	if threshold < 1 || threshold > len(holders) {
		return Escrow{}, nil, fmt.Errorf("%w: threshold %d of %d holders", ErrBadShare, threshold, len(holders))
	}
	if slices.Contains(holders, k.Seat) {
		return Escrow{}, nil, fmt.Errorf("%w: seat %d would hold a share of its own key", ErrDuplicate, k.Seat)
	}
	coef := []*edwards25519.Scalar{k.x}
	e := Escrow{Dealer: k.Seat, Commitments: []Point{k.y}}
	for i := 1; i < threshold; i++ {
		a, err := randomScalar(rand, newTranscript("escrow-coef").bytes(k.x.Bytes()).u64(uint64(i)))
		if err != nil {
			return Escrow{}, nil, fmt.Errorf("escrow: %w", err)
		}
		coef = append(coef, a)
		e.Commitments = append(e.Commitments, pointOf(basePoint().ScalarBaseMult(a)))
	}
	shares := make([]Share, 0, len(holders))
	for _, h := range holders {
		x, err := shareIndex(h)
		if err != nil {
			return Escrow{}, nil, err
		}
		if slices.ContainsFunc(shares, func(s Share) bool { return s.Holder == h }) {
			return Escrow{}, nil, fmt.Errorf("%w: seat %d twice among holders", ErrDuplicate, h)
		}
		// Horner: f(x) = c0 + x(c1 + x(c2 + ...))
		v := edwards25519.NewScalar()
		for i := len(coef) - 1; i >= 0; i-- {
			v.MultiplyAdd(v, x, coef[i])
		}
		shares = append(shares, Share{Dealer: k.Seat, Holder: h, Value: scalarOf(v)})
	}
	return e, shares, nil
}

// VerifyEscrow checks e is dealt on seat's announced key: Commitments[0] = Y and the threshold
// is what the table uses.
func (ks *KeySet) VerifyEscrow(e Escrow, threshold int) error {
	y, ok := ks.keys[e.Dealer]
	if !ok {
		return fmt.Errorf("%w: escrow of seat %d", ErrUnknownSeat, e.Dealer)
	}
	if len(e.Commitments) != threshold || e.Commitments[0] != y {
		return &Fault{Seat: e.Dealer, Step: -1, Handle: -1, Kind: FaultShare, Detail: "escrow not dealt on its key, or wrong threshold"}
	}
	for _, c := range e.Commitments {
		if _, err := c.element(); err != nil {
			return &Fault{Seat: e.Dealer, Step: -1, Handle: -1, Kind: FaultShare, Detail: "commitment is not a point"}
		}
	}
	return nil
}

// VerifyShare checks s.Value·B = Σ C_k · x^k. A share that fails convicts whoever made it:
// the dealer on receipt, the holder who hands it in at reconstruction.
func (e Escrow) VerifyShare(s Share) error {
	if s.Dealer != e.Dealer {
		return fmt.Errorf("%w: share of seat %d's key checked against seat %d's escrow", ErrBadShare, s.Dealer, e.Dealer)
	}
	x, err := shareIndex(s.Holder)
	if err != nil {
		return err
	}
	v, err := decodeScalar(s.Value)
	if err != nil {
		return fmt.Errorf("%w: share of seat %d: %w", ErrBadShare, s.Holder, err)
	}
	scalars := make([]*edwards25519.Scalar, len(e.Commitments))
	points := make([]*edwards25519.Point, len(e.Commitments))
	pow := edwards25519.NewScalar().Set(scalarOne)
	for i, c := range e.Commitments {
		p, err := c.element()
		if err != nil {
			return fmt.Errorf("%w: commitment %d: %w", ErrBadShare, i, err)
		}
		scalars[i], points[i] = edwards25519.NewScalar().Set(pow), p
		pow.Multiply(pow, x)
	}
	want := identityPoint().VarTimeMultiScalarMult(scalars, points)
	if !equalElements(want, basePoint().ScalarBaseMult(v)) {
		return fmt.Errorf("%w: seat %d's share of seat %d's key", ErrBadShare, s.Holder, e.Dealer)
	}
	return nil
}

var scalarOne = func() *edwards25519.Scalar {
	var b [32]byte
	b[0] = 1
	s, _ := edwards25519.NewScalar().SetCanonicalBytes(b[:])
	return s
}()

// Reconstruct rebuilds the dealer's key from threshold shares handed in by the remaining
// holders. Each share is checked against the commitments first; one that fails is a *Fault
// naming the holder who handed it in.
func Reconstruct(e Escrow, shares []Share) (*Key, error) {
	t := len(e.Commitments)
	if t == 0 {
		return nil, fmt.Errorf("%w: no commitments", ErrBadShare)
	}
	var use []Share
	for _, s := range shares {
		if slices.ContainsFunc(use, func(u Share) bool { return u.Holder == s.Holder }) {
			return nil, fmt.Errorf("%w: two shares from seat %d", ErrDuplicate, s.Holder)
		}
		if err := e.VerifyShare(s); err != nil {
			return nil, &Fault{Seat: s.Holder, Step: -1, Handle: -1, Kind: FaultShare, Detail: err.Error()}
		}
		use = append(use, s)
	}
	if len(use) < t {
		return nil, fmt.Errorf("%w: %d shares of seat %d's key, need %d", ErrIncomplete, len(use), e.Dealer, t)
	}
	use = use[:t]
	xs := make([]*edwards25519.Scalar, t)
	for i, s := range use {
		xs[i], _ = shareIndex(s.Holder)
	}
	// Lagrange at 0: x = Σ v_i · Π_{j≠i} x_j / (x_j − x_i)
	secret := edwards25519.NewScalar()
	for i, s := range use {
		num, den := edwards25519.NewScalar().Set(scalarOne), edwards25519.NewScalar().Set(scalarOne)
		for j := range use {
			if j != i {
				num.Multiply(num, xs[j])
				den.Multiply(den, edwards25519.NewScalar().Subtract(xs[j], xs[i]))
			}
		}
		v, _ := decodeScalar(s.Value)
		l := num.Multiply(num, den.Invert(den))
		secret.MultiplyAdd(v, l, secret)
	}
	k, err := KeyFromSecret(e.Dealer, scalarOf(secret))
	if err != nil || k.y != e.Commitments[0] {
		return nil, fmt.Errorf("%w: rebuilt key is not seat %d's", ErrBadShare, e.Dealer)
	}
	return k, nil
}

// SealShare sends a share to its holder, sealed with the dealer's box key.
func SealShare(rand io.Reader, box *BoxKey, sc Scope, to BoxPublic, s Share) (Envelope, error) {
	if to.Seat != s.Holder {
		return Envelope{}, fmt.Errorf("%w: share for seat %d sealed to seat %d", ErrBadShare, s.Holder, to.Seat)
	}
	msg, _ := json.Marshal(s)
	return box.Seal(rand, sc, s.Dealer, to, EscrowLabel, msg)
}

// OpenShare opens a share sealed to me by the dealer of e and checks it against e's
// commitments on receipt: a share that fails is a *Fault naming the dealer.
func OpenShare(box *BoxKey, sc Scope, me engine.Seat, from BoxPublic, env Envelope, e Escrow) (Share, error) {
	if env.Label != EscrowLabel || from.Seat != e.Dealer {
		return Share{}, fmt.Errorf("%w: not seat %d's escrow share", ErrBadEnvelope, e.Dealer)
	}
	msg, err := box.Open(sc, me, from, env)
	if err != nil {
		return Share{}, err
	}
	var s Share
	if err := json.Unmarshal(msg, &s); err != nil || s.Dealer != e.Dealer || s.Holder != me {
		return Share{}, &Fault{Seat: e.Dealer, Step: -1, Handle: -1, Kind: FaultShare, Detail: "sealed something other than my share"}
	}
	if err := e.VerifyShare(s); err != nil {
		return Share{}, &Fault{Seat: e.Dealer, Step: -1, Handle: -1, Kind: FaultShare, Detail: err.Error()}
	}
	return s, nil
}
