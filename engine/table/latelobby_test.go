package table

import (
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/rituals"
	"miskatonic/engine/wire"
)

// Issue 23 item 2, the path the fuzzing host's lobby.key still found: a lobby with the host's
// key at the victim's seat that arrives once every deal is verified (Rituals has one deal,
// verified at the game's end). checkLobbySeat saw it, but failAll had no deal left to fail,
// so the guest said nothing and every verdict stayed "verified". Now the table's own verdict
// (GuestState.Fault) carries it.
func TestAttackLobbyKeyAfterEveryDealVerified(t *testing.T) {
	defer checkNoLeak(t)()
	var mu sync.Mutex
	var lobby *wire.Lobby
	var armed, sent atomic.Bool
	thief := fair.NewIdentity([32]byte{77})
	tt := newTable(t, tableOpts{rules: rituals.Rules{}, guests: 3, seed: 24, wrap: func(i int, c Conn) Conn {
		tc := &tamper{Conn: c, seat: engine.Seat(i)}
		if i == 0 {
			tc.out = func(_ engine.Seat, m wire.Message) wire.Message {
				mu.Lock()
				defer mu.Unlock()
				switch x := m.(type) {
				case *wire.Lobby:
					lobby = x
				case *wire.Chat:
					if armed.Load() && lobby != nil && !sent.Swap(true) {
						l := *lobby
						l.Seats = slices.Clone(l.Seats)
						l.Seats[0].Key = thief.Public()
						return &l
					}
				}
				return m
			}
		}
		return tc
	}})
	defer tt.close()
	tt.play()
	tt.finish()
	armed.Store(true)
	if err := tt.guests[1].Say("good game"); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("the changed lobby sent", sent.Load)
	tt.waitFor("the table's verdict", func() bool { return tt.guests[0].State().Fault != nil })
	if f := tt.guests[0].State().Fault; f.Code != wire.DealKeyChanged {
		t.Fatalf("fault %+v, want %s", f, wire.DealKeyChanged)
	}
}
