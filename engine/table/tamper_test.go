package table

import (
	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// tamper is the modified host page of the dishonest-host tests. It sits on one guest's link
// and does only what a host page could do: rewrite or withhold what the host sends (out), and
// take what the guest sends before the honest code sees it (in). Nothing in the production
// host can be switched into cheating; every attack lives here, in test files.
type tamper struct {
	Conn
	seat engine.Seat
	// out rewrites a message from the host. Returning nil withholds it: its frame number is
	// filled with a chat line, so the guest sees no gap and asks for no resend.
	out func(seat engine.Seat, m wire.Message) wire.Message
	// in sees each message from the guest; returning true swallows it.
	in func(seat engine.Seat, m wire.Message) bool
	// edit rewrites a message from the guest (a modified guest page); same frame number.
	edit func(seat engine.Seat, m wire.Message) wire.Message
}

func (c *tamper) Recv() ([]byte, error) {
	f, err := c.Conn.Recv()
	if err != nil || c.out == nil {
		return f, err
	}
	seq, m, derr := wire.Decode(f)
	if derr != nil {
		return f, nil
	}
	m2 := c.out(c.seat, m)
	if m2 == m {
		return f, nil
	}
	if m2 == nil {
		m2 = &wire.Chat{From: engine.Observer, Name: "host", Text: "nothing to see"}
	}
	f2, err := wire.Encode(seq, m2)
	if err != nil {
		return f, nil
	}
	return f2, nil
}

func (c *tamper) Send(f []byte) error {
	if c.in != nil {
		if _, m, err := wire.Decode(f); err == nil && c.in(c.seat, m) {
			return nil
		}
	}
	if c.edit != nil {
		if seq, m, err := wire.Decode(f); err == nil {
			if m2 := c.edit(c.seat, m); m2 != m {
				if f2, err := wire.Encode(seq, m2); err == nil {
					f = f2
				}
			}
		}
	}
	return c.Conn.Send(f)
}

// withholdReveals never lets a deal's secret reach the guest.
func withholdReveals(_ engine.Seat, m wire.Message) wire.Message {
	if _, ok := m.(*wire.Reveal); ok {
		return nil
	}
	return m
}

// stackedRules is a host that deals its own key for one epoch instead of the combined one.
type stackedRules struct {
	engine.Rules
	epoch int
	key   [32]byte
}

func (r stackedRules) New(cfg engine.Config) (engine.Game, error) {
	g, err := r.Rules.New(cfg)
	if err != nil {
		return nil, err
	}
	return &stackedGame{Game: g, r: r}, nil
}

type stackedGame struct {
	engine.Game
	r stackedRules
}

func (g *stackedGame) Apply(m engine.Move) error {
	if st := g.Game.Status(); m.Kind == engine.KindDeal && st.Deal != nil && st.Deal.Epoch == g.r.epoch {
		m = engine.DealMove(g.r.key)
	}
	return g.Game.Apply(m)
}

func (g *stackedGame) Clone() engine.Game { return &stackedGame{Game: g.Game.Clone(), r: g.r} }

// acceptSeal is a host that takes a guest's seal without checking its signature, and relays
// the set once every contributor's is in.
func (h *Host) acceptSeal(m *wire.Seal) {
	go h.do(func() {
		if m.Epoch < 1 || m.Epoch > len(h.deals) || h.deals[m.Epoch-1].SealsSent {
			return
		}
		d := h.deals[m.Epoch-1]
		d.Seals[int(m.Seat)] = &wire.Share{Seat: m.Seat, S: m.SC, Sig: m.Sig}
		for _, s := range d.context(h.rules.Name(), h.table).Contributors() {
			if d.Seals[int(s)] == nil {
				return
			}
		}
		d.SealsSent = true
		h.broadcast(sealList(d))
	})
}

// acceptShare is a host that takes a guest's share without checking its signature.
func (h *Host) acceptShare(m *wire.Contrib) {
	go h.do(func() {
		if m.Epoch < 1 || m.Epoch > len(h.deals) || h.deals[m.Epoch-1].Applied {
			return
		}
		d := h.deals[m.Epoch-1]
		d.Shares[int(m.Seat)] = &wire.Share{Seat: m.Seat, S: m.S, Sig: m.Sig}
		if h.game.Status().Deal != nil {
			h.advance()
		}
	})
}
