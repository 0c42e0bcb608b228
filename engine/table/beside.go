package table

// A game played beside the lobby (issue 25: host-blind Arkham Ritual, engine/blindtable). The
// app runs that game between the pages itself; this table stays in its lobby and keeps what it
// is for — the roster and keys, talk, links and reconnects — and, while the game is on, says so
// at the door and keeps the away countdown, as it does for its own games:
//
//   - a link's preview says a game is on and that it is dealt host-blind (wire.Preview.Blind:
//     the host's word, which an invite page can only repeat as such);
//   - newcomers wait as watchers (a seat would be one the game's roster lacks), and one the host
//     agrees to seat is told so at once (wire.SeatNext) and seated when the game is closed;
//   - the seats the game waits for (its key holders whom no stand-in or host's bot plays) get the
//     open table's turn deadline: one per person, run from when that person's link went, not
//     started again when someone else leaves or comes back (away.go), sent to every page as
//     wire.Away and kept by the host's clock.

import (
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// besideGame is the game beside the lobby, as this table knows it.
type besideGame struct {
	on    bool
	waits []engine.Seat // the seats it waits for when their players are gone
}

// Beside says a host-blind game is played beside the lobby and which seats it waits for (its key
// holders whom no stand-in or bot plays; none once it is over). Called again whenever that
// changes; the table must be in its lobby.
func (h *Host) Beside(waits []engine.Seat) error {
	err := error(errClosedHost)
	h.do(func() {
		if h.started {
			err = engine.Errorf(wire.KindState, "table: beside", "the table plays its own game")
			return
		}
		err = nil
		waits = slices.Clone(waits)
		slices.Sort(waits)
		waits = slices.Compact(waits)
		was := h.beside.on
		h.beside = besideGame{on: true, waits: waits}
		if !was {
			h.persist() // before anyone is held at the door for it
			h.changed()
		}
		h.checkAway()
	})
	return err
}

// EndBeside closes the game beside the lobby (Play again): the watchers the host agreed to are
// seated, while seats are free, and the away countdown stops.
func (h *Host) EndBeside() {
	h.do(func() {
		if !h.beside.on {
			return
		}
		h.beside = besideGame{}
		h.checkAway()
		seated := h.seatAdmitted()
		h.persist()
		for _, p := range seated {
			h.welcome(p)
		}
		h.broadcastLobby()
		h.changed()
	})
}

// besideAbsent lists the seats the game beside the lobby waits for whose players have no link.
func (h *Host) besideAbsent() []engine.Seat {
	var out []engine.Seat
	for _, s := range h.beside.waits {
		if s.Valid(len(h.seats)) && !h.seats[s].Bot && h.seats[s].peer == nil {
			out = append(out, s)
		}
	}
	return out
}
