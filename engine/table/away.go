package table

// Absent players (issue 10, finding 9). When the game waits for a seat whose player has no
// connection — its turn, its sealed commitment or opening, its seal or share of a deal — the
// host starts a turn deadline (HostConfig.TurnTimeout) and tells everyone (wire.Away). When
// it runs out the host's player chooses: Wait longer, StandIn (a bot plays the seat, shown to
// everyone, until the player comes back) or End the game. Only the host's own page can choose:
// nothing a guest sends seats a stand-in, for its own seat or another's.
//
// A stand-in has no identity key, so it shares in no deal: a deal waiting for the absent seat
// is committed again without it (as bots are never contributors), which every guest accepts
// only because the lobby showed the stand-in first. Its moves and commitments are unsigned
// and marked as the stand-in's in every view and log. A player who comes back (by identity
// key or seat token) takes the seat back at once: a stand-in's commitment nobody has seen yet
// is withdrawn, so they choose themselves, and a deal still waiting for shares is committed
// again with their key. Only a deal dealt without their share and with no other person's
// keeps its stand-in until the next deal (sideline.go): the host could have chosen that one.

import (
	"slices"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// plays reports whether the host moves for seat s: a bot's seat, or a stand-in's.
func (h *Host) plays(s engine.Seat) bool {
	return s.Valid(len(h.seats)) && (h.seats[s].Bot || h.seats[s].StandIn) && h.seats[s].botFn != nil
}

// absent lists the seats the game now waits for whose players have no connection.
func (h *Host) absent() []engine.Seat {
	if h.beside.on {
		return h.besideAbsent()
	}
	if !h.started || h.game == nil {
		return nil
	}
	st := h.game.Status()
	if st.Over {
		return nil
	}
	var want []engine.Seat
	switch {
	case st.Deal != nil:
		if n := len(h.deals); n > 0 && !h.deals[n-1].Applied {
			d := h.deals[n-1]
			for _, s := range d.context(h.rules.Name(), h.table).Contributors() {
				if !d.SealsSent && d.Seals[int(s)] == nil || d.SealsSent && d.Shares[int(s)] == nil {
					want = append(want, s)
				}
			}
		}
	case st.Sealed && h.sealed != nil:
		r := h.sealed
		for _, s := range r.Active {
			if !r.Relayed && r.Pledges[s] == nil || r.Relayed && r.Opens[s] == nil {
				want = append(want, s)
			}
		}
	default:
		want = st.Active
	}
	var out []engine.Seat
	for _, s := range want {
		if s.Valid(len(h.seats)) && !h.seats[s].Bot && !h.seats[s].StandIn && h.seats[s].peer == nil {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// left notes that seat's player has just lost their connection.
func (h *Host) left(seat engine.Seat) {
	if h.gone == nil {
		h.gone = map[engine.Seat]time.Time{}
	}
	h.gone[seat] = h.clock().Now()
}

// goneAt is when seat's player left; a seat found absent with no note (a resumed host) left now.
func (h *Host) goneAt(seat engine.Seat) time.Time {
	t, ok := h.gone[seat]
	if !ok {
		h.left(seat)
		t = h.gone[seat]
	}
	return t
}

// deadline is when the table stops waiting for seats: one deadline per person, run from when
// they left (not from when the game first waits for one of their seats), so a person holding
// two characters, or whose turn comes long after they left, costs one deadline, not one per
// seat and turn. The host's "wait longer" gives everyone a full one again.
func (h *Host) deadline(seats []engine.Seat) time.Time {
	var until time.Time
	for i, s := range seats {
		t := h.goneAt(s)
		if t.Before(h.waitFrom) {
			t = h.waitFrom
		}
		if t = t.Add(h.cfg.TurnTimeout); i == 0 || t.Before(until) {
			until = t
		}
	}
	return until
}

// personDeadline is when the table stops waiting for seat s's person (one of seats): the
// earliest of that person's absent seats' deadlines. Each person's is their own, so a second
// person who left later is not rushed by the first's.
func (h *Host) personDeadline(s engine.Seat, seats []engine.Seat) time.Time {
	who := string(h.seats[s].person())
	var mine []engine.Seat
	for _, o := range seats {
		if string(h.seats[o].person()) == who {
			mine = append(mine, o)
		}
	}
	return h.deadline(mine)
}

// checkAway starts, updates or stops the turn deadline after anything changed.
func (h *Host) checkAway() {
	for s := range h.gone {
		if !s.Valid(len(h.seats)) || h.seats[s].peer != nil || h.seats[s].Bot {
			delete(h.gone, s) // back (or gone from the table): a later loss starts anew
		}
	}
	seats := h.absent()
	if len(seats) == 0 {
		if h.away != nil {
			h.stopAway()
			h.away, h.awayExpired, h.awayRunOut = nil, false, 0
			h.broadcast(&wire.Away{})
			h.changed()
		}
		return
	}
	now := h.clock().Now()
	until := h.deadline(seats)
	expired := !now.Before(until)
	// Look again when the next person's own time runs out, and tell everyone then.
	runOut, next := 0, time.Time{}
	for _, s := range seats {
		if d := h.personDeadline(s, seats); !now.Before(d) {
			runOut++
		} else if next.IsZero() || d.Before(next) {
			next = d
		}
	}
	if slices.Equal(seats, h.away) && until.Equal(h.awayUntil) && expired == h.awayExpired && runOut == h.awayRunOut {
		return
	}
	if expired && !h.awayExpired {
		h.logf("table: seats %v away past the turn deadline; the host chooses", seats)
	}
	h.away, h.awayUntil, h.awayExpired, h.awayRunOut = seats, until, expired, runOut
	h.stopAway()
	if !next.IsZero() {
		h.startAway(next)
	}
	h.broadcast(h.awayMsg())
	h.changed()
}

// startAway looks again when the deadline runs out.
func (h *Host) startAway(until time.Time) {
	h.awayGen++
	gen := h.awayGen
	h.awayTimer = h.clock().AfterFunc(until.Sub(h.clock().Now()), func() {
		select {
		case h.events <- event{call: func() {
			if gen == h.awayGen {
				h.awayTimer = nil
				h.checkAway()
			}
		}, reply: make(chan struct{})}:
		case <-h.quit:
		}
	})
}

func (h *Host) stopAway() {
	if h.awayTimer != nil {
		h.awayTimer.Stop()
		h.awayTimer = nil
	}
	h.awayGen++
}

func (h *Host) awayMsg() *wire.Away {
	m := &wire.Away{Seats: slices.Clone(h.away), Expired: h.awayExpired, People: h.people(h.away)}
	now := h.clock().Now()
	if !h.awayExpired {
		m.Millis = int(max(0, h.awayUntil.Sub(now).Milliseconds()))
	}
	m.Left = make([]int, len(h.away))
	for i, s := range h.away {
		m.Left[i] = int(max(0, h.personDeadline(s, h.away).Sub(now).Milliseconds()))
	}
	return m
}

// people numbers the person of each of seats (wire.Away.People), in order of first seat.
func (h *Host) people(seats []engine.Seat) []int {
	var keys []string
	out := make([]int, len(seats))
	for i, s := range seats {
		k := string(h.seats[s].person())
		n := slices.Index(keys, k)
		if n < 0 {
			n, keys = len(keys), append(keys, k)
		}
		out[i] = n
	}
	return out
}

// AwayState is the turn deadline as the host's UI shows it.
type AwayState struct {
	Seats   []engine.Seat // absent seats the game waits for (none: no deadline)
	Until   time.Time     // when the deadline runs out
	Expired bool          // it has: the host chooses (Wait, StandIn or End)
}

// Away reports the turn deadline, if one runs.
func (h *Host) Away() AwayState {
	var a AwayState
	h.do(func() { a = AwayState{Seats: slices.Clone(h.away), Until: h.awayUntil, Expired: h.awayExpired} })
	return a
}

// Wait gives absent players another TurnTimeout, from now.
func (h *Host) Wait() error {
	err := error(errClosedHost)
	h.do(func() {
		if h.away == nil {
			err = engine.Errorf(wire.KindState, "table: wait", "nobody is away")
			return
		}
		err, h.waitFrom = nil, h.clock().Now()
		h.checkAway()
	})
	return err
}

// StandIn seats a bot (fn, of level) in an absent player's seat until they come back. The seat
// must be one the game waits for whose player has no connection. A seat whose sealed choice is
// committed and relayed but not opened restarts the round's set for that seat (restartSealed).
func (h *Host) StandIn(seat engine.Seat, level string, fn BotFunc) error {
	err := error(errClosedHost)
	h.do(func() { err = h.standIn(seat, level, fn) })
	return err
}

func (h *Host) standIn(seat engine.Seat, level string, fn BotFunc) error {
	switch {
	case fn == nil:
		return engine.Errorf(engine.KindBadConfig, "table: stand-in", "no bot function")
	case !h.started || !seat.Valid(len(h.seats)) || h.seats[seat].Bot || h.seats[seat].StandIn:
		return engine.Errorf(engine.KindBadSeat, "table: stand-in", "seat %d has no player to stand in for", seat)
	case h.seats[seat].peer != nil:
		return engine.Errorf(wire.KindState, "table: stand-in", "seat %d is connected", seat)
	case !slices.Contains(h.absent(), seat):
		return engine.Errorf(wire.KindState, "table: stand-in", "the game does not wait for seat %d", seat)
	}
	for _, m := range h.samePerson(seat) {
		f := fn
		if h.cfg.Bots != nil {
			if b := h.cfg.Bots(level); b != nil {
				f = b // each seat its own bot: a bot may keep state between moves
			}
		}
		h.seatStandIn(m, level, f)
	}
	h.seatStandIn(seat, level, fn)
	h.advance()
	return nil
}

// samePerson lists the person's other seats, with no connection and no stand-in, that are
// seat's person's (seatState.person: the same key, or vouched for by it): stood in for at once, in
// one choice. Two people whose tabs died at the same moment are two choices.
func (h *Host) samePerson(seat engine.Seat) []engine.Seat {
	who := h.seats[seat].person()
	var out []engine.Seat
	for i, s := range h.seats {
		if o := engine.Seat(i); o != seat && !s.Bot && !s.StandIn && s.peer == nil && string(s.person()) == string(who) {
			out = append(out, o)
		}
	}
	return out
}

// seatStandIn seats the bot fn in seat (standIn has checked it may).
func (h *Host) seatStandIn(seat engine.Seat, level string, fn BotFunc) {
	s := h.seats[seat]
	s.StandIn, s.Level, s.botFn = true, level, fn
	h.logf("table: a bot stands in for seat %d (%s)", seat, s.Name)
	if r := h.sealed; r != nil && !r.Relayed && r.Pledges[seat] != nil {
		// The absent player committed but the set never went out: nobody saw it, and the
		// opening left with them. The stand-in chooses instead.
		delete(r.Pledges, seat)
		delete(r.Opens, seat)
	}
	h.broadcastLobby() // first: guests accept a deal without this seat only once shown why
	h.restartSealed(seat)
	h.rosterChanged(seat)
}

// rosterChanged commits the open deal again when seat's key in its roster is no longer the
// one the lobby shows (a stand-in came, or its player came back).
func (h *Host) rosterChanged(seat engine.Seat) {
	n := len(h.deals)
	if n == 0 || h.deals[n-1].Applied {
		return
	}
	d := h.deals[n-1]
	s := h.seats[seat]
	want := s.Key
	if s.Bot || s.StandIn {
		want = nil
	}
	if seat.Valid(len(d.Roster)) && string(d.Roster[seat]) != string(want) {
		h.rekey()
	}
}

// returned gives a player's seat back from its stand-in, at once.
func (h *Host) returned(seat engine.Seat) {
	s := h.seats[seat]
	s.StandIn, s.Level, s.botFn = false, "", nil
	h.logf("table: seat %d (%s) is back; its stand-in leaves", seat, s.Name)
	if r := h.sealed; r != nil && !r.Relayed && r.Pledges[seat] != nil && r.Pledges[seat].StandIn {
		delete(r.Pledges, seat) // nobody has seen it: the player chooses themselves
		delete(r.Opens, seat)
	}
}

func (h *Host) markStandIn(seq int) {
	if h.standIns == nil {
		h.standIns = map[int]bool{}
	}
	h.standIns[seq] = true
}
