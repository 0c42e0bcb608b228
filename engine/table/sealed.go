package table

// Sealed simultaneous moves (engine.Status.Sealed), host side. When the game enters a sealed
// phase the host opens a round at the current seq: every active seat sends a signed Pledge (a
// hiding commitment, fair.SealMove), bots' pledges are made by the host from the bot's choice.
// Once all are in the host relays the complete set (Pledges) to everyone; only then do seats
// Open their moves. Each opening must match its pledge; when all are open the host applies the
// moves in seat order, each view carrying its nonce so every guest's replay checks it. No move
// is applied, and so no view or log carries a choice, before every seat has committed and
// opened: the host, and the host's own seat (a Guest like any other), learn nothing early.

import (
	"bytes"
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// sealedRound is the open round. It goes into the host's snapshot (bots' choices and nonces
// included: the snapshot never leaves the host's browser), so a reloaded host page carries on
// with the commitments already made instead of drawing the bots' choices again.
type sealedRound struct {
	Base    int                          `json:"base"`
	Active  []engine.Seat                `json:"active"` // in seat order: the order the moves are applied in
	Pledges map[engine.Seat]*wire.Pledge `json:"pledges"`
	Opens   map[engine.Seat]*wire.Open   `json:"opens"`
	Relayed bool                         `json:"relayed,omitempty"` // the complete set of pledges was sent
}

// rank is s's place among the round's seats, or -1.
func (r *sealedRound) rank(s engine.Seat) int { return slices.Index(r.Active, s) }

// startSealed opens a sealed round at the current seq (once), then lets the bots commit. It
// reports whether the round was also applied: when every seat choosing is a bot, no guest will
// ever open a move, so the host relays the set and applies the round itself.
func (h *Host) startSealed(st engine.Status) bool {
	if h.sealed == nil || h.sealed.Base != len(h.moves) {
		r := &sealedRound{Base: len(h.moves), Active: slices.Clone(st.Active), Pledges: map[engine.Seat]*wire.Pledge{}, Opens: map[engine.Seat]*wire.Open{}}
		slices.Sort(r.Active)
		h.sealed = r
		h.persist()
	}
	return h.pledgeBots()
}

// pledgeBots commits for every bot seat of the round that has not yet, after BotDelay (a bot
// that locked in the instant a round opened would look like no player at all); the reveal is
// never delayed. It reports whether the round was applied.
func (h *Host) pledgeBots() bool {
	r := h.sealed
	var due []engine.Seat
	for _, s := range r.Active {
		if r.Pledges[s] == nil && h.plays(s) {
			due = append(due, s)
		}
	}
	if len(due) > 0 && h.cfg.BotDelay > 0 && !h.botDue {
		h.botLater()
		return false
	}
	if len(due) > 0 {
		h.botDue = false
	}
	for _, s := range due {
		legal := h.game.Legal(s)
		if len(legal) == 0 {
			continue
		}
		m, err := h.seats[s].botFn(h.game.View(s), legal)
		if err != nil || !engine.IsLegal(legal, m) {
			h.logf("table: bot at seat %d chose %v (%v); playing its first legal move", s, m, err)
			m = legal[0]
		}
		nonce := make([]byte, wire.SecretSize)
		if _, err := h.cfg.Rand.Read(nonce); err != nil {
			h.logf("table: bot nonce: %v", err)
			return false
		}
		c := fair.SealMove(h.table, r.Base, m, nonce)
		r.Pledges[s] = &wire.Pledge{Base: r.Base, Seat: s, C: c[:], StandIn: h.seats[s].StandIn}
		r.Opens[s] = &wire.Open{Base: r.Base, Move: m, Nonce: nonce}
	}
	if len(due) > 0 {
		h.persist() // before the set can go out: a reloaded host must hold these same choices
		h.broadcastLocked()
	}
	h.relayPledges()
	return h.applyRound()
}

// locked is the round's progress: who has committed so far (seat numbers only).
func (h *Host) locked() *wire.Locked {
	r := h.sealed
	m := &wire.Locked{Base: r.Base}
	for _, s := range r.Active {
		if r.Pledges[s] != nil {
			m.Seats = append(m.Seats, s)
		}
	}
	return m
}

// broadcastLocked tells everyone who has committed, until the set itself goes out.
func (h *Host) broadcastLocked() {
	if r := h.sealed; r != nil && !r.Relayed && len(r.Pledges) < len(r.Active) {
		h.broadcast(h.locked())
	}
}

// relayPledges sends the complete set once every active seat has pledged.
func (h *Host) relayPledges() {
	r := h.sealed
	if r == nil || r.Relayed || len(r.Pledges) < len(r.Active) {
		return
	}
	r.Relayed = true
	h.broadcast(h.pledgeSet())
}

func (h *Host) pledgeSet() *wire.Pledges {
	r := h.sealed
	m := &wire.Pledges{Base: r.Base}
	for _, s := range r.Active {
		m.Pledges = append(m.Pledges, *r.Pledges[s])
	}
	return m
}

func (h *Host) pledge(p *peer, seq uint64, m *wire.Pledge) {
	r := h.sealed
	switch {
	case !h.started || r == nil || m.Base != r.Base:
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindStale, "table: pledge", "no sealed choice is open at seq %d", m.Base), false)
	case !p.seat.Valid(len(h.seats)) || m.Seat != p.seat || r.rank(p.seat) < 0:
		h.refuse(p, seq, m.Base, engine.Errorf(engine.KindBadSeat, "table: pledge", "seat %d does not choose now", m.Seat), true)
	case !fair.VerifyPledge(h.seats[p.seat].Key, h.table, r.Base, m.Seat, [32]byte(m.C), m.Sig):
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindAuth, "table: pledge", "the commitment is not signed by seat %d", p.seat), true)
	case r.Pledges[p.seat] != nil && r.Pledges[p.seat].StandIn && r.Relayed:
		h.send(p, h.pledgeSet()) // back after its stand-in's restart: its old choice is void
	case r.Pledges[p.seat] != nil:
		if !bytes.Equal(r.Pledges[p.seat].C, m.C) {
			h.refuse(p, seq, m.Base, engine.Errorf(engine.KindIllegal, "table: pledge", "seat %d has already committed to a choice", p.seat), true)
		} else if r.Relayed {
			h.send(p, h.pledgeSet()) // a resend: it may have missed the set
		}
	default:
		r.Pledges[p.seat] = m
		h.persist()
		h.broadcastLocked()
		h.relayPledges()
		h.checkAway() // the set out, the round may now wait for a seat whose player left
	}
}

