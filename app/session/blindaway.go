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

// comeBack gives seats back to players who are connected again (host): a stood-in seat at
// once, and one dealt as a bot seat since a round's end (its player was not back in time) from
// the next deal the protocol allows, when the player's page posts that deal's keys again
// (blindtable: at once if no key of the coming deal is in, else once the round in play ends).
// As at an open table, where a returning person takes the seat back from its bot.
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
		st := p.State()
		if st.Blind().Status().Over || p.Verdict() != nil {
			return
		}
		for _, x := range snap.Lobby.Seats {
			away := st.Away(x.Seat) && !st.Returning(x.Seat) // a bot's seat, its Back not yet in
			if !x.Bot && x.Connected && (st.StoodIn(x.Seat) || away) {
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
