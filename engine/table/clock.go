package table

import "time"

// Clock is the time the host's deadlines for absent players run on (away.go, silence.go). The
// default is the system clock; tests inject one they move by hand, so a 30-second deadline
// is tested in no time and without racing the machine's load.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed, unless stopped first.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc call (*time.Timer is one).
type Timer interface {
	Stop() bool
}

type systemClock struct{}

func (systemClock) Now() time.Time                            { return time.Now() }
func (systemClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// clock is cfg.Clock, or the system's for a Host built without newHost (tests).
func (h *Host) clock() Clock {
	if h.cfg.Clock == nil {
		return systemClock{}
	}
	return h.cfg.Clock
}
