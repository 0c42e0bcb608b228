package blindtable

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/mask"
	"miskatonic/engine/table"
)

// capConn records every frame a page receives.
type capConn struct {
	table.Conn
	got func([]byte)
}

func (c capConn) Recv() ([]byte, error) {
	b, err := c.Conn.Recv()
	if err == nil {
		c.got(b)
	}
	return b, err
}

// curious is everything the host's page holds and receives, pooled per card: for each handle
// of the current deal, the token T of every holder it can get by any means.
type curious struct {
	deal     int
	pool     map[int]map[engine.Seat]mask.Point
	frames   [][]byte
	tries    int // hidden cards the host tried to open
	controls int // cards it may see, opened the same way (the attack's own check)
}

func (c *curious) add(h int, s engine.Seat, t mask.Point) {
	if c.pool[h] == nil {
		c.pool[h] = map[engine.Seat]mask.Point{}
	}
	c.pool[h][s] = t
}

// harvest takes from one received frame every token the host's page can read, with its own
// box key, as addressee or as anyone else.
func (c *curious) harvest(p *Page, b []byte) {
	f, err := DecodeFrame(b)
	if err != nil || f.Entry == nil || p.st.d == nil || p.box == nil {
		return
	}
	in := f.Entry.In
	if in.Kind != KindTokens {
		return
	}
	var t Tokens
	if json.Unmarshal(in.Body, &t) != nil || t.Deal != p.st.d.n {
		return
	}
	if t.Out.Public != nil {
		c.add(t.Out.Public.Handle, in.From, t.Out.Public.T)
	}
	for _, env := range t.Out.Sealed {
		peer := p.st.d.peers[in.From]
		for _, me := range []engine.Seat{p.cfg.Seat, env.To} {
			msg, err := p.box.Open(p.st.d.sc, me, peer, env)
			if err != nil {
				continue
			}
			var tok mask.Token
			if json.Unmarshal(msg, &tok) == nil {
				c.add(tok.Handle, tok.Seat, tok.T)
			}
		}
	}
}

// attack runs after every entry the host's page applied: with its own key (its token for any
// card), every token harvested, every rebuilt key and its escrow shares, it tries to open every
// card of the deal; it must open none its person may not see now.
func (c *curious) attack(p *Page) error {
	st := p.st
	if st.d == nil || !st.d.dealt || st.d.n != p.deal {
		return nil
	}
	if c.deal != st.d.n {
		c.deal, c.pool = st.d.n, map[int]map[engine.Seat]mask.Point{}
	}
	for _, h := range st.holders() { // its escrow share of each other key rebuilds none
		if sh, ok := p.escrow[h]; ok && h != p.cfg.Seat {
			if _, err := mask.Reconstruct(*st.d.keys[h].Escrow, []mask.Share{sh[0]}); !errors.Is(err, mask.ErrIncomplete) {
				return fmt.Errorf("host's page rebuilds seat %d's key from its one share: %v", h, err)
			}
		}
	}
	final := st.Final()
	for h := range final {
		own, err := p.key.Token(p.cfg.Rand, st.d.sc, final[h], h, "any")
		if err != nil {
			return err
		}
		c.add(h, p.cfg.Seat, own.T)
		i, err := c.unmask(st, p.cfg.Rand, final, h)
		known := st.b.Public(h) != 0 || p.know.Card(st.b, h) != 0
		for _, n := range st.b.Needs() { // an opening to its person under way: its tokens may arrive first
			known = known || (n.Kind == "open" && n.Handle == h && n.Viewers.Has(p.cfg.Seat))
		}
		switch {
		case !known && err == nil:
			n, _ := st.Head()
			return fmt.Errorf("deal %d: the host's page opens card %d (%v), which its person may not see (head %+v, from %v)", st.d.n, h, st.b.Deck()[i], n, c.pool[h])
		case !known:
			c.tries++
		case known && err == nil && len(c.pool[h]) == len(st.holders()):
			c.controls++
		}
	}
	return nil
}

// unmask adds to card h's pool a token of every key the public state rebuilt, takes every
// token pooled off the card and looks up what is left: the card, if the pool opens it.
func (c *curious) unmask(st *State, rd io.Reader, final []mask.Masked, h int) (int, error) {
	for x, k := range st.d.rebuilt {
		tok, _ := k.Token(rd, st.d.sc, final[h], h, "any")
		c.add(h, x, tok.T)
	}
	m := final[h].C2
	for _, tt := range c.pool[h] {
		m, _ = mask.SubPoints(m, tt)
	}
	return st.deck.Lookup(m)
}

// TestCuriousHost: over whole seeded games, after every entry, the host's page tries to open
// every card its person may not see with everything it holds and received (each frame, its own
// key and box key, its escrow shares, every rebuilt key, what its bots decide from — the view
// ViewFor builds from its knowledge): it fails every time. The same procedure opens the cards it
// may see, so the attack is not vacuous.
func TestCuriousHost(t *testing.T) {
	for _, tc := range []struct {
		seed   uint64
		seats  int
		humans []engine.Seat
	}{{11, 3, []engine.Seat{0, 1, 2}}, {12, 5, []engine.Seat{0, 2, 4}}, {13, 7, []engine.Seat{1, 2, 4, 6}}} {
		if testing.Short() && tc.seats != 5 {
			continue
		}
		f := newFixture(t, tc.seed, tc.seats, tc.humans, nil)
		c := &curious{}
		host := f.cfg.Host
		f.wrap = map[engine.Seat]func(table.Conn) table.Conn{host: func(conn table.Conn) table.Conn {
			return capConn{conn, func(b []byte) { c.frames = append(c.frames, b) }}
		}}
		f.onApply = func(s engine.Seat, p *Page, e Entry) {
			if s != host {
				return
			}
			for _, b := range c.frames {
				c.harvest(p, b)
			}
			c.frames = c.frames[:0]
			if err := c.attack(p); err != nil {
				f.failf("%v", err)
			}
		}
		f.play()
		t.Logf("seed %d, %d seats: %d tries to open a hidden card failed; %d cards it may see opened", tc.seed, tc.seats, c.tries, c.controls)
		if c.tries == 0 || c.controls == 0 {
			t.Fatal("the attack never ran")
		}
	}
}
