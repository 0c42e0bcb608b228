package table

import (
	"fmt"
	"sync"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// TestNoShareWhileADealIsUnchecked (the dishonest host's test of the Fair play page's "your
// browser will not add its number to a new shuffle until the previous round has been checked"):
// a host that skips the reveal of deal 1 and goes on to deal 2, or one that stacked deal 1 and
// so fails its check, gets no seal and no share for deal 2 from any guest. The host and guests
// are the real ones; the attacker's change is the host's (rules or what it sends), and the
// test only watches what each guest sends.
func TestNoShareWhileADealIsUnchecked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules engine.Rules
		out   func(engine.Seat, wire.Message) wire.Message
	}{
		{"deal 1 never revealed", nil, withholdReveals},
		{"deal 1 stacked", stackedRules{Rules: toy.Rules{}, epoch: 1, key: [32]byte{9}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer checkNoLeak(t)()
			var mu sync.Mutex
			later := map[engine.Seat][]string{} // what each guest sent towards a deal after 1
			watch := func(*Host) func(engine.Seat, wire.Message) bool {
				return func(s engine.Seat, m wire.Message) bool {
					mu.Lock()
					defer mu.Unlock()
					switch x := m.(type) {
					case *wire.Seal:
						if x.Epoch > 1 {
							later[s] = append(later[s], fmt.Sprintf("a seal for deal %d", x.Epoch))
						}
					case *wire.Contrib:
						if x.Epoch > 1 {
							later[s] = append(later[s], fmt.Sprintf("a share for deal %d", x.Epoch))
						}
					}
					return false // passed on: the host gets whatever the guest sends
				}
			}
			tt := newCheatTable(t, 3, tc.rules, tc.out, watch, map[string]string{"rounds": "3"})
			tt.play()
			for s := engine.Seat(0); s < 3; s++ {
				g := tt.guests[s]
				// Deal 2 has reached the guest (its commitment is handled, shares and all, as it
				// arrives) and deal 1 is failed: from here on no share can come.
				tt.waitFor(fmt.Sprintf("seat %d to fail deal 1 with deal 2 in hand", s), func() bool {
					failed, next := false, false
					for _, d := range g.State().Deals {
						failed = failed || d.Epoch == 1 && d.State == DealFailed
						next = next || d.Epoch == 2
					}
					return failed && next
				})
			}
			mu.Lock()
			for s, what := range later {
				t.Errorf("seat %d sent %v after deal 1 went unchecked", s, what)
			}
			mu.Unlock()
			tt.close()
		})
	}
}
