package signal

import (
	"errors"
	"sync"
)

// ErrRefused is wrapped when a transport was reached but refused to carry our messages (a
// public relay's rate limit, a paid or closed relay): no fault of the host's or the network's.
var ErrRefused = errors.New("signal: the service refused our messages")

// Reach tells a host whether invitations can reach it: false once a try to (re)connect every
// transport it listens on has failed, true again when one is back. A dropped connection that
// comes straight back is never reported: only a failed try is news a person can act on.
type Reach struct {
	mu   sync.Mutex // serializes reports, so f sees them in the order they happened
	down bool
	f    func(up bool)
}

// OnChange registers f for every change from now on, and tells it at once if invitations
// cannot reach the host already. f runs on the goroutine that saw the change.
func (r *Reach) OnChange(f func(up bool)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.f = f
	if r.down && f != nil {
		f(false)
	}
}

// Set records whether the host can be reached now, and tells f if that changed.
func (r *Reach) Set(up bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.down == !up {
		return
	}
	r.down = !up
	if r.f != nil {
		r.f(up)
	}
}

// Reacher is a host's Conn that keeps several transports up by itself (one over public buses)
// and reports when none of them is.
type Reacher interface {
	OnReach(f func(up bool))
}
