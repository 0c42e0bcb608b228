package table

// Restarts charged to the seat that caused them (issue 23, items 7 and 8). A deal whose seals
// were all relayed starts again only because of one seat: it sealed again (its page lost the
// share, or it is trying to kill the game), or it never revealed its share in time. The host
// names that seat — a reseal by the seal itself, signed by the seat over the commitment it
// replaces (wire.Commit.Cause); a withheld share by standing the seat in, which every guest sees
// in the lobby — and every guest counts restarts per seat (guestcharge.go). A seat that has
// cost the deal maxCharges restarts, or withheld its share past HostConfig.ShareTimeout, is
// benched: a stand-in takes the seat, publicly, its link is closed, and its player may not take
// the seat back until the deal is dealt. The game goes on without it; nobody else pays.

import (
	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// maxCharges is how many restarts of one deal a seat may cause; the last of them is the one
// that benches it. Guests accept maxRestarts per seat (>= maxCharges).
const maxCharges = 2

// resealed handles a new seal from seat after the deal's set of seals went out: the deal starts
// again, charged to seat, or the seat is benched.
func (h *Host) resealed(d *dealState, m *wire.Seal) {
	if d.Charges == nil {
		d.Charges = map[int]int{}
	}
	seat := m.Seat
	if d.Charges[int(seat)]+1 >= maxCharges && h.bench(d, seat, "sealed again") {
		return
	}
	if d.Charges[int(seat)]+1 > maxRestarts {
		// The host's own seat, which cannot be benched: its guests would refuse this restart.
		h.logf("table: seat %d sealed deal %d again past its restarts; refused", seat, d.Epoch)
		return
	}
	d.Charges[int(seat)]++
	h.logf("table: seat %d sealed deal %d again; restarting the deal, charged to seat %d", seat, d.Epoch, seat)
	h.restart(d, &wire.Share{Seat: seat, S: m.SC, Sig: m.Sig})
}

// withheld benches every contributor whose share of d did not come in time. It reports false
// if none could be (the host's own seat): the deal then starts again, charged to nobody.
func (h *Host) withheld(d *dealState) bool {
	var missing []engine.Seat // first: each bench commits the deal again, with no shares in
	for _, s := range d.context(h.rules.Name(), h.table).Contributors() {
		if d.Shares[int(s)] == nil {
			missing = append(missing, s)
		}
	}
	benched := false
	for _, s := range missing {
		if h.bench(d, s, "withheld its share") {
			benched = true
		}
	}
	return benched
}

// bench seats a stand-in for seat until d is dealt, publicly, and commits d again without it.
// The host's own seat is never benched (the host's player is the one who would choose to).
func (h *Host) bench(d *dealState, seat engine.Seat, why string) bool {
	if !seat.Valid(len(h.seats)) || h.seats[seat].Bot || h.seats[seat].StandIn || h.isHostSeat(seat) {
		return false
	}
	s := h.seats[seat]
	if d.Charges == nil {
		d.Charges = map[int]int{}
	}
	d.Charges[int(seat)]++
	level := h.cfg.StandInLevel
	s.StandIn, s.Level, s.Benched = true, level, d.Epoch
	if h.cfg.Bots != nil {
		s.botFn = h.cfg.Bots(level)
	}
	h.logf("table: seat %d (%s) %s in deal %d; a stand-in takes the seat until the deal is dealt", seat, s.Name, why, d.Epoch)
	if p := s.peer; p != nil {
		h.dropPeer(p, &wire.Bye{Kind: wire.KindState, Code: wire.ByeDropped})
	}
	h.broadcastLobby() // first: guests accept a deal without this seat only once shown why
	h.rosterChanged(seat)
	return true
}

// unbench ends the benches of deal epoch once it is dealt: a stand-in without a bot leaves the
// seat to its absent player (the turn deadline then applies, as for anyone away).
func (h *Host) unbench(epoch int) {
	changed := false
	for _, s := range h.seats {
		if s.Benched != epoch {
			continue
		}
		s.Benched, changed = 0, true
		if s.botFn == nil {
			s.StandIn, s.Level = false, ""
		}
	}
	if changed {
		h.broadcastLobby()
	}
}

func (h *Host) isHostSeat(seat engine.Seat) bool {
	return len(h.cfg.HostKey) > 0 && string(h.seats[seat].Key) == string(h.cfg.HostKey)
}
