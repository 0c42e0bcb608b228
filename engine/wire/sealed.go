package wire

// Sealed simultaneous moves (engine.Status.Sealed). Every active seat first sends a Pledge, a
// signed hiding commitment to its move (fair.SealMove); the host relays the complete set as
// Pledges; only then does each seat send its Open (the move and the nonce that open the
// commitment). The host applies the opened moves in seat order and relays each one's nonce with
// its View (or Log), so every guest's replay checks the move applied is the one committed.

import "miskatonic/engine"

// Message types of sealed moves.
const (
	TPledge  Type = "pledge"
	TPledges Type = "pledges"
	TOpen    Type = "open"
)

func init() {
	register(func() Message { return &Pledge{} })
	register(func() Message { return &Pledges{} })
	register(func() Message { return &Open{} })
}

// Pledge is one seat's commitment to its sealed move for the round that began at game seq
// Base. Sig is the seat's signature on it (fair.SignPledge); none for a bot, whose host moves.
type Pledge struct {
	Base int         `json:"base"`
	Seat engine.Seat `json:"seat"`
	C    []byte      `json:"c"`
	Sig  []byte      `json:"sig,omitempty"`
	// StandIn: made by the host for a bot standing in for the seat's absent player (unsigned).
	StandIn bool `json:"standIn,omitempty"`
}

func (*Pledge) Type() Type { return TPledge }
func (m *Pledge) Check() error {
	if m.Base < 0 {
		return bad(TPledge, "negative base")
	}
	if m.Seat < 0 || m.Seat >= MaxSeats {
		return bad(TPledge, "seat %d out of range", m.Seat)
	}
	if err := checkLen(TPledge, "c", m.C, SecretSize); err != nil {
		return err
	}
	return checkSig(TPledge, m.Sig)
}

// Pledges relays every active seat's pledge of a sealed round, in seat order, once all are in
// and before any move is opened.
type Pledges struct {
	Base    int      `json:"base"`
	Pledges []Pledge `json:"pledges"`
}

func (*Pledges) Type() Type { return TPledges }
func (m *Pledges) Check() error {
	if m.Base < 0 {
		return bad(TPledges, "negative base")
	}
	if err := checkMax(TPledges, "pledges", len(m.Pledges), MaxSeats); err != nil {
		return err
	}
	for i := range m.Pledges {
		p := m.Pledges[i]
		if p.Base != m.Base {
			return bad(TPledges, "a pledge for base %d in the set of base %d", p.Base, m.Base)
		}
		if err := p.Check(); err != nil {
			return err
		}
	}
	return nil
}

// Open reveals a seat's sealed move once the host has relayed the complete set of pledges:
// Nonce opens the seat's pledge and Sig signs Move for the game seq it will be applied at
// (Base plus its place in seat order among the round's seats, plus one).
type Open struct {
	Base  int         `json:"base"`
	Move  engine.Move `json:"move"`
	Nonce []byte      `json:"nonce"`
	Sig   []byte      `json:"sig,omitempty"`
}

func (*Open) Type() Type { return TOpen }
func (m *Open) Check() error {
	if m.Base < 0 {
		return bad(TOpen, "negative base")
	}
	if err := checkSeat(TOpen, m.Move.Seat); err != nil {
		return err
	}
	if err := checkMove(TOpen, m.Move); err != nil {
		return err
	}
	if err := checkLen(TOpen, "nonce", m.Nonce, SecretSize); err != nil {
		return err
	}
	return checkSig(TOpen, m.Sig)
}

// TLocked is the type of Locked.
const TLocked Type = "locked"

func init() { register(func() Message { return &Locked{} }) }

// Locked is the progress of the sealed round that began at game seq Base: the seats whose
// commitment the host holds so far, in seat order. Public, and only seat numbers: it says who
// has chosen, never what, so a board can say "waiting for 2 of 4 players; Ann and Bea have
// chosen". The relayed set (Pledges) supersedes it.
type Locked struct {
	Base  int           `json:"base"`
	Seats []engine.Seat `json:"seats,omitempty"`
}

func (*Locked) Type() Type { return TLocked }
func (m *Locked) Check() error {
	if m.Base < 0 {
		return bad(TLocked, "negative base")
	}
	if err := checkMax(TLocked, "seats", len(m.Seats), MaxSeats); err != nil {
		return err
	}
	for _, s := range m.Seats {
		if err := checkSeat(TLocked, s); err != nil {
			return err
		}
	}
	return nil
}
