package table

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
)

// sealedHost is a sealed-toy host with two guests (not yet playing) and two bots; it persists
// every snapshot into *saved.
func sealedHost(t *testing.T, cfg HostConfig, saved *memBox) *testTable {
	t.Helper()
	tt := &testTable{t: t, rand: newRand(40), stop: make(chan struct{})}
	cfg.Rand, cfg.Persist, cfg.RatePerSecond, cfg.Burst = newRand(41), saved.save, 5000, 5000
	cfg.Bots = func(string) BotFunc { return randomBot(42) }
	h, err := NewHost(toy.SealedRules{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	for i := 0; i < 2; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(uint64(50 + i)), Rules: lookup, Tick: 10 * time.Millisecond})
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	for i := 0; i < 2; i++ {
		h.AddBot(fmt.Sprint("bot", i), "random", randomBot(uint64(43+i)))
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	return tt
}

// TestSealedResumeKeepsBotChoices reloads the host page in the middle of a sealed round, after
// the bots committed and before the guests did. The resumed host must hold the very same bot
// commitments (a fresh draw would let a host page reload until the bots' choices suited it,
// and would contradict a set already relayed); the round then completes and every deal and
// sealed move verifies.
func TestSealedResumeKeepsBotChoices(t *testing.T) {
	defer checkNoLeak(t)()
	var saved memBox
	tt := sealedHost(t, HostConfig{}, &saved)
	bots := map[engine.Seat][]byte{}
	tt.waitFor("the bots' commitments", func() bool {
		tt.host.do(func() {
			if r := tt.host.sealed; r != nil && r.Pledges[2] != nil && r.Pledges[3] != nil {
				bots[2], bots[3] = r.Pledges[2].C, r.Pledges[3].C
			}
		})
		return len(bots) == 2
	})
	tt.host.Close()
	h2, err := Resume(toy.SealedRules{}, saved.get(), HostConfig{Rand: newRand(77), Persist: saved.save, RatePerSecond: 5000, Burst: 5000,
		Bots: func(string) BotFunc { return randomBot(78) }})
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h2
	h2.do(func() {
		r := h2.sealed
		if r == nil {
			t.Fatal("the resumed host has no open sealed round")
		}
		for s, c := range bots {
			if r.Pledges[s] == nil || !bytes.Equal(r.Pledges[s].C, c) || r.Opens[s] == nil {
				t.Errorf("bot seat %d: commitment %+v after the reload, %x before", s, r.Pledges[s], c)
			}
		}
	})
	for _, g := range tt.guests {
		a, b := Pipe()
		h2.AddGuest(a)
		g.Reconnect(b)
	}
	tt.play()
	tt.finish()
	tt.checkViews()
	tt.close()
}

// TestSealedBotsPaced: with a BotDelay the bots of a sealed round commit only when the delay
// has passed (here: when the test says it has), never the instant the round opens; the reveal
// that follows the last guest's opening is not delayed at all.
func TestSealedBotsPaced(t *testing.T) {
	defer checkNoLeak(t)()
	var saved memBox
	tt := sealedHost(t, HostConfig{BotDelay: time.Hour}, &saved)
	defer tt.close()
	tt.play()
	tt.waitFor("both guests committed", func() bool {
		n := -1
		tt.host.do(func() {
			if r := tt.host.sealed; r != nil {
				n = len(r.Pledges)
				if r.Pledges[2] != nil || r.Pledges[3] != nil {
					t.Fatal("a bot committed before its delay")
				}
			}
		})
		return n == 2
	})
	base := 0
	tt.host.do(func() { base = tt.host.sealed.Base })
	tt.host.events <- event{bot: true} // the delay has passed
	tt.waitFor("the round applied without another delay", func() bool { return tt.host.State().Seq >= base+4 })
}
