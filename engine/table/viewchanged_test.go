package table

import (
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/wire"
)

// Rule 4, the fuzzing host's view.final: once the game is over and every deal verified, the
// host page sends seat 0 its final view again, with the winners changed, where a chat line
// was. Before: the guest showed it (fair.Auditor.View took any view for a verified seq, the
// guest any view for the seq on screen) and every verdict stayed "verified". Now: the screen
// keeps the verified view and the table's own verdict names the change (GuestState.Fault).
func TestAttackFinalViewChanged(t *testing.T) {
	defer checkNoLeak(t)()
	var mu sync.Mutex
	var last *wire.View
	var armed, sent atomic.Bool
	tt := newTable(t, tableOpts{rules: arkham.Rules{}, guests: 2, bots: 1, seed: 31, wrap: func(i int, c Conn) Conn {
		tc := &tamper{Conn: c, seat: engine.Seat(i)}
		if i == 0 {
			tc.out = func(_ engine.Seat, m wire.Message) wire.Message {
				mu.Lock()
				defer mu.Unlock()
				switch x := m.(type) {
				case *wire.View:
					last = x
				case *wire.Chat:
					if armed.Load() && last != nil && last.Status.Result != nil && !sent.Swap(true) {
						w := *last
						res := *w.Status.Result
						res.Winners = []engine.Seat{0}
						if slices.Equal(last.Status.Result.Winners, res.Winners) {
							res.Winners = []engine.Seat{1}
						}
						w.Status.Result = &res
						return &w
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
	before := tt.guests[0].State()
	if before.Fault != nil {
		t.Fatalf("a fault before the attack: %+v", before.Fault)
	}
	armed.Store(true)
	if err := tt.guests[1].Say("good game"); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("the changed final view sent", sent.Load)
	tt.waitFor("the table's verdict", func() bool { return tt.guests[0].State().Fault != nil })
	st := tt.guests[0].State()
	if st.Fault.Code != wire.DealViewChanged || len(st.Fault.Args) != 1 {
		t.Fatalf("fault %+v, want %s with the seq", st.Fault, wire.DealViewChanged)
	}
	if !slices.Equal(st.Status.Result.Winners, before.Status.Result.Winners) || string(st.ViewJSON) != string(before.ViewJSON) {
		t.Fatalf("the screen changed: winners %v, were %v", st.Status.Result.Winners, before.Status.Result.Winners)
	}
	for _, d := range st.Deals {
		if d.State != DealVerified {
			t.Fatalf("deal %d: %+v (a verified deal stays verified: the fault is the table's)", d.Epoch, d)
		}
	}
}
