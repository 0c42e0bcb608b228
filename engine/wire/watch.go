package wire

// Late arrivals and joiners the host approves: what a link is told before it says hello (the
// invite page shows it before the name box), and where an unseated guest's wish to play stands.

// Message types of this file. Host → guest: preview (right after the challenge), seating.
const (
	TPreview Type = "preview"
	TSeating Type = "seating"
)

func init() {
	register(func() Message { return &Preview{} })
	register(func() Message { return &Seating{} })
}

// ByeRefused: the host turned this joiner away (it asked to be let in, or to play next).
const ByeRefused ByeCode = "refused"

// Preview is the table as anyone holding its invite may see it before joining: the host
// player's name, how many seats are taken, the seats the game allows and whether a game is on.
// It carries nothing of any game's hidden state.
type Preview struct {
	Host    string `json:"host,omitempty"`
	Seated  int    `json:"seated"`
	Min     int    `json:"min"`
	Max     int    `json:"max"`
	Started bool   `json:"started,omitempty"`
	// Ask: the host lets each new player in by hand ("ask me before someone joins").
	Ask bool `json:"ask,omitempty"`
	// Blind: the game on is dealt host-blind (engine/blindtable, played beside the table's
	// lobby), so a newcomer watches it until the next game. The host's word: nothing before
	// the join can check it, and an invite page says it as the host's.
	Blind bool `json:"blind,omitempty"`
}

func (*Preview) Type() Type { return TPreview }
func (m *Preview) Check() error {
	if m.Seated < 0 || m.Seated > MaxSeats || m.Min < 0 || m.Min > MaxSeats || m.Max < 0 || m.Max > MaxSeats {
		return bad(TPreview, "seat counts out of range")
	}
	if m.Blind && !m.Started {
		return bad(TPreview, "a blind game that is not on")
	}
	return checkText(TPreview, "host", m.Host, MaxName)
}

// Seating states.
const (
	SeatWaiting = "waiting" // the host has not answered yet
	SeatNext    = "next"    // the host will seat this guest when the next game is set up
)

// Seating tells a guest that is not seated (a watcher, or a joiner waiting for approval) where
// its wish to play stands. A refusal is a Bye with code ByeRefused.
type Seating struct {
	State string `json:"state"`
}

func (*Seating) Type() Type { return TSeating }
func (m *Seating) Check() error {
	if m.State != SeatWaiting && m.State != SeatNext {
		return bad(TSeating, "unknown state %q", m.State)
	}
	return nil
}
