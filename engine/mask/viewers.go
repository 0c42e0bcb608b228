package mask

// Viewer sets: who may see a card an opening reveals. Whoever gathers every holder's token of a
// card reads it, so a holder's token goes to the members of V and nowhere else; in clear only
// when V is everyone. This one rule keeps every later opening safe without reasoning case by
// case.

import (
	"slices"

	"miskatonic/engine"
)

// Viewers is an opening's viewer set: everyone (a public opening), or the listed seats.
type Viewers struct {
	All   bool          `json:"all,omitempty"`
	Seats []engine.Seat `json:"seats,omitempty"`
}

// Everyone is a public opening.
func Everyone() Viewers { return Viewers{All: true} }

// Only is a private opening for the given seats.
func Only(seats ...engine.Seat) Viewers {
	s := slices.Clone(seats)
	slices.Sort(s)
	return Viewers{Seats: slices.Compact(s)}
}

// AllBut is every seat of seats except the excluded ones (a card facing outward: everyone but
// its holder).
func AllBut(seats []engine.Seat, except ...engine.Seat) Viewers {
	var out []engine.Seat
	for _, s := range seats {
		if !slices.Contains(except, s) {
			out = append(out, s)
		}
	}
	return Only(out...)
}

// Has reports whether seat may see the card.
func (v Viewers) Has(seat engine.Seat) bool { return v.All || slices.Contains(v.Seats, seat) }

// Recipients is where holder from sends its token for an opening with viewer set v: public when
// v is everyone; otherwise the key holders in v other than from itself (from, if it is in v,
// keeps its own token). Seats in v that hold no key (bots, stand-ins) get nothing: a bot sees
// what its page's person may see, and that person's own seat is what the page receives for.
func Recipients(v Viewers, holders []engine.Seat, from engine.Seat) (public bool, to []engine.Seat) {
	if v.All {
		return true, nil
	}
	for _, s := range holders {
		if s != from && v.Has(s) && !slices.Contains(to, s) {
			to = append(to, s)
		}
	}
	slices.Sort(to)
	return false, to
}
