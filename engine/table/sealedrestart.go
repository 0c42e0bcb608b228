package table

// A sealed round restarted for an absent seat (issue 23, item 8). A player whose link drops
// after the complete set of commitments was relayed, but before it opened its own, holds the
// only opening of its choice: without this the table would wait for it for good. When the
// turn deadline has passed and the host's player stands a bot in for it (StandIn, shown to
// everyone in the lobby first), the round's set starts again for that seat alone: the
// stand-in commits anew, its commitment replaces the absent player's, and the set is relayed
// again, a visible restart charged to that seat (the one stood in).
//
// Why nobody can change or reveal a choice through it:
//   - Nothing of the round has been applied: the host applies the moves only once every seat
//     has opened, and the absent seat has not. So no view or log carries any choice yet, and
//     the restart reveals nothing; the absent player's own choice is dropped unopened.
//   - Every other seat's commitment stays exactly as relayed: a guest's auditor accepts the
//     new set only if it differs from the old one in seats whose player's commitment became a
//     stand-in's (fair.Auditor.restartable), and the openings already sent to the host stay
//     bound to those unchanged commitments. A seat that has revealed (to the host) cannot take
//     its choice back, and one that has not still opens the commitment it made before any
//     choice could be known.
//   - Only the stand-in chooses anew, after the set went out. It is the host's bot, and the
//     host holds the openings that came in: that is no more than a host already knows (bots
//     are the host's), and the absent player's own seat is what it plays. A seat is restarted
//     at most once per round (a stand-in's commitment is never replaced), so this cannot be
//     used to stall a game either.
//   - A connected player is never replaced: StandIn refuses a connected seat, and a guest
//     whose own seat's commitment became a stand-in's while it was at the table fails the
//     deal (rule 3, checkSealedSet); for another seat, only where a lobby showed that seat
//     stood in (rule 2, standInPledged).

import "miskatonic/engine"

// restartSealed restarts the relayed set of the open sealed round for seat, just stood in: its
// player's commitment (and opening, if any came) is dropped and the stand-in commits at once
// (no BotDelay: the others wait on it), then the new set goes out.
func (h *Host) restartSealed(seat engine.Seat) {
	r := h.sealed
	if r == nil || !r.Relayed || r.Pledges[seat] == nil || r.Pledges[seat].StandIn || r.Opens[seat] != nil {
		return
	}
	h.logf("table: seat %d left after the sealed set at seq %d went out; the set starts again for its stand-in, charged to seat %d", seat, r.Base, seat)
	delete(r.Pledges, seat)
	r.Relayed = false
	h.persist()
	h.botDue = true
}