func (h *Host) open(p *peer, seq uint64, m *wire.Open) {
	r := h.sealed
	switch {
	case !h.started || r == nil || m.Base != r.Base:
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindStale, "table: open", "no sealed choice is open at seq %d", m.Base), false)
	case !p.seat.Valid(len(h.seats)) || m.Move.Seat != p.seat || r.rank(p.seat) < 0:
		h.refuse(p, seq, m.Base, engine.Errorf(engine.KindBadSeat, "table: open", "seat %d does not choose now", m.Move.Seat), true)
	case !r.Relayed:
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindState, "table: open", "not every seat has committed yet"), true)
	case r.Pledges[p.seat].StandIn:
		// Back after its stand-in's restart (restartSealed): the choice it opens was made void.
		h.send(p, h.pledgeSet())
	case r.Opens[p.seat] != nil:
		if r.Opens[p.seat].Move != m.Move {
			h.refuse(p, seq, m.Base, engine.Errorf(engine.KindIllegal, "table: open", "seat %d has already revealed its choice", p.seat), true)
		}
	case !fair.OpensPledge(h.table, r.Base, m.Move, m.Nonce, [32]byte(r.Pledges[p.seat].C)):
		h.refuse(p, seq, m.Base, engine.Errorf(engine.KindIllegal, "table: open", "%s is not the choice seat %d committed to", m.Move, p.seat), true)
	case !engine.IsLegal(h.game.Legal(p.seat), m.Move):
		h.refuse(p, seq, m.Base, engine.Errorf(engine.KindIllegal, "table: open", "%s is not a legal choice", m.Move), true)
	case !fair.VerifyMoveNow(h.seats[p.seat].Key, h.table, r.Base+1+r.rank(p.seat), m.Move, m.Sig):
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindAuth, "table: open", "the move is not signed by seat %d for seq %d", p.seat, r.Base+1+r.rank(p.seat)), true)
	default:
		r.Opens[p.seat] = m
		if h.applyRound() {
			h.advance()
			h.changed()
		} else {
			h.checkAway()
		}
	}
}

// applyRound applies the round's moves in seat order once every one is open; true if it did.
func (h *Host) applyRound() bool {
	r := h.sealed
	if r == nil || !r.Relayed || len(r.Opens) < len(r.Active) {
		return false
	}
	h.sealed = nil
	for _, s := range r.Active {
		o := r.Opens[s]
		if err := h.game.Apply(o.Move); err != nil {
			// The game broke the sealed contract (an earlier choice changed a later one).
			h.logf("table: sealed move of seat %d refused by the rules: %v", s, err)
			return false
		}
		h.moves, h.sigs = append(h.moves, o.Move), append(h.sigs, o.Sig)
		if h.nonces == nil {
			h.nonces = map[int][]byte{}
		}
		h.nonces[len(h.moves)] = o.Nonce
		if r.Pledges[s].StandIn {
			h.markStandIn(len(h.moves))
		}
		h.persist()
		h.broadcastView(&o.Move)
	}
	return true
}
