package table

import (
	"fmt"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/shadows"
)

// TestStandInThenHostReload (issue 23, item 11): seen in real browsers. A player leaves, the
// host lets a bot play for them, then the host's page reloads (its own player's page with it:
// a new Guest from its saved memory) while the absent player is still away. The next deals must
// finish, and every guest — the host's own player included — must verify every deal.
func TestStandInThenHostReload(t *testing.T) {
	for _, rules := range []engine.Rules{arkham.Rules{}, shadows.Rules{}} {
		for seed := uint64(60); seed < 66; seed++ {
			t.Run(fmt.Sprintf("%s/%d", rules.Name(), seed), func(t *testing.T) {
				defer checkNoLeak(t)()
				standInThenReload(t, rules, seed)
			})
		}
	}
}

func standInThenReload(t *testing.T, rules engine.Rules, seed uint64) {
	tt := &testTable{t: t, rand: newRand(seed), stop: make(chan struct{}), mem: []*memBox{{}, {}}} // host snapshot; host player's memory
	hcfg := func(r uint64) HostConfig {
		return HostConfig{Rand: newRand(r), RatePerSecond: 5000, Burst: 5000, TurnTimeout: 30 * time.Millisecond, BotDelay: 5 * time.Millisecond, Persist: tt.mem[0].save,
			Signer: identity(0), Options: randomOptions(rules, 3, newRand(seed)), Bots: func(string) BotFunc { return randomBot(seed + 2) }, Logf: debugLogf}
	}
	h, err := NewHost(rules, hcfg(seed+1))
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	hostGuest := func(n uint64) *Guest { // the host's own player: seat 0, memory saved like local storage
		a, b := Pipe()
		tt.host.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: "host", Identity: identity(0), Rand: newRand(seed*10 + n), Rules: lookup, Tick: 10 * time.Millisecond, Logf: debugLogf,
			Memory: tt.mem[1].get(), Save: tt.mem[1].save})
		return g
	}
	tt.guests = append(tt.guests, hostGuest(0))
	tt.waitFor("host seated", func() bool { return tt.guests[0].State().Connected })
	for i := 1; i < 3; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(seed*10 + uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond, Logf: debugLogf})
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
	}
	for _, g := range tt.guests {
		g.SetReady(true)
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	gone := tt.guests[2]
	tt.guests = tt.guests[:2]
	gone.Close()
	tt.play()
	tt.expired(2)
	if err := tt.host.StandIn(2, "random", randomBot(5)); err != nil {
		t.Fatal(err)
	}
	var stood int
	tt.waitFor("the stand-in played", func() bool {
		over := false
		tt.host.do(func() { stood, over = len(tt.host.standIns), tt.host.game.Status().Over })
		return stood >= 1 || over
	})
	for reload := 0; reload < 2; reload++ {
		time.Sleep(time.Duration(seed%7) * 7 * time.Millisecond)
		tt.reloadHost(rules, hcfg(seed+50+uint64(reload)), hostGuest, uint64(reload+1))
	}
	tt.finish()
	tt.checkViews()
	tt.close()
}

// reloadHost closes the host and its own player's page and resumes both from what they saved;
// the other guests reconnect.
func (tt *testTable) reloadHost(rules engine.Rules, cfg HostConfig, hostGuest func(uint64) *Guest, n uint64) {
	t := tt.t
	close(tt.stop)
	tt.wg.Wait()
	tt.stop = make(chan struct{})
	tt.guests[0].Close()
	tt.host.Close()
	h2, err := Resume(rules, tt.mem[0].get(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h2
	tt.guests[0] = hostGuest(n)
	a, b := Pipe()
	h2.AddGuest(a)
	tt.guests[1].Reconnect(b)
	tt.play()
}
