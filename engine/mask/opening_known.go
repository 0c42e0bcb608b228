package mask

// Opening a card the page already knows: every proof checked, then the sum of the tokens
// must open that card.

import (
	"fmt"

	"miskatonic/engine"
)

// AddKnown adds toks, tokens of this opening, when the page already knows which card it is
// (want: its index in deck) — a card it opened before, or any card once the round-end audit has
// opened the deal. Every token's proof is checked, as Add checks it: a holder's shifted token
// (T + M_A − M_B) is refused on receipt (ErrBadProof, naming its seat), and so are two holders'
// tokens shifted by opposite amounts, which would still sum to want. With every holder's token
// in, tokens that all prove and still do not open want mean the page's idea of the card is
// wrong (ErrBadDeck). On any error nothing is added.
func (o *Opening) AddKnown(deck *Deck, want int, toks []Token) error {
	if want < 0 || want >= deck.Len() {
		return fmt.Errorf("%w: card %d of a %d-card deck", ErrUnknownCard, want, deck.Len())
	}
	seen := make(map[engine.Seat]bool, len(toks))
	for _, tok := range toks {
		if _, dup := o.tokens[tok.Seat]; dup || seen[tok.Seat] {
			return fmt.Errorf("%w: second token from seat %d for card %d", ErrDuplicate, tok.Seat, o.handle)
		}
		seen[tok.Seat] = true
		if _, ok := o.ks.elems[tok.Seat]; !ok {
			return fmt.Errorf("%w: token from seat %d", ErrUnknownSeat, tok.Seat)
		}
		if tok.Handle != o.handle || tok.Purpose != o.purpose {
			return fmt.Errorf("%w: seat %d's token is for card %d (%q), not %d (%q)", ErrBadProof, tok.Seat, tok.Handle, tok.Purpose, o.handle, o.purpose)
		}
	}
	if o.c1 == nil {
		c1, err := maskedC1(o.card)
		if err != nil {
			return err
		}
		o.c1 = c1
	}
	for _, tok := range toks {
		if err := o.ks.verifyToken(o.card, o.c1, o.handle, o.purpose, tok); err != nil {
			return err
		}
	}
	if len(o.tokens)+len(toks) == len(o.ks.holders) && !o.sumOpens(deck, want, toks) {
		return fmt.Errorf("%w: card %d opens as another card than %d", ErrBadDeck, o.handle, want)
	}
	for _, tok := range toks {
		o.tokens[tok.Seat] = tok.T
	}
	return nil
}

// sumOpens reports whether c2 minus every token (those kept and toks) is card want's point.
func (o *Opening) sumOpens(deck *Deck, want int, toks []Token) bool {
	m, err := o.card.C2.element()
	if err != nil {
		return false
	}
	for _, t := range o.tokens {
		te, _ := t.element() // verified when kept
		m.Subtract(m, te)
	}
	for _, tok := range toks {
		te, err := tok.T.element()
		if err != nil {
			return false // not reached: every token's proof was checked before the sum
		}
		m.Subtract(m, te)
	}
	return equalElements(m, deck.elems[want])
}

// AddOwn keeps the page's own token for this opening, the one its Key.Token or SendTokens made
// (Outgoing.Own, or its public token). Holding the key, the page needs no proof: it recomputes
// the token (one scalar multiplication, a quarter of a proof check) and refuses any other, so a
// token that came back altered through the host is caught here too. k must be the key of the
// token's seat in this deal, so no other seat's token can come in this way.
func (o *Opening) AddOwn(k *Key, tok Token) error {
	if y, ok := o.ks.keys[k.Seat]; !ok || y != k.y || tok.Seat != k.Seat {
		return fmt.Errorf("%w: seat %d's own token with seat %d's key", ErrUnknownSeat, tok.Seat, k.Seat)
	}
	if _, dup := o.tokens[tok.Seat]; dup {
		return fmt.Errorf("%w: second token from seat %d for card %d", ErrDuplicate, tok.Seat, o.handle)
	}
	if tok.Handle != o.handle || tok.Purpose != o.purpose {
		return fmt.Errorf("%w: seat %d's token is for card %d (%q), not %d (%q)", ErrBadProof, tok.Seat, tok.Handle, tok.Purpose, o.handle, o.purpose)
	}
	if o.c1 == nil {
		c1, err := maskedC1(o.card)
		if err != nil {
			return err
		}
		o.c1 = c1
	}
	if pointOf(identityPoint().ScalarMult(k.x, o.c1)) != tok.T {
		return fmt.Errorf("%w: seat %d's own token for card %d is not the one its key makes", ErrBadProof, tok.Seat, o.handle)
	}
	o.tokens[tok.Seat] = tok.T
	return nil
}
