package engine

import (
	"errors"
	"fmt"
)

// Kind classifies a refusal. Kinds are wire-stable: a guest receives them in reject messages.
type Kind string

const (
	KindMalformed   Kind = "malformed"     // not a well-formed move, record or config
	KindBadSeat     Kind = "bad_seat"      // no such seat, or not the sender's seat
	KindNotYourTurn Kind = "not_your_turn" // the seat may not move now
	KindIllegal     Kind = "illegal"       // the seat may move, but not this move
	KindGameOver    Kind = "game_over"     // the game has ended
	KindNeedDeal    Kind = "need_deal"     // the game waits for the Dealer
	KindBadConfig   Kind = "bad_config"    // seats or options the rules do not allow
)

// Error is a refusal with context. Compare with errors.Is against the sentinels below, which
// match any *Error of the same Kind.
type Error struct {
	Kind Kind   // what callers branch on
	Op   string // where: "arkham: take"
	Msg  string // for people
}

func (e *Error) Error() string {
	switch {
	case e.Op != "" && e.Msg != "":
		return fmt.Sprintf("%s: %s: %s", e.Op, e.Kind, e.Msg)
	case e.Op != "":
		return fmt.Sprintf("%s: %s", e.Op, e.Kind)
	case e.Msg != "":
		return fmt.Sprintf("%s: %s", e.Kind, e.Msg)
	}
	return string(e.Kind)
}

// Is matches sentinels by Kind.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Op == "" && t.Msg == ""
}

// Sentinels for errors.Is.
var (
	ErrMalformed   = &Error{Kind: KindMalformed}
	ErrBadSeat     = &Error{Kind: KindBadSeat}
	ErrNotYourTurn = &Error{Kind: KindNotYourTurn}
	ErrIllegal     = &Error{Kind: KindIllegal}
	ErrGameOver    = &Error{Kind: KindGameOver}
	ErrNeedDeal    = &Error{Kind: KindNeedDeal}
	ErrBadConfig   = &Error{Kind: KindBadConfig}
)

// Errorf builds an *Error.
func Errorf(kind Kind, op, format string, args ...any) *Error {
	return &Error{Kind: kind, Op: op, Msg: fmt.Sprintf(format, args...)}
}

// KindOf returns the Kind of err, or "" when err is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}

// CheckTurn is the common first step of Apply: it refuses moves when the game is over, waiting
// for a deal, or when m.Seat is not active. op names the game for the error.
func CheckTurn(st Status, m Move, op string) error {
	if st.Over {
		return Errorf(KindGameOver, op, "the game is over")
	}
	if m.Seat == Dealer || m.Kind == KindDeal {
		if st.Deal == nil || m.Seat != Dealer || m.Kind != KindDeal {
			return Errorf(KindIllegal, op, "no deal is due")
		}
		return nil
	}
	if st.Deal != nil {
		return Errorf(KindNeedDeal, op, "waiting for the deal")
	}
	if !st.IsActive(m.Seat) {
		return Errorf(KindNotYourTurn, op, "seat %d may not move now", m.Seat)
	}
	return nil
}

// IsLegal reports whether m is in legal.
func IsLegal(legal []Move, m Move) bool {
	for _, l := range legal {
		if l == m {
			return true
		}
	}
	return false
}
