package table

import (
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// TestBenchedSeatComesBack (the relayed game over Nostr that convicted an honest host): seat
// 2's link is so slow that its share of the first deal never reaches the host, which stands a
// bot in for it (a Bye, then a lobby and a new commitment without it that seat 2 never gets),
// deals without it, and plays on. Seat 2's page, the same Guest, comes back on a new link: the
// host's catch-up shows today's lobby (its seat its own again) and the deal's last commitment
// (its seat left out). That change happened while it was away — the lobby that showed it went
// to the others, who judged it — so it is no lie: the page verifies every deal like the rest.
// Seats 0 and 1 are two other people (the host has no seat here), whose shares are in the deal
// seat 2 comes back to: they vouch for it, so the seat is its player's again at once, not its
// stand-in's until the next deal as at a table of two (TestSidelinedUntilNextDeal).
func TestBenchedSeatComesBack(t *testing.T) {
	defer checkNoLeak(t)()
	lost := true
	tt := chargeTable(t, 77, func(**Guest) func(engine.Seat, wire.Message) wire.Message {
		return func(_ engine.Seat, m wire.Message) wire.Message {
			if _, ok := m.(*wire.Contrib); ok && lost {
				return &wire.Resync{Next: 1 << 40} // the share lost on the way
			}
			return m
		}
	})
	slow := playWithoutSeat2(tt)
	tt.waitFor("the first deal dealt without seat 2", func() bool {
		dealt := false
		tt.host.do(func() { dealt = len(tt.host.deals) > 0 && tt.host.deals[0].Applied && tt.host.seats[2].Benched == 0 })
		return dealt
	})
	slow.mu.Lock()
	lost = false
	slow.mu.Unlock()
	a, b := Pipe()
	tt.host.AddGuest(a)
	slow.Reconnect(b)
	tt.waitFor("seat 2 back", func() bool {
		st := slow.State()
		return st.Connected && st.Seat == 2 && st.HasView && len(st.Lobby.Seats) == 3 && !st.Lobby.Seats[2].StandIn
	})
	if st := slow.State(); st.Sidelined {
		t.Fatalf("seat 2 sidelined in a deal other people's shares are in")
	}
	tt.guests = append(tt.guests, slow)
	tt.wg.Add(1)
	go driver(slow, tt.rand, tt.stop, &tt.wg)
	tt.finish()
	tt.checkViews()
	tt.close()
}
