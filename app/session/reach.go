package session

import (
	"errors"
	"time"

	"miskatonic/app/signal"
)

// ProblemLostOffline: a seated guest lost the host, and its tries to get back reach no
// transport at all: the fault is on this side (its internet, or the relay), not the host's
// page. Not fatal; the page keeps trying and clears it when it is back.
const ProblemLostOffline = "conn.lost_offline"

// ProblemBrokersRefused: a guest's join found every transport down or refusing, and at least
// one refused our messages (a public relay's rate limit, a paid relay): the host may be fine.
const ProblemBrokersRefused = "conn.brokers_refused"

// refusedAll reports whether no transport carried the join and at least one of them refused
// it (signal.ErrRefused) rather than being out of reach.
func refusedAll(err error) bool {
	var na *signal.NoAnswerError
	return errors.As(err, &na) && na.Refused()
}

// ProblemRelayDown: a hosted table's signaling went down mid-session and does not come back:
// nobody new can join by the link until it does (seated players play on). Not fatal; it
// clears by itself when the relay or a broker is back.
const ProblemRelayDown = "conn.relay_down"

// reach shows or clears what the host's page says about invitations reaching it (rtc.Host's
// OnReach). It never hides another problem, and clears only its own (and ProblemNoRelay,
// which said the same at the start).
func (s *Session) reach(up bool) {
	s.mu.Lock()
	switch {
	case !up && s.problem == "":
		s.problem = ProblemRelayDown
	case up && (s.problem == ProblemRelayDown || s.problem == ProblemNoRelay):
		s.problem = ""
	default:
		s.mu.Unlock()
		return
	}
	s.fatal = false
	s.mu.Unlock()
	s.notify()
}

// hostGoneTry is the try (about half a minute of them, keepJoined) from which a guest that
// still cannot reach its host says the host is gone rather than lost.
const hostGoneTry = 8

// lostOffline words a guest's failed try to get back to the host (keepJoined): down says it
// reached no transport at all. It shows ProblemLostOffline while that holds (rather than
// blaming the host for what is this side's network), and puts back what the host's absence
// alone would show once a try reaches a transport again. It returns down.
func (s *Session) lostOffline(down, was bool, try int) bool {
	switch {
	case down && !was:
		s.setProblem(ProblemLostOffline, false)
	case !down && was && try >= hostGoneTry:
		s.setProblem(ProblemHostGone, true)
	case !down && was:
		s.setProblem(ProblemLost, false)
	}
	return down
}

// relistenMax bounds the wait between tries to claim the room again.
const relistenMax = 30 * time.Second

// relisten claims the table's room again until it works or the session closes: a host whose
// relay (or internet) was out at the start or at a reload would otherwise keep a link nobody
// can use until the next reload, and its guests would wait for it in vain. When it works the
// invite link is back and ProblemNoRelay is cleared.
func (s *Session) relisten(inv signal.Invite, n Net) {
	defer s.wg.Done()
	for wait := time.Second; ; wait = min(2*wait, relistenMax) {
		select {
		case <-s.quit:
			return
		case <-time.After(wait):
		}
		if s.listen(inv, n) == nil {
			s.reach(true)
			return
		}
	}
}
