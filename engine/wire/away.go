package wire

// An absent player (issue 10, finding 9). When the seat the game waits for has no connection —
// to move, to commit or open a sealed choice, or to seal or reveal its share of a deal — the host
// starts a turn deadline and tells everyone with Away. When it runs out the host's player
// chooses: wait longer, let a bot stand in for the absent seat (shown to everyone as
// SeatInfo.StandIn, each of its moves marked as the stand-in's), or end the game. A player who
// comes back takes the seat back at once.

import "miskatonic/engine"

// TAway is the type of Away.
const TAway Type = "away"

func init() { register(func() Message { return &Away{} }) }

// Away says whose absence holds the table up. Seats empty: nobody's (the deadline is off).
// Millis is the time left until the host may act, counted when the host sent it (clocks are
// never compared across pages); Expired says the time is up and the host is choosing.
type Away struct {
	Seats   []engine.Seat `json:"seats,omitempty"`
	Millis  int           `json:"millis,omitempty"`
	Expired bool          `json:"expired,omitempty"`
}

func (*Away) Type() Type { return TAway }
func (m *Away) Check() error {
	if err := checkMax(TAway, "seats", len(m.Seats), MaxSeats); err != nil {
		return err
	}
	for _, s := range m.Seats {
		if err := checkSeat(TAway, s); err != nil {
			return err
		}
	}
	if m.Millis < 0 {
		return bad(TAway, "negative time left")
	}
	return nil
}
