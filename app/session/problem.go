package session

import (
	"errors"
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// Problems a table can run into outside a join, as catalog keys: what a screen tells its
// player when a table cannot be set up, resumed or saved. The error's English says what went
// wrong for a developer; a screen logs it to the console and shows only the key's text, in the
// player's language.
const (
	ProblemStorage     = "problem.storage"      // the browser would not store what the table needs
	ProblemSavedBroken = "problem.saved_broken" // the saved table could not be read (it is set aside)
	ProblemUnknownGame = "problem.unknown_game" // a game this app does not have
	ProblemSetup       = "problem.setup"        // seats the game does not allow
	ProblemNoSeat      = "problem.no_seat"      // no free seat for another hand of this player
	ProblemNotHost     = "problem.not_host"     // a host's action on a guest's page
	ProblemInternal    = "problem.internal"     // anything else: this app's own fault
)

// Error is a failed table action with the catalog key of what to tell the player (Problem)
// and the developer's detail (Err), which is for the console only.
type Error struct {
	Problem string
	Err     error
}

func (e *Error) Error() string { return e.Problem + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// problemf builds an *Error with a developer's detail.
func problemf(problem, format string, args ...any) *Error {
	return &Error{Problem: problem, Err: fmt.Errorf("session: "+format, args...)}
}

// ProblemOf is the catalog key of what to tell the player about err, from this package or the
// table under it: a join's or table's problem, a refusal's kind (worded like the host's
// refusals, "why.refused.<kind>"), else ProblemInternal. It never returns err's English.
func ProblemOf(err error) string {
	var je *JoinError
	if errors.As(err, &je) {
		return je.Problem
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Problem
	}
	switch {
	case errors.Is(err, errHands):
		return ProblemNoSeat
	case errors.Is(err, errNotHost):
		return ProblemNotHost
	}
	if k := engine.KindOf(err); k != "" {
		if _, ok := wire.ReasonCodes()[wire.RefusedCode(k)]; ok {
			return "why." + wire.RefusedCode(k)
		}
	}
	return ProblemInternal
}

// Problems lists every problem this package names (joins' and tables'), so a test can insist
// each is worded in every catalog.
func Problems() []string {
	return []string{
		ProblemBadLink, ProblemFull, ProblemHostClosed, ProblemUnreachable, ProblemLost, ProblemHostGone,
		ProblemRemoved, ProblemElsewhere, ProblemDropped, ProblemVersion, ProblemNoHost, ProblemRefused, ProblemBlindRefused, ProblemBlindVersionGuest,
		ProblemCodePass, ProblemCodeNotCode, ProblemCodeWantOff, ProblemCodeWantAns, ProblemCodeNoOpen,
		ProblemCodeNoLink, ProblemCodeLost, ProblemCodeNotHost, ProblemCodeNoTable, ProblemNoRelay,
		ProblemStorage, ProblemSavedBroken, ProblemUnknownGame, ProblemSetup, ProblemNoSeat, ProblemNotHost,
		ProblemInternal, ProblemNoPath, ProblemNoPathTURN, ProblemAllDown, ProblemRelayDown, ProblemLostOffline, ProblemBrokersRefused,
	}
}

// logf reports through tableLogf (the browser's console), if there is one.
func logf(format string, args ...any) {
	if tableLogf != nil {
		tableLogf(format, args...)
	}
}
