package session

// An absent player at a host-blind table. engine/table runs no game there, so the host tells it
// which seats the blind game waits for (table.Host.Beside) and the table runs its own turn
// deadline for them, as for a game of its own: one countdown per person, from when that
// person's link went, sent to every page (wire.Away, as the screens already draw it). After it
// the host may have a stand-in play the seat (blindtable.Host.StandIn: the others publish their
// escrowed shares of its key, and the round goes on), wait longer (table.Host.Wait), or end the
// game. A player who comes back takes the seat back (blindtable.Host.Back).

import (
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/blindtable"
)

// tellWaits tells the table which seats the blind game waits for when their players are gone
// (host): its key holders that no stand-in plays, none once the game is over or stopped.
func (b *blind) tellWaits(cl *blindtable.Client) {
	var waits []engine.Seat
	cl.Do(func(p *blindtable.Page) {
		st := p.State()
		if st.Blind().Status().Over || p.Verdict() != nil {
			return
		}
		for _, x := range st.Blind().Holders() {
			if !st.StoodIn(x) {
				waits = append(waits, x)
			}
		}
	})
	b.mu.Lock()
	same := b.waits != nil && slices.Equal(b.waits, waits)
	b.waits = append([]engine.Seat{}, waits...)
	b.mu.Unlock()
	if same {
		return
	}
	if err := b.s.host.Beside(waits); err != nil {
		logf("session: the blind game's seats to the table: %v", err)
	}
}

// comeBack gives stood-in seats back to players who are connected again (host).
func (b *blind) comeBack(snap Snapshot) {
	if b == nil {
		return
	}
	b.mu.Lock()
	h, cl := b.host, b.client
	b.mu.Unlock()
	if h == nil || cl == nil {
		return
	}
	var back []engine.Seat
	cl.Do(func(p *blindtable.Page) {
		for _, x := range snap.Lobby.Seats {
			if !x.Bot && x.Connected && p.State().StoodIn(x.Seat) {
				back = append(back, x.Seat)
			}
		}
	})
	for _, x := range back {
		if err := h.Back(x); err != nil {
			logf("session: seat %d back at the blind table: %v", x, err)
		}
	}
}

// standIn has the host's page play absent key holder x (host, once the countdown ran out).
func (b *blind) standIn(x engine.Seat) error {
	b.mu.Lock()
	h := b.host
	b.mu.Unlock()
	if h == nil {
		return errNotHost
	}
	return h.StandIn(x)
}
