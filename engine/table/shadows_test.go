package table

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"miskatonic/engine/shadows"
)

func init() { extraRules["shadows"] = shadows.Rules{} }

// Ring of Shadows over the real Host and Guests: every Randonomicon draw, threat reveal and
// asset refill is a fair deal. Three guests play whole games over faulty links; each ends with
// the host's view of its seat and every deal verified.
func TestShadowsThreeGuestsFaultyLinks(t *testing.T) {
	playFaulty(t, shadows.Rules{}, 3, 3, func(t *testing.T, tt *testTable) {
		if st := tt.host.State(); st.Status.Result == nil || !st.Status.Result.Coop {
			t.Fatalf("outcome %+v", st.Status.Result)
		}
	})
}

// A dishonest host that swaps the key of one draw (to choose a Randonomicon card or a threat)
// is caught by every guest when the deal is revealed.
func TestShadowsDishonestHostStacksADraw(t *testing.T) {
	defer checkNoLeak(t)()
	tt := &testTable{t: t, rand: newRand(3), stop: make(chan struct{})}
	// The modified host page deals its own key for epoch 2 instead of the combined one.
	h, err := newHost(stackedRules{Rules: shadows.Rules{}, epoch: 2, key: [32]byte{7, 7, 7}},
		HostConfig{Rand: newRand(4), RatePerSecond: 5000, Burst: 5000})
	if err != nil {
		t.Fatal(err)
	}
	h.table = make([]byte, 16)
	h.run()
	tt.host = h
	for i := 0; i < 2; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(uint64(60 + i)), Rules: lookup,
			Tick: 10 * time.Millisecond, RevealTimeout: 50 * time.Millisecond})
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	tt.play()
	for s, g := range tt.guests {
		tt.waitFor(fmt.Sprintf("seat %d to catch the host", s), func() bool {
			for _, d := range g.State().Deals {
				if d.State == DealFailed && d.Epoch == 2 {
					if !strings.Contains(d.Problem, "differs from the deal") {
						t.Fatalf("seat %d: problem %q", s, d.Problem)
					}
					return true
				}
			}
			return false
		})
	}
	tt.close()
}
