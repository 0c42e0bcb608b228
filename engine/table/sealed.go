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

type sealedRound struct {
	base    int
	active  []engine.Seat // in seat order: the order the moves are applied in
	pledges map[engine.Seat]*wire.Pledge
	opens   map[engine.Seat]*wire.Open
	relayed bool // the complete set of pledges was sent
}

// rank is s's place among the round's seats, or -1.
func (r *sealedRound) rank(s engine.Seat) int { return slices.Index(r.active, s) }

// startSealed opens a sealed round at the current seq (once) and pledges for the bot seats.
// It reports whether the round was also applied: when every seat choosing is a bot, no guest
// will ever open a move, so the host relays the set and applies the round itself.
func (h *Host) startSealed(st engine.Status) bool {
	if h.sealed != nil && h.sealed.base == len(h.moves) {
		return false
	}
	r := &sealedRound{base: len(h.moves), active: slices.Clone(st.Active), pledges: map[engine.Seat]*wire.Pledge{}, opens: map[engine.Seat]*wire.Open{}}
	slices.Sort(r.active)
	h.sealed = r
	for _, s := range r.active {
		if !s.Valid(len(h.seats)) || !h.seats[s].Bot || h.seats[s].botFn == nil {
			continue
		}
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
		c := fair.SealMove(h.table, r.base, m, nonce)
		r.pledges[s] = &wire.Pledge{Base: r.base, Seat: s, C: c[:]}
		r.opens[s] = &wire.Open{Base: r.base, Move: m, Nonce: nonce}
	}
	h.relayPledges()
	return h.applyRound()
}

// relayPledges sends the complete set once every active seat has pledged.
func (h *Host) relayPledges() {
	r := h.sealed
	if r == nil || r.relayed || len(r.pledges) < len(r.active) {
		return
	}
	r.relayed = true
	h.broadcast(h.pledgeSet())
}

func (h *Host) pledgeSet() *wire.Pledges {
	r := h.sealed
	m := &wire.Pledges{Base: r.base}
	for _, s := range r.active {
		m.Pledges = append(m.Pledges, *r.pledges[s])
	}
	return m
}

func (h *Host) pledge(p *peer, seq uint64, m *wire.Pledge) {
	r := h.sealed
	switch {
	case !h.started || r == nil || m.Base != r.base:
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindStale, "table: pledge", "no sealed choice is open at seq %d", m.Base), false)
	case !p.seat.Valid(len(h.seats)) || m.Seat != p.seat || r.rank(p.seat) < 0:
		h.refuse(p, seq, m.Base, engine.Errorf(engine.KindBadSeat, "table: pledge", "seat %d does not choose now", m.Seat), true)
	case !fair.VerifyPledge(h.seats[p.seat].Key, h.table, r.base, m.Seat, [32]byte(m.C), m.Sig):
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindAuth, "table: pledge", "the commitment is not signed by seat %d", p.seat), true)
	case r.pledges[p.seat] != nil:
		if !bytes.Equal(r.pledges[p.seat].C, m.C) {
			h.refuse(p, seq, m.Base, engine.Errorf(engine.KindIllegal, "table: pledge", "seat %d has already committed to a choice", p.seat), true)
		} else if r.relayed {
			h.send(p, h.pledgeSet()) // a resend: it may have missed the set
		}
	default:
		r.pledges[p.seat] = m
		h.relayPledges()
	}
}

func (h *Host) open(p *peer, seq uint64, m *wire.Open) {
	r := h.sealed
	switch {
	case !h.started || r == nil || m.Base != r.base:
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindStale, "table: open", "no sealed choice is open at seq %d", m.Base), false)
	case !p.seat.Valid(len(h.seats)) || m.Move.Seat != p.seat || r.rank(p.seat) < 0:
		h.refuse(p, seq, m.Base, engine.Errorf(engine.KindBadSeat, "table: open", "seat %d does not choose now", m.Move.Seat), true)
	case !r.relayed:
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindState, "table: open", "not every seat has committed yet"), true)
	case r.opens[p.seat] != nil:
		if r.opens[p.seat].Move != m.Move {
			h.refuse(p, seq, m.Base, engine.Errorf(engine.KindIllegal, "table: open", "seat %d has already revealed its choice", p.seat), true)
		}
	case !fair.OpensPledge(h.table, r.base, m.Move, m.Nonce, [32]byte(r.pledges[p.seat].C)):
		h.refuse(p, seq, m.Base, engine.Errorf(engine.KindIllegal, "table: open", "%s is not the choice seat %d committed to", m.Move, p.seat), true)
	case !engine.IsLegal(h.game.Legal(p.seat), m.Move):
		h.refuse(p, seq, m.Base, engine.Errorf(engine.KindIllegal, "table: open", "%s is not a legal choice", m.Move), true)
	case !fair.VerifyMove(h.seats[p.seat].Key, h.table, r.base+1+r.rank(p.seat), m.Move, m.Sig):
		h.refuse(p, seq, m.Base, engine.Errorf(wire.KindAuth, "table: open", "the move is not signed by seat %d for seq %d", p.seat, r.base+1+r.rank(p.seat)), true)
	default:
		r.opens[p.seat] = m
		if h.applyRound() {
			h.advance()
			h.changed()
		}
	}
}

// applyRound applies the round's moves in seat order once every one is open; true if it did.
func (h *Host) applyRound() bool {
	r := h.sealed
	if r == nil || !r.relayed || len(r.opens) < len(r.active) {
		return false
	}
	h.sealed = nil
	for _, s := range r.active {
		o := r.opens[s]
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
		h.persist()
		h.broadcastView(&o.Move)
	}
	return true
}
