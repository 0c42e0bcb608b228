package wire

import "miskatonic/engine"

// Contrib is a guest's share of one deal's randomness, signed with its identity key over the
// deal context, the host's commitment, the seat and the share (fair.SignContribution).
type Contrib struct {
	Epoch int         `json:"epoch"`
	Seat  engine.Seat `json:"seat"`
	S     []byte      `json:"s"`
	Sig   []byte      `json:"sig"`
}

func (*Contrib) Type() Type { return TContrib }
func (m *Contrib) Check() error {
	if m.Epoch < 1 {
		return bad(TContrib, "epoch must be at least 1")
	}
	if m.Seat < 0 || m.Seat >= MaxSeats {
		return bad(TContrib, "seat %d out of range", m.Seat)
	}
	if err := checkLen(TContrib, "s", m.S, SecretSize); err != nil {
		return err
	}
	return checkLen(TContrib, "sig", m.Sig, SigSize)
}

// Seal is a guest's sealed share of one deal (fair.Seal): SC commits to the share it will
// reveal only once the host has relayed every contributor's seal.
type Seal struct {
	Epoch int         `json:"epoch"`
	Seat  engine.Seat `json:"seat"`
	SC    []byte      `json:"sc"`
	Sig   []byte      `json:"sig"`
}

func (*Seal) Type() Type { return TSeal }
func (m *Seal) Check() error {
	return (&Contrib{Epoch: m.Epoch, Seat: m.Seat, S: m.SC, Sig: m.Sig}).Check()
}

// Seals relays the complete set of a deal's seals, in seat order, before any share is revealed.
type Seals struct {
	Epoch int     `json:"epoch"`
	Seals []Share `json:"seals"` // S holds the seal (fair.Seal.SC)
}

func (*Seals) Type() Type { return TSeals }
func (m *Seals) Check() error {
	return (&Contribs{Epoch: m.Epoch, Shares: m.Seals}).Check()
}

// Commit opens a deal: the host's commitment C to its secret h, for the deal context made of the
// game, table, epoch, Context and Roster (identity key per seat, empty for bots).
type Commit struct {
	Epoch   int      `json:"epoch"`
	Context string   `json:"context"`
	Roster  [][]byte `json:"roster"`
	C       []byte   `json:"c"`
	// Cause, on a commitment that replaces one whose seals were all relayed with no seat
	// changed, is the seat's new seal that made the restart necessary (S holds the seal), signed
	// over the commitment it replaces: every guest charges the restart to that seat.
	Cause *Share `json:"cause,omitempty"`
}

func (*Commit) Type() Type { return TCommit }
func (m *Commit) Check() error {
	if m.Epoch < 1 {
		return bad(TCommit, "epoch must be at least 1")
	}
	if err := checkText(TCommit, "context", m.Context, MaxContext); err != nil {
		return err
	}
	if err := checkMax(TCommit, "roster", len(m.Roster), MaxSeats); err != nil {
		return err
	}
	for _, k := range m.Roster {
		if len(k) != 0 && len(k) != KeySize {
			return bad(TCommit, "roster key must be empty or %d bytes", KeySize)
		}
	}
	if m.Cause != nil {
		if err := (&Contrib{Epoch: m.Epoch, Seat: m.Cause.Seat, S: m.Cause.S, Sig: m.Cause.Sig}).Check(); err != nil {
			return bad(TCommit, "cause: %v", err)
		}
	}
	return checkLen(TCommit, "c", m.C, SecretSize)
}

// Share is one seat's contribution as the host relays it.
type Share struct {
	Seat engine.Seat `json:"seat"`
	S    []byte      `json:"s"`
	Sig  []byte      `json:"sig"`
}

// Contribs relays every contribution of a deal (one per seat with an identity key), sent once
// all are in and before the deal is applied.
type Contribs struct {
	Epoch  int     `json:"epoch"`
	Shares []Share `json:"shares"`
}

func (*Contribs) Type() Type { return TContribs }
func (m *Contribs) Check() error {
	if m.Epoch < 1 {
		return bad(TContribs, "epoch must be at least 1")
	}
	if err := checkMax(TContribs, "shares", len(m.Shares), MaxSeats); err != nil {
		return err
	}
	for _, s := range m.Shares {
		if s.Seat < 0 || s.Seat >= MaxSeats {
			return bad(TContribs, "seat %d out of range", s.Seat)
		}
		if err := checkLen(TContribs, "s", s.S, SecretSize); err != nil {
			return err
		}
		if err := checkLen(TContribs, "sig", s.Sig, SigSize); err != nil {
			return err
		}
	}
	return nil
}

// Reveal opens the host's secret of a finished deal, so every guest can verify it.
type Reveal struct {
	Epoch int    `json:"epoch"`
	H     []byte `json:"h"`
}

func (*Reveal) Type() Type { return TReveal }
func (m *Reveal) Check() error {
	if m.Epoch < 1 {
		return bad(TReveal, "epoch must be at least 1")
	}
	return checkLen(TReveal, "h", m.H, SecretSize)
}
