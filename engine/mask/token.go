package mask

// Opening a card. Each holder's token T_i = x_i·c1 comes with a Chaum–Pedersen proof that
// log_B Y_i = log_c1 T_i, its challenge bound to (table, deal, seat, handle, purpose) and the
// card itself. The proof is checked on receipt, always: a holder who knows card A could
// otherwise send T + M_A − M_B and make the viewer see B; that shifted token fails the proof.

import (
	"fmt"
	"io"

	"filippo.io/edwards25519"

	"miskatonic/engine"
)

// Token is one holder's share of opening one card.
type Token struct {
	Seat    engine.Seat `json:"seat"`
	Handle  int         `json:"handle"`  // the card's position in the final deck
	Purpose string      `json:"purpose"` // the rule event opening it ("draw", "peek", ...)
	T       Point       `json:"t"`
	Proof   Proof       `json:"proof"`
}

func tokenChallenge(sc Scope, seat engine.Seat, handle int, purpose string, y Point, card Masked, t Point, a1, a2 *edwards25519.Point) *edwards25519.Scalar {
	return newTranscript("token").scope(sc).seat(seat).u64(uint64(int64(handle))).str(purpose).
		point(y).point(card.C1).point(card.C2).point(t).point(pointOf(a1)).point(pointOf(a2)).scalar()
}

func maskedC1(card Masked) (*edwards25519.Point, error) {
	c1, err := card.C1.element()
	if err != nil {
		return nil, fmt.Errorf("card: %w", err)
	}
	if _, err := card.C2.element(); err != nil {
		return nil, fmt.Errorf("card: %w", err)
	}
	if equalElements(c1, identityPoint()) {
		return nil, fmt.Errorf("%w: card is not masked", ErrBadDeck)
	}
	return c1, nil
}

// Token makes this holder's token for card at handle, for purpose.
func (k *Key) Token(rand io.Reader, sc Scope, card Masked, handle int, purpose string) (Token, error) {
	c1, err := maskedC1(card)
	if err != nil {
		return Token{}, err
	}
	t := pointOf(identityPoint().ScalarMult(k.x, c1))
	nonce, err := randomScalar(rand, newTranscript("token-nonce").bytes(k.x.Bytes()).scope(sc).u64(uint64(int64(handle))).str(purpose).point(card.C1))
	if err != nil {
		return Token{}, fmt.Errorf("token nonce: %w", err)
	}
	a1 := basePoint().ScalarBaseMult(nonce)
	a2 := identityPoint().ScalarMult(nonce, c1)
	e := tokenChallenge(sc, k.Seat, handle, purpose, k.y, card, t, a1, a2)
	s := edwards25519.NewScalar().MultiplyAdd(e, k.x, nonce)
	return Token{Seat: k.Seat, Handle: handle, Purpose: purpose, T: t, Proof: Proof{E: scalarOf(e), S: scalarOf(s)}}, nil
}

// VerifyToken checks tok is its seat's true token for card at (handle, purpose) of this deal.
func (ks *KeySet) VerifyToken(card Masked, handle int, purpose string, tok Token) error {
	if _, ok := ks.elems[tok.Seat]; !ok {
		return fmt.Errorf("%w: token from seat %d", ErrUnknownSeat, tok.Seat)
	}
	c1, err := maskedC1(card)
	if err != nil {
		return err
	}
	return ks.verifyToken(card, c1, handle, purpose, tok)
}

// verifyToken is VerifyToken with the card's c1 already decoded and checked (an Opening decodes
// it once for all its tokens).
func (ks *KeySet) verifyToken(card Masked, c1 *edwards25519.Point, handle int, purpose string, tok Token) error {
	yt, ok := ks.tables()[tok.Seat]
	if !ok {
		return fmt.Errorf("%w: token from seat %d", ErrUnknownSeat, tok.Seat)
	}
	if tok.Handle != handle || tok.Purpose != purpose {
		return fmt.Errorf("%w: seat %d's token is for card %d (%q), not %d (%q)", ErrBadProof, tok.Seat, tok.Handle, tok.Purpose, handle, purpose)
	}
	t, err := tok.T.element()
	if err != nil {
		return fmt.Errorf("seat %d token: %w", tok.Seat, err)
	}
	e, err1 := decodeScalar(tok.Proof.E)
	s, err2 := decodeScalar(tok.Proof.S)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("seat %d token proof: %w", tok.Seat, ErrBadScalar)
	}
	negE := edwards25519.NewScalar().Negate(e)
	a1 := doubleBaseVarTime(s, negE, yt)                                                                        // s·B − e·Y
	a2 := identityPoint().VarTimeMultiScalarMult([]*edwards25519.Scalar{s, negE}, []*edwards25519.Point{c1, t}) // s·c1 − e·T
	if tokenChallenge(ks.scope, tok.Seat, handle, purpose, ks.keys[tok.Seat], card, tok.T, a1, a2).Equal(e) != 1 {
		return fmt.Errorf("%w: seat %d's token for card %d", ErrBadProof, tok.Seat, handle)
	}
	return nil
}

// Opening gathers the tokens of one card, verifying each on receipt. When every holder's token
// is in, Card unmasks it.
type Opening struct {
	ks      *KeySet
	card    Masked
	handle  int
	purpose string
	tokens  map[engine.Seat]Point
	c1      *edwards25519.Point // the card's c1, decoded on the first Add
}

// NewOpening starts gathering tokens for card at (handle, purpose).
func (ks *KeySet) NewOpening(card Masked, handle int, purpose string) *Opening {
	return &Opening{ks: ks, card: card, handle: handle, purpose: purpose, tokens: make(map[engine.Seat]Point, len(ks.holders))}
}

// Add verifies tok and keeps it. A token that fails its proof is refused (ErrBadProof) and
// changes nothing; a second token from the same seat is refused (ErrDuplicate).
func (o *Opening) Add(tok Token) error {
	if _, dup := o.tokens[tok.Seat]; dup {
		return fmt.Errorf("%w: second token from seat %d for card %d", ErrDuplicate, tok.Seat, o.handle)
	}
	if o.c1 == nil {
		c1, err := maskedC1(o.card)
		if err != nil {
			return err
		}
		o.c1 = c1
	}
	if err := o.ks.verifyToken(o.card, o.c1, o.handle, o.purpose, tok); err != nil {
		return err
	}
	o.tokens[tok.Seat] = tok.T
	return nil
}

// Missing lists the holders whose tokens are not in yet.
func (o *Opening) Missing() []engine.Seat {
	var out []engine.Seat
	for _, s := range o.ks.holders {
		if _, ok := o.tokens[s]; !ok {
			out = append(out, s)
		}
	}
	return out
}

// Card unmasks M = c2 − Σ T_i and looks it up in deck: the index of the card in the deck's
// canonical order.
func (o *Opening) Card(deck *Deck) (int, error) {
	if m := o.Missing(); len(m) > 0 {
		return -1, fmt.Errorf("%w: card %d waits for seats %v", ErrIncomplete, o.handle, m)
	}
	m, err := o.card.C2.element()
	if err != nil {
		return -1, err
	}
	for _, s := range o.ks.holders {
		t, _ := o.tokens[s].element() // verified on Add
		m.Subtract(m, t)
	}
	i, err := deck.Lookup(pointOf(m))
	if err != nil {
		return -1, fmt.Errorf("card %d: %w", o.handle, err)
	}
	return i, nil
}
