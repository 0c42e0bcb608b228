// Package tabletest holds a dishonest host's changes on the table protocol that tests in more
// than one package play, so each is written once: the attacker's moment stays the test's.
package tabletest

import (
	"slices"
	"sync"
	"sync/atomic"

	"miskatonic/engine/fair"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// LobbyKey is a dishonest host's change on its end of one guest's link: it keeps the last lobby
// and the guest's seat it sent, and the first frame When approves goes out as that lobby with
// another key at the guest's seat (once every deal is verified, a rule broken that only the
// table's own verdict, table.Fault, can carry).
type LobbyKey struct {
	table.Conn
	// When is the attacker's moment: it is asked about every frame sent on the link, in order
	// (under the link's lock, so it may keep state of its own without one), and says whether
	// this one becomes the changed lobby.
	When func(wire.Message) bool
	// Sent is set when the changed lobby goes out; links sharing it change one lobby between
	// them (a reloaded page's new link is not changed again).
	Sent *atomic.Bool

	mu    sync.Mutex
	lobby *wire.Lobby
	seat  int
}

// thief is the key the changed lobby puts at the guest's seat.
var thief = fair.NewIdentity([32]byte{77})

// Binding passes the link's channel binding on (table.Bound): the guest's hello is bound to it.
func (c *LobbyKey) Binding() []byte {
	if b, ok := c.Conn.(table.Bound); ok {
		return b.Binding()
	}
	return nil
}

// Send passes f on, or the changed lobby in its place at the attacker's moment.
func (c *LobbyKey) Send(f []byte) error {
	seq, m, err := wire.Decode(f)
	if err != nil {
		return c.Conn.Send(f)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch x := m.(type) {
	case *wire.Lobby:
		c.lobby = x
	case *wire.Welcome:
		c.seat = int(x.Seat)
	}
	if c.When(m) && c.lobby != nil && c.seat < len(c.lobby.Seats) && !c.Sent.Swap(true) {
		l := *c.lobby
		l.Seats = slices.Clone(l.Seats)
		l.Seats[c.seat].Key = thief.Public()
		if nf, err := wire.Encode(seq, &l); err == nil {
			f = nf
		}
	}
	return c.Conn.Send(f)
}
