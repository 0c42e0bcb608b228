package table

// A player back in the middle of a deal shuffled without them (the fair-play promise:
// nobody, the host included, can stack a deal). A deal committed while a seat was stood in has
// no share of that seat's player in it. When no other person's share is in it either (a
// two-person table, or every other person away too), the host's secret and its own page's
// share made it alone: a host that cut a player's link on purpose and claimed their share
// never came could have chosen it. So the player who comes back then watches: the stand-in
// keeps the seat until the next deal, which the player helps shuffle, or until the game ends.
// Their page holds the host to it (guestsideline.go): it plays no move of its seat
// in such a deal, and a host that hands the seat back in it is caught. When another person's
// share is in the deal, that person vouches for it, and the seat comes back at once.

import (
	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// dealAlone reports whether the deal in play was dealt without seat's key and with no share
// but those of the host's own person: its player, back now, may not play it.
func (h *Host) dealAlone(seat engine.Seat) bool {
	n := len(h.deals)
	if !h.started || n == 0 || !h.deals[n-1].Applied || h.game.Status().Over {
		return false
	}
	d := h.deals[n-1]
	if !seat.Valid(len(d.Roster)) || len(d.Roster[seat]) > 0 {
		return false
	}
	for i, k := range d.Roster {
		if len(k) > 0 && engine.Seat(i) != seat && !h.hostPerson(i, k) {
			return false // another person's share: they vouch for the deal
		}
	}
	return true
}

// hostPerson says whether key k at seat i is the host's own person's: its key, or an extra
// character of it. Guests tell the host's seat by the lobby alone, so to them such an extra
// character looks like another person (the limit the package doc names); the host, which
// knows, keeps the stand-in for it.
func (h *Host) hostPerson(i int, k []byte) bool {
	hk := string(h.cfg.HostKey)
	return hk != "" && (string(k) == hk || i < len(h.seats) && string(h.seats[i].person()) == hk)
}

// sidelined reports whether seat's player is back at the table while its stand-in finishes
// a deal shuffled without them (dealAlone).
func (h *Host) sidelined(seat engine.Seat) bool {
	s := h.seats[seat]
	return s.StandIn && s.peer != nil
}

// giveBack returns each sidelined seat to its player: at the next deal, before it is
// committed (so the player's key is in it), and when the game ends.
func (h *Host) giveBack() {
	back := false
	for i := range h.seats {
		if h.sidelined(engine.Seat(i)) {
			h.returned(engine.Seat(i))
			back = true
		}
	}
	if back {
		h.broadcastLobby() // before the commitment: guests take a key only where the lobby shows it
	}
}

// playsNot refuses a move, sealed choice or opening from a player whose seat a stand-in plays
// (sidelined until the next deal): their page knows it and sends none.
func (h *Host) playsNot(p *peer, seq uint64, basedOn int) bool {
	if !p.seat.Valid(len(h.seats)) || !h.seats[p.seat].StandIn {
		return false
	}
	h.refuse(p, seq, basedOn, engine.Errorf(wire.KindState, "table: move", "a stand-in plays seat %d until the next deal", p.seat), false)
	return true
}
