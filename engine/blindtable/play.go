package blindtable

// A page's moves and claims: its person's (Person, or Play by hand), its bots' (BlindBot: blind
// to its person's card), a stood-in seat's on the host's page, and what it claims at a Gate or
// a Trapezohedron from what it opened.

import (
	"fmt"
	"slices"
	"strconv"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
)

// mover is the seat this page plays now and how, if any.
func (p *Page) mover() (engine.Seat, Chooser, bool) {
	st := p.st
	if st.d == nil || !st.d.dealt || len(st.b.Needs()) > 0 {
		return 0, nil, false
	}
	status := st.b.Status()
	if status.Over || status.Deal != nil || len(status.Active) == 0 {
		return 0, nil, false
	}
	x := status.Active[0]
	me := p.cfg.Seat
	switch {
	case x == me && !st.standIn[me] && st.isHolder(me):
		return x, p.cfg.Person, true
	case !st.isHolder(x) && st.b.Runner(x) == me:
		if f := p.cfg.Bots[x]; f != nil || !st.Away(x) {
			return x, f, true
		}
		return x, p.cfg.StandIn, true // a holder away, dealt as a bot seat
	case st.standIn[x] && me == st.cfg.Host:
		return x, p.cfg.StandIn, true
	}
	return 0, nil, false
}

// move adds the move this page owes, if it plays the active seat with a chooser.
func (p *Page) move(add func(key, kind string, body any) error) error {
	x, f, ok := p.mover()
	key := KindMove + "/" + strconv.Itoa(p.st.ply)
	if !ok || f == nil || p.sent[key] {
		return nil // a bot decides once per move (its own randomness, and its search's cost)
	}
	var m engine.Move
	var err error
	if !p.st.isHolder(x) {
		m, err = p.st.b.BlindBot(f, x, p.know)
	} else {
		// The person, or a stand-in on the host's page: what this page may see, no more.
		m, err = f(p.st.b.ViewFor(x, p.know), p.st.b.Legal(x))
	}
	if err != nil {
		return fmt.Errorf("seat %d's move: %w", x, err)
	}
	return add(key, KindMove, Move{Ply: p.st.ply, Move: m})
}

// Play signs the person's move m (for a page played by hand): the caller sends it to the host.
func (p *Page) Play(m engine.Move) (Input, error) {
	if !slices.ContainsFunc(p.Legal(), func(l engine.Move) bool { return l == m }) {
		return Input{}, fmt.Errorf("%w: %+v is not a legal move now", ErrOrder, m)
	}
	return Sign(p.cfg.Identity, p.st.id, p.cfg.Seat, KindMove, Move{Ply: p.st.ply, Move: m})
}

// claim is what this page says for claimer x at need n, from what it opened.
func (p *Page) claim(n arkham.Need, x engine.Seat) mask.Claim {
	b := p.st.b
	c := mask.Claim{Seat: x, Event: n.ID, Topic: n.Topic}
	switch {
	case n.Topic == arkham.TopicOldOne && p.st.standIn[x]:
		// A stand-in cannot know what the absent player saw, and the host's page cannot see its
		// own hand. But every hand but the absent seat's own is seen by some present holder
		// (three or more hold keys when a stand-in is seated), so the present holders' claims
		// together name exactly whom the absent seat would see: it says that. A present liar is
		// convicted first (its claim came earlier).
		for _, hc := range b.Claims() {
			if hc.Event == n.ID && !p.st.standIn[hc.Seat] {
				for _, q := range hc.Sees {
					if q != x && !slices.Contains(c.Sees, q) {
						c.Sees = append(c.Sees, q)
					}
				}
			}
		}
		slices.Sort(c.Sees)
	case n.Topic == arkham.TopicOldOne:
		for q := 0; q < b.Players(); q++ {
			if engine.Seat(q) != x && p.know.Card(b, b.HeldHandle(q)) == b.OldOne() {
				c.Sees = append(c.Sees, engine.Seat(q))
			}
		}
	case n.Topic == arkham.TopicTrap && p.st.standIn[x]:
		// The card was opened to the absent seat alone: the stand-in says the public guess.
		c.Topic = p.st.StandInColour(n)
	case n.Topic == arkham.TopicTrap:
		c.Topic = arkham.TopicTrapSane
		if top := p.know.Card(b, b.TopHandle()); top != 0 && top.Card().Colour == arkham.Cursed {
			c.Topic = arkham.TopicTrapCursed
		}
	}
	return c
}

// othersClaimed says every claimer of n not stood in has claimed.
func (p *Page) othersClaimed(n arkham.Need) bool {
	for _, x := range n.Claimers {
		if !p.st.standIn[x] && !p.st.Claimed(n.ID, x) {
			return false
		}
	}
	return true
}
