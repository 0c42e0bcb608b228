package wire

// An absent player (issue 10, finding 9). When the seat the game waits for has no connection —
// to move, to commit or open a sealed choice, or to seal or reveal its share of a deal — the host
// starts a turn deadline and tells everyone with Away. When it runs out the host's player
// chooses: wait longer, let a bot stand in for the absent seat (shown to everyone as
// SeatInfo.StandIn, each of its moves marked as the stand-in's), or end the game. A player who
// comes back takes the seat back at once, but in a deal dealt without their share and anyone
// else's but the host's: its stand-in finishes that one (SeatInfo.StandIn while Connected).

import (
	"slices"

	"miskatonic/engine"
)

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
	// People numbers the person each of Seats belongs to (from 0, in order of first seat):
	// seats of one person (characters one player holds) share a number and one choice. Empty:
	// each seat is its own person.
	People []int `json:"people,omitempty"`
	// Left is, for each of Seats, the milliseconds left of its person's own countdown when the
	// host sent it (0: run out): each person's runs from when they left, so a second person
	// away is not rushed by the first's. Millis is the least of them, Expired says one has run
	// out. Empty (hosts before version 7): Millis and Expired are everyone's.
	Left []int `json:"left,omitempty"`
}

// PersonLeft is the time left of person p's countdown (Persons' order) when the host sent it,
// and whether it has run out.
func (m *Away) PersonLeft(p int) (millis int, out bool) {
	if len(m.Left) != len(m.Seats) {
		return m.Millis, m.Expired
	}
	millis = -1
	for i, ps := range m.Persons() {
		if i != p {
			continue
		}
		for _, s := range ps {
			if j := slices.Index(m.Seats, s); j >= 0 && (millis < 0 || m.Left[j] < millis) {
				millis = m.Left[j]
			}
		}
	}
	return max(millis, 0), millis <= 0
}

// Persons groups Seats by person (People), in order of each person's first seat.
func (m *Away) Persons() [][]engine.Seat {
	var out [][]engine.Seat
	for i, s := range m.Seats {
		n := len(out)
		if i < len(m.People) {
			n = m.People[i]
		}
		if n >= len(out) {
			out = append(out, nil)
			n = len(out) - 1
		}
		out[n] = append(out[n], s)
	}
	return out
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
	if len(m.People) != 0 && len(m.People) != len(m.Seats) {
		return bad(TAway, "people do not match seats")
	}
	next := 0 // numbered in order of first seat: each is one already seen or the next
	for _, n := range m.People {
		if n < 0 || n > next {
			return bad(TAway, "people out of order")
		}
		if n == next {
			next++
		}
	}
	if m.Millis < 0 {
		return bad(TAway, "negative time left")
	}
	if len(m.Left) != 0 && len(m.Left) != len(m.Seats) {
		return bad(TAway, "times left do not match seats")
	}
	for _, l := range m.Left {
		if l < 0 {
			return bad(TAway, "negative time left")
		}
	}
	return nil
}
