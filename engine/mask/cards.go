package mask

// Cards as group points, and the deck that opens them again.

import (
	"fmt"

	"filippo.io/edwards25519"
)

// CardID names one physical card: the game, the card's id in that game's list, and which copy
// (games with several identical cards give each copy its own point, so a copy swapped for
// another shows at the audit).
type CardID struct {
	Game string `json:"game"`
	ID   string `json:"id"`
	Copy int    `json:"copy"`
}

// CardPoint is M_c = FromUniformBytes(SHA-512(tag ‖ game ‖ card id ‖ copy)): anyone can compute
// it, nobody knows its discrete log, and two cards never share a point.
func CardPoint(c CardID) Point { return pointOf(cardElement(c)) }

func cardElement(c CardID) *edwards25519.Point {
	d := newTranscript("card").str(c.Game).str(c.ID).u64(uint64(int64(c.Copy))).sum64()
	return elementFromUniform(&d)
}

// Masked is one card under ElGamal: (c1, c2) = (r·B, M + r·H) for the joint key H.
type Masked struct {
	C1 Point `json:"c1"`
	C2 Point `json:"c2"`
}

// Deck is the list of cards of a deal, in canonical order, with the table that turns an unmasked
// point back into its card.
type Deck struct {
	cards  []CardID
	points []Point
	elems  []*edwards25519.Point // points, decoded once for the audit
	index  map[Point]int
}

// NewDeck builds the deck of cards (in the order given, which is D_0's order). Two equal cards
// are refused.
func NewDeck(cards []CardID) (*Deck, error) {
	d := &Deck{cards: append([]CardID(nil), cards...), points: make([]Point, len(cards)), elems: make([]*edwards25519.Point, len(cards)), index: make(map[Point]int, len(cards))}
	if len(cards) == 0 {
		return nil, fmt.Errorf("%w: no cards", ErrBadDeck)
	}
	for i, c := range cards {
		e := cardElement(c)
		p := pointOf(e)
		if j, dup := d.index[p]; dup {
			return nil, fmt.Errorf("%w: card %d and %d are both %+v", ErrDuplicate, j, i, c)
		}
		d.points[i], d.elems[i] = p, e
		d.index[p] = i
	}
	return d, nil
}

// Len is the number of cards.
func (d *Deck) Len() int { return len(d.cards) }

// Card is the i-th card of the canonical order.
func (d *Deck) Card(i int) CardID { return d.cards[i] }

// Point is the i-th card's point.
func (d *Deck) Point(i int) Point { return d.points[i] }

// Lookup turns an unmasked point into the index of its card.
func (d *Deck) Lookup(p Point) (int, error) {
	i, ok := d.index[p]
	if !ok {
		return -1, ErrUnknownCard
	}
	return i, nil
}

// Initial is D_0: every card in canonical order, masked with r = 0, i.e. (identity, M_c).
// Public; the first shuffle step is what hides it.
func (d *Deck) Initial() []Masked {
	id := pointOf(identityPoint())
	out := make([]Masked, len(d.points))
	for i, p := range d.points {
		out[i] = Masked{C1: id, C2: p}
	}
	return out
}
