package arkham

// A page's private knowledge beside the public machine, and the views built from the two. A
// seat's view is Game's own View of the public state with the cards its page opened filled in:
// the same code draws it, so host-blind views cannot drift from today's.

import (
	"encoding/json"

	"miskatonic/engine"
)

// Knowledge is what one page opened this round: handle → card. It belongs to the page of key
// holder Seat and never leaves it.
type Knowledge struct {
	Seat  engine.Seat
	round int16
	cards [DeckCards]CardID
}

// NewKnowledge is an empty knowledge for the page of key holder seat.
func NewKnowledge(seat engine.Seat) *Knowledge { return &Knowledge{Seat: seat} }

// Learn records that the page opened card c at handle h during b's current round; what it
// learnt in earlier rounds is forgotten (handles are per deal).
func (k *Knowledge) Learn(b *Blind, h int, c CardID) {
	if k.round != b.g.round {
		k.round, k.cards = b.g.round, [DeckCards]CardID{}
	}
	if h >= 0 && h < DeckCards {
		k.cards[h] = c
	}
}

// Card is what the page knows of handle h in b's current round (0: nothing).
func (k *Knowledge) Card(b *Blind, h int) CardID {
	if k == nil || k.round != b.g.round || h < 0 || h >= DeckCards {
		return 0
	}
	return k.cards[h]
}

// absent is a card id outside the deck, standing for a card in transit the viewer cannot see:
// Game's view shows the card in transit's chain only when its hidden field is set.
func (b *Blind) absent() CardID {
	for c := CardID(1); c <= maxCard; c++ {
		inDeck := false
		for _, d := range b.g.deckIDs {
			inDeck = inDeck || d == c
		}
		if !inDeck {
			return c
		}
	}
	return 0 // unreachable: 22 of 29 ids are in a deck
}

// world is the public game with what k's page knows filled in, as seat s would see it.
func (b *Blind) world(s engine.Seat, k *Knowledge) Game {
	g := b.g
	b.fill(&g, func(h int8) CardID {
		if c := b.public[h]; c != 0 {
			return c
		}
		return k.Card(b, int(h))
	})
	if b.passH >= 0 && g.passing == 0 {
		g.passing = hidden(b.absent())
	}
	g.knows = [maxCard + 1]uint8{}
	for i, r := range g.seen[:g.nSeen] {
		if r.card == 0 {
			g.seen[i].seat = -1 // a bot's blind draw or peek: its page never opened it
			continue
		}
		g.knows[r.card] |= 1 << r.seat
	}
	return g
}

// ViewFor is seat s's view: the public state plus k, the knowledge of the page that plays s (s's
// own, or its runner's for a bot). A page's person may not see its own card, so a bot on that
// page sees that hand as hidden too.
func (b *Blind) ViewFor(s engine.Seat, k *Knowledge) *View {
	g := b.world(s, k)
	v := g.ViewOf(s)
	if k != nil && k.Seat != s && s.Valid(int(g.players)) && (g.phase == phGive || g.phase == phRespond || g.phase == phOrb) &&
		v.Positions[k.Seat].Card == 0 {
		v.Unseen = []engine.Seat{k.Seat}
	}
	return v
}

// PublicView is what an observer sees: the public state alone.
func (b *Blind) PublicView() *View { return b.ViewFor(engine.Observer, nil) }

// BlindBot is the hook for a bot on a page: it decides seat s's move from the view its page may
// build (public state plus the page's knowledge), never from anything the page cannot open.
func (b *Blind) BlindBot(f func(engine.View, []engine.Move) (engine.Move, error), s engine.Seat, k *Knowledge) (engine.Move, error) {
	if k == nil || engine.Seat(b.runner[s]) != k.Seat {
		return engine.Move{}, engine.Errorf(engine.KindBadSeat, opBlind, "seat %d is not played by this page", s)
	}
	return f(b.ViewFor(s, k), b.Legal(s))
}

// knowledgeJSON is Knowledge as a page saves it in its own storage for the round (a reload
// continues the round): never sent anywhere.
type knowledgeJSON struct {
	Seat  engine.Seat    `json:"seat"`
	Round int            `json:"round"`
	Cards map[int]CardID `json:"cards"`
}

// MarshalJSON saves the knowledge (for the page's own storage only).
func (k *Knowledge) MarshalJSON() ([]byte, error) {
	out := knowledgeJSON{Seat: k.Seat, Round: int(k.round), Cards: map[int]CardID{}}
	for h, c := range k.cards {
		if c != 0 {
			out.Cards[h] = c
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON restores saved knowledge; a handle or card out of range is refused.
func (k *Knowledge) UnmarshalJSON(data []byte) error {
	var in knowledgeJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return engine.Errorf(engine.KindMalformed, opBlind, "knowledge: %v", err)
	}
	if in.Round < 0 || in.Round > 1<<14 || !in.Seat.Valid(MaxPlayers) {
		return engine.Errorf(engine.KindMalformed, opBlind, "knowledge of seat %d, round %d", in.Seat, in.Round)
	}
	var cards [DeckCards]CardID
	for h, c := range in.Cards {
		if h < 0 || h >= DeckCards || !c.Valid() {
			return engine.Errorf(engine.KindMalformed, opBlind, "knowledge: card %v at handle %d", c, h)
		}
		cards[h] = c
	}
	k.Seat, k.round, k.cards = in.Seat, int16(in.Round), cards
	return nil
}
