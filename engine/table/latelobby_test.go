package table

import (
	"bytes"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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
	tt := lobbyKeyAfterEveryDealVerified(t)
	defer tt.close()
	if f := tt.guests[0].State().Fault; f.Code != wire.DealKeyChanged {
		t.Fatalf("fault %+v, want %s", f, wire.DealKeyChanged)
	}
}

// The table's verdict stays after a reload, as a failed deal does: the reloaded page (its
// saved memory, a new link, the host now showing the right lobby) still says the host broke
// a rule, and which.
func TestFaultSurvivesReload(t *testing.T) {
	defer checkNoLeak(t)()
	tt := lobbyKeyAfterEveryDealVerified(t)
	defer tt.close()
	tt.waitFor("the verdict saved", func() bool { return bytes.Contains(tt.mem[0].get(), []byte(`"fault":{"code":"`+wire.DealKeyChanged)) })
	saved := tt.mem[0].get()
	tt.guests[0].Close()
	a, b := Pipe()
	if err := tt.host.AddGuest(a); err != nil {
		t.Fatal(err)
	}
	mem := &memBox{}
	g, err := NewGuest(b, GuestConfig{Name: "p0", Identity: identity(0), Rand: newRand(99), Rules: lookup, Tick: 20 * time.Millisecond, Memory: saved, Save: mem.save})
	if err != nil {
		t.Fatal(err)
	}
	tt.guests[0] = g
	tt.waitFor("the reloaded page welcomed back", func() bool { st := g.State(); return st.Connected && st.Started })
	f := g.State().Fault
	if f == nil || f.Code != wire.DealKeyChanged {
		t.Fatalf("after the reload the table's verdict is %+v, want %s", f, wire.DealKeyChanged)
	}
	for _, d := range g.State().Deals {
		if d.State == DealFailed {
			t.Fatalf("the reload turned the verdict into a failed deal: %+v", d)
		}
	}
	// Saved again by the reloaded page: a second reload keeps it too.
	tt.waitFor("the verdict saved again", func() bool { return bytes.Contains(mem.get(), []byte(wire.DealKeyChanged)) })
}

// lobbyKeyAfterEveryDealVerified plays a Rituals game to its end, then sends guest 0 a lobby
// with another key at its seat, and waits for its table's verdict.
func lobbyKeyAfterEveryDealVerified(t *testing.T) *testTable {
	var mu sync.Mutex
	var lobby *wire.Lobby
	var armed, sent atomic.Bool
	thief := fair.NewIdentity([32]byte{77})
	tt := newTable(t, tableOpts{rules: rituals.Rules{}, guests: 3, seed: 24, keep: true, wrap: func(i int, c Conn) Conn {
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
	tt.play()
	tt.finish()
	armed.Store(true)
	if err := tt.guests[1].Say("good game"); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("the changed lobby sent", sent.Load)
	tt.waitFor("the table's verdict", func() bool { return tt.guests[0].State().Fault != nil })
	return tt
}
