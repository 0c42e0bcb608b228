package table

import (
	"os"
	"testing"
	"time"

	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// TestHostReloadKeepsWatchers: mid-game the host turns on "ask me before someone joins",
// agrees to seat one watcher at the next game, leaves another waiting and bans a third; then
// its page reloads. The resumed host (configured without asking) still asks, the admitted
// watcher is still told it plays next and takes a seat at the rematch, the waiting one still
// waits, and the banned one is still refused.
func TestHostReloadKeepsWatchers(t *testing.T) {
	defer checkNoLeak(t)()
	saved := &memBox{}
	tt := newTable(t, tableOpts{guests: 2, seed: 12, opts: map[string]string{"rounds": "2"}, save: saved.save})
	tt.host.do(func() { tt.host.maxSeats = 4 })
	tt.play()
	tt.waitFor("a few moves", func() bool { return tt.host.State().Seq >= 2 })
	carl, _ := joinWatcher(tt, "Carl", 41)
	dora, _ := joinWatcher(tt, "Dora", 42)
	eve, _ := joinWatcher(tt, "Eve", 43)
	tt.waitFor("three watchers", func() bool { return len(tt.host.State().Watchers) == 3 })
	tt.host.SetAskToJoin(true)
	if err := tt.host.Admit(identity(41).Public()); err != nil {
		t.Fatal(err)
	}
	if err := tt.host.Ban(identity(42).Public()); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("Carl told he plays next", func() bool { return carl.State().Seating == wire.SeatNext })

	// The reload: the page (and every link) goes; a new host starts from what was saved.
	tt.host.Close()
	h2, err := Resume(toy.Rules{}, saved.get(), HostConfig{Rand: newRand(13), RatePerSecond: 5000, Burst: 5000, Persist: saved.save, Logf: debugLogf})
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h2
	for _, g := range append(append([]*Guest(nil), tt.guests...), carl, dora, eve) {
		a, b := Pipe()
		h2.AddGuest(a)
		g.Reconnect(b)
	}
	tt.waitFor("two watchers back", func() bool { return len(h2.State().Watchers) == 2 })
	hs := h2.State()
	if !hs.Ask {
		t.Error("the resumed host no longer asks before someone joins")
	}
	for _, w := range hs.Watchers {
		if want := w.Name == "Carl"; w.Next != want {
			t.Errorf("watcher %s: admitted for the next game %v, want %v", w.Name, w.Next, want)
		}
	}
	tt.waitFor("Carl told again he plays next", func() bool { st := carl.State(); return st.Connected && st.Seating == wire.SeatNext })
	tt.waitFor("Eve still waits", func() bool { st := eve.State(); return st.Connected && st.Seating == wire.SeatWaiting })
	tt.waitFor("Dora refused again", func() bool { d := dora.State().Dropped; return d != nil && d.Code == wire.ByeKicked })

	tt.finish()
	if err := h2.Rematch(); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("Carl seated", func() bool { st := carl.State(); return st.Seat == 2 && st.Connected })
	if w := h2.State().Watchers; len(w) != 1 || w[0].Name != "Eve" || w[0].Next {
		t.Fatalf("watchers after the rematch: %+v", w)
	}
	tt.guests = append(tt.guests, carl, dora, eve)
	tt.close()
}

// TestResumeTableSavedBeforeAsk: a table saved before the snapshot kept "ask me before
// someone joins" (testdata/snapshots/toy-before-ask.json) still resumes; the host's config
// then says whether to ask, and nobody is admitted or banned.
func TestResumeTableSavedBeforeAsk(t *testing.T) {
	defer checkNoLeak(t)()
	b, err := os.ReadFile("testdata/snapshots/toy-before-ask.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, ask := range []bool{false, true} {
		h, err := Resume(toy.Rules{}, b, HostConfig{Rand: newRand(14), AskToJoin: ask, TurnTimeout: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		st := h.State()
		if st.Ask != ask || !st.Started || st.Seq < 3 || len(st.Seats) != 2 {
			t.Errorf("resumed with ask=%v: %+v", ask, st)
		}
		h.do(func() {
			if len(h.admitted) != 0 || len(h.banned) != 0 {
				t.Errorf("admitted %v, banned %v", h.admitted, h.banned)
			}
		})
		// Saved again, it keeps the setting from now on.
		snap, err := h.Snapshot()
		h.Close()
		if err != nil {
			t.Fatal(err)
		}
		h2, err := Resume(toy.Rules{}, snap, HostConfig{Rand: newRand(15), AskToJoin: !ask})
		if err != nil {
			t.Fatal(err)
		}
		if h2.State().Ask != ask {
			t.Errorf("saved again with ask=%v, resumed with %v", ask, !ask)
		}
		h2.Close()
	}
}
