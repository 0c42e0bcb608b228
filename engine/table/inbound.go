package table

// Messages from guests: de-duplication, resyncs, refusals, and moves applied to the game.

import (
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// ---- inbound ----

func (h *Host) handle(p *peer, seq uint64, msg wire.Message) {
	if p.closed {
		return
	}
	p.heard = h.clock().Now() // anything, even a duplicate, shows the link is alive
	if !p.fresh(seq) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindDuplicate, "table", "message %d was already received", seq), false)
		return
	}
	if r, ok := msg.(*wire.Resync); ok {
		if r.Alive {
			return // a keep-alive: heard above, nothing asked
		}
		// One resend per peer per resendGap: a resync can ask for hundreds of frames, and must
		// not become a way to make the host flood.
		if now := time.Now(); now.Sub(p.lastResend) >= resendGap {
			p.lastResend = now
			p.resend(r.Next)
		}
		return
	}
	if hello, ok := msg.(*wire.Hello); ok {
		h.hello(p, seq, hello)
		return
	}
	if !p.welcomed {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table", "say hello first"), true)
		return
	}
	switch m := msg.(type) {
	case *wire.Ready:
		if h.started || !p.seat.Valid(len(h.seats)) {
			h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: ready", "not in the lobby"), false)
			return
		}
		if s := h.seats[p.seat]; s.Ready != m.Ready {
			s.Ready = m.Ready
			h.broadcastLobby()
		}
	case *wire.Say:
		h.say(p, m)
	case *wire.Move:
		if !h.playsNot(p, seq, m.BasedOn) {
			h.move(p, seq, m)
		}
	case *wire.Seal:
		h.seal(p, seq, m)
	case *wire.Pledge:
		if !h.playsNot(p, seq, m.Base) {
			h.pledge(p, seq, m)
		}
	case *wire.Open:
		if !h.playsNot(p, seq, m.Base) {
			h.open(p, seq, m)
		}
	case *wire.Contrib:
		h.contrib(p, seq, m)
	case *wire.Need:
		h.need(p, m)
	case *wire.RecordAsk:
		h.recordAsk(p, seq, m)
	default:
		h.refuse(p, seq, 0, engine.Errorf(engine.KindMalformed, "table", "a guest may not send %s", msg.Type()), true)
	}
}

// refuse answers a refused message to its sender only; strike counts it against the guest.
func (h *Host) refuse(p *peer, ref uint64, basedOn int, err error, strike bool) {
	if p.closed {
		return
	}
	kind := engine.KindOf(err)
	if kind == "" {
		kind = engine.KindMalformed
	}
	h.logf("table: guest %d (seat %d): refused message %d: %v", p.id, p.seat, ref, err)
	h.send(p, &wire.Reject{Kind: kind, Ref: ref, BasedOn: basedOn}) // the detail stays in our log
	if strike {
		p.strikes++
		if p.strikes > h.cfg.MaxStrikes {
			h.dropPeer(p, &wire.Bye{Kind: kind, Code: wire.ByeFlood})
		}
	}
}
func (h *Host) move(p *peer, seq uint64, m *wire.Move) {
	switch {
	case !h.started:
		h.refuse(p, seq, m.BasedOn, engine.Errorf(wire.KindState, "table: move", "the game has not started"), false)
	case !p.seat.Valid(len(h.seats)):
		h.refuse(p, seq, m.BasedOn, engine.Errorf(engine.KindBadSeat, "table: move", "an observer cannot move"), true)
	case m.Move.Seat != p.seat:
		h.refuse(p, seq, m.BasedOn, engine.Errorf(engine.KindBadSeat, "table: move", "seat %d cannot move for seat %d", p.seat, m.Move.Seat), true)
	case h.sealed != nil:
		// A sealed choice is committed and opened, never sent in the clear.
		h.refuse(p, seq, m.BasedOn, engine.Errorf(wire.KindState, "table: move", "this choice is sealed: commit to it first"), false)
	case m.Move.Kind == engine.KindDeal:
		h.refuse(p, seq, m.BasedOn, engine.Errorf(engine.KindBadSeat, "table: move", "only the dealer deals"), true)
	case m.BasedOn != len(h.moves):
		h.refuse(p, seq, m.BasedOn, engine.Errorf(wire.KindStale, "table: move", "based on seq %d, the game is at %d", m.BasedOn, len(h.moves)), false)
	case !fair.VerifyMoveNow(h.seats[p.seat].Key, h.table, len(h.moves)+1, m.Move, m.Sig):
		// Every guest checks this signature in its replay: a move the host cannot show signed
		// by its seat would fail the deal for everyone.
		h.refuse(p, seq, m.BasedOn, engine.Errorf(wire.KindAuth, "table: move", "the move is not signed by seat %d for seq %d", p.seat, len(h.moves)+1), true)
	default:
		if err := h.apply(m.Move, m.Sig); err != nil {
			h.refuse(p, seq, m.BasedOn, err, false)
		}
	}
}

// apply makes a move on the game, tells everyone, and moves the table on (deals, bots).
func (h *Host) apply(m engine.Move, sig []byte) error {
	if err := h.game.Apply(m); err != nil {
		return err
	}
	h.moves, h.sigs = append(h.moves, m), append(h.sigs, sig)
	h.persist()
	h.broadcastView(&m)
	h.advance()
	h.changed()
	return nil
}

// advance runs whatever the game now waits for that the host provides (reveals, deals, bots),
// then sees whether it waits for an absent player.
func (h *Host) advance() {
	h.advanceGame()
	h.checkAway()
}

func (h *Host) advanceGame() {
	for h.started {
		st := h.game.Status()
		if st.Over {
			h.giveBack() // no deal in play any more: a sidelined player has their seat again
			h.signHead()
			h.revealOpen()
			if !h.overSent {
				h.overSent = true
				h.doneMu.Lock()
				close(h.done)
				h.doneMu.Unlock()
				h.changed()
			}
			return
		}
		if st.Deal != nil {
			if !h.dealFor(*st.Deal) {
				return
			}
			continue
		}
		if st.Sealed {
			if !h.startSealed(st) {
				return
			}
			continue
		}
		if !h.botTurn(st) {
			return
		}
	}
}

// revealOpen reveals every applied, unrevealed deal.

// need answers a guest whose replay waits for moves: one log chunk from the index it names, at
// most once per resendGap (like a resync, it must not become a way to make the host flood).
func (h *Host) need(p *peer, m *wire.Need) {
	if !h.started || m.From >= len(h.moves) {
		return
	}
	if now := time.Now(); now.Sub(p.lastNeed) >= resendGap {
		p.lastNeed = now
		h.send(p, h.logChunk(m.From, min(len(h.moves), m.From+wire.MaxLogMoves)))
	}
}
