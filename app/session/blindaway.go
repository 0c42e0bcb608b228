package session

// An absent player at a host-blind table: engine/table runs no game there, so its turn deadline
// does not run either. The table's lobby still says who is connected; here a key holder gone
// mid-game gets the same countdown on every page (wire.Away, as the screens already draw it),
// after which the host may have a stand-in play the seat (blindtable.Host.StandIn: the others
// publish their escrowed shares of its key, and the round goes on), wait longer, or end the
// game. A player who comes back takes the seat back (blindtable.Host.Back).

import (
	"slices"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/wire"
)

// blindAwayWait is how long a page counts down for an absent key holder: the open table's turn
// deadline (engine/table's default, 30 s), so a player is waited for as long whichever way the
// table deals, as the Fair play page says.
const blindAwayWait = 30 * time.Second

// away fills snap.Away from the lobby's connections and the game's stand-ins.
func (b *blind) away(snap *Snapshot, cl *blindtable.Client) {
	var gone []engine.Seat
	var stood map[engine.Seat]bool
	over := false
	cl.Do(func(p *blindtable.Page) {
		stood = map[engine.Seat]bool{}
		for _, x := range snap.Lobby.Seats {
			if p.State().StoodIn(x.Seat) {
				stood[x.Seat] = true
			}
		}
		over = p.State().Blind().Status().Over || p.Verdict() != nil
	})
	for _, x := range snap.Lobby.Seats {
		if !x.Bot && !x.Connected && !stood[x.Seat] {
			gone = append(gone, x.Seat)
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if over || len(gone) == 0 {
		b.goneSince, b.goneSeats = time.Time{}, nil
		snap.Away = nil
		return
	}
	if !slices.Equal(gone, b.goneSeats) || b.goneSince.IsZero() {
		b.goneSince, b.goneSeats = time.Now(), gone
	}
	left := b.awayWait - time.Since(b.goneSince)
	snap.Away = &wire.Away{Seats: gone, Millis: int(max(left, 0) / time.Millisecond), Expired: left <= 0}
	snap.AwayAt = time.Now()
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

// waitLonger starts the countdown again (host).
func (b *blind) waitLonger() {
	b.mu.Lock()
	b.goneSince = time.Now()
	b.mu.Unlock()
	b.s.notify()
}
