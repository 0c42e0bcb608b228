package enginetest

import (
	"strconv"
	"testing"

	"miskatonic/engine"
)

// Amount is how much a conformance run plays: Games games a config, every view and clone
// checked on every Every-th move (see Games and CheckEvery).
type Amount struct{ Games, Every int }

// AmountOf picks a run's amount: N games when env (the value of the test's environment
// variable, read by the test: engine/ reads no environment) is a positive N (checked every
// envEvery moves, or def.Every if envEvery is 0), short under -short (then isShort), else def.
func AmountOf(env string, def Amount, envEvery int, short Amount) (a Amount, isShort bool) {
	if n, err := strconv.Atoi(env); err == nil && n > 0 {
		if envEvery == 0 {
			envEvery = def.Every
		}
		return Amount{n, envEvery}, false
	}
	if testing.Short() {
		return short, true
	}
	return def, false
}

// Plays is the Games and CheckEvery options of a.
func Plays(a Amount) Option {
	return func(s *suite) { Games(a.Games)(s); CheckEvery(a.Every)(s) }
}

// InvariantOf is Invariant over a game's own type.
func InvariantOf[G engine.Game](f func(g G) error) Option {
	return Invariant(func(g engine.Game) error { return f(g.(G)) })
}

// Scaled is full, or short under -short: how many games a test plays.
func Scaled(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}
