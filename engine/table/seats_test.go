package table

import (
	"errors"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

func TestPipe(t *testing.T) {
	defer checkNoLeak(t)()
	a, b := Pipe()
	for _, s := range []string{"one", "two", "three"} {
		if err := a.Send([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	a.Close()
	for _, want := range []string{"one", "two", "three"} {
		got, err := b.Recv()
		if err != nil || string(got) != want {
			t.Fatalf("got %q %v, want %q: frames sent before a close are still delivered", got, err, want)
		}
	}
	if _, err := b.Recv(); !errors.Is(err, ErrClosed) {
		t.Fatalf("after the close: %v", err)
	}
	if err := b.Send([]byte("x")); !errors.Is(err, ErrClosed) {
		t.Fatalf("send on a closed pipe: %v", err)
	}
	if _, err := a.Recv(); !errors.Is(err, ErrClosed) {
		t.Fatalf("recv on the closed end: %v", err)
	}
}

func TestFaultyPipeMisbehaves(t *testing.T) {
	a, b := FaultyPipe(1, Faults{Drop: 0.2, Dup: 0.2, MaxDelay: time.Millisecond})
	defer a.Close()
	for i := 0; i < 500; i++ {
		a.Send([]byte{byte(i), byte(i >> 8)})
	}
	time.Sleep(50 * time.Millisecond) // let delayed frames land; late ones are simply lost
	a.Close()
	seen, dups, reordered, last := map[int]bool{}, 0, 0, -1
	for {
		f, err := b.Recv()
		if err != nil {
			break
		}
		n := int(f[0]) | int(f[1])<<8
		if seen[n] {
			dups++
		}
		if n < last {
			reordered++
		}
		seen[n], last = true, n
	}
	if len(seen) == 500 || len(seen) == 0 || dups == 0 || reordered == 0 {
		t.Fatalf("delivered %d distinct of 500, %d duplicates, %d reordered", len(seen), dups, reordered)
	}
}

// A spectator who joins mid-game gets the public log and every deal, sees only public
// information, cannot move, and verifies every deal by replaying the log from the start.
func TestObserverJoinsMidGame(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{guests: 3, seed: 4})
	tt.play()
	tt.waitFor("a few moves", func() bool { return tt.host.State().Seq >= 5 })
	a, b := Pipe()
	tt.host.AddGuest(a)
	obs, _ := NewGuest(b, GuestConfig{Name: "watcher", Identity: identity(50), Rand: newRand(1), Rules: lookup, Tick: 10 * time.Millisecond})
	tt.waitFor("observer welcomed", func() bool { return obs.State().HasView })
	st := obs.State()
	if st.Seat != engine.Observer || len(st.Legal) != 0 {
		t.Fatalf("observer seat %d, legal %v", st.Seat, st.Legal)
	}
	if err := obs.Send(engine.Move{Seat: 0, Kind: "hold"}); err == nil {
		t.Fatal("an observer sent a move")
	}
	tt.guests = append(tt.guests, obs)
	tt.finish()
	tt.checkViews()
	if v := obs.State().View.(toy.View); v.Hand != 0 || v.Peek != 0 {
		t.Fatalf("observer sees a private card: %+v", v)
	}
	tt.close()
}

// A guest that lost its identity key gets its seat back with its seat token; the deal in
// progress is committed again under the new key and the game finishes verified.
func TestSeatTokenReclaim(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{guests: 3, seed: 6, opts: map[string]string{"rounds": "4"}})
	tt.play()
	tt.waitFor("a few moves", func() bool { return tt.host.State().Seq >= 4 })
	old := tt.guests[1]
	token := old.State().Token
	if token == "" {
		t.Fatal("no seat token")
	}
	old.Close()
	a, b := Pipe()
	tt.host.AddGuest(a)
	g, _ := NewGuest(b, GuestConfig{Name: "p1 again", Identity: identity(77), Token: token, Rand: newRand(77), Rules: lookup, Tick: 10 * time.Millisecond})
	tt.guests[1] = g
	tt.wg.Add(1)
	go driver(g, tt.rand, tt.stop, &tt.wg)
	tt.waitFor("seat back", func() bool { return g.State().Connected })
	if s := g.State().Seat; s != 1 {
		t.Fatalf("reclaimed seat %d, want 1", s)
	}
	tt.finish()
	tt.checkViews()
	// The seat keeps its name: nobody is renamed once the game is on.
	if l := tt.host.State().Seats[1]; string(l.Key) != string(identity(77).Public()) || l.Name != "p1" {
		t.Fatalf("seat 1 after reclaim: %+v", l)
	}
	tt.close()
}

// The lobby: seats, names, readiness, bots and options reach every guest; start waits for
// everyone to be ready; a full table turns newcomers away.
func TestLobby(t *testing.T) {
	defer checkNoLeak(t)()
	h, _ := NewHost(toy.Rules{}, HostConfig{Rand: newRand(1), Seats: 3, RatePerSecond: 5000, Burst: 5000})
	defer h.Close()
	var gs []*Guest
	for i := 0; i < 2; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: []string{"Ann", "Bob"}[i], Identity: identity(i), Rand: newRand(uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond})
		defer g.Close()
		gs = append(gs, g)
		for !g.State().Connected {
			time.Sleep(time.Millisecond)
		}
	}
	if _, err := h.AddBot("Robo", "random", randomBot(1)); err != nil {
		t.Fatal(err)
	}
	if err := h.SetOption("rounds", "2"); err != nil {
		t.Fatal(err)
	}
	if err := h.SetOption("rounds", "99"); !errors.Is(err, engine.ErrBadConfig) {
		t.Fatalf("bad option: %v", err)
	}
	wait := func(what string, cond func() bool) {
		t.Helper()
		for i := 0; !cond(); i++ {
			if i > 10000 {
				t.Fatalf("timed out waiting for %s", what)
			}
			time.Sleep(time.Millisecond)
		}
	}
	wait("lobby", func() bool {
		l := gs[0].State().Lobby
		return len(l.Seats) == 3 && l.Seats[1].Name == "Bob" && l.Seats[2].Bot && l.Options["rounds"] == "2"
	})
	if err := h.Start(); !errors.Is(err, wire.ErrState) {
		t.Fatalf("start before anyone is ready: %v", err)
	}
	a, b := Pipe()
	h.AddGuest(a)
	late, _ := NewGuest(b, GuestConfig{Name: "Late", Identity: identity(9), Rand: newRand(9), Rules: lookup, Tick: 10 * time.Millisecond})
	wait("full table bye", func() bool { return late.State().Dropped != nil })
	late.Close()
	for _, g := range gs {
		g.SetReady(true)
	}
	wait("ready", func() bool { return h.Start() == nil })
	wait("started", func() bool { return gs[1].State().Started && gs[1].State().Lobby.Started })
	if _, err := h.AddBot("x", "random", randomBot(1)); err == nil {
		t.Fatal("bot added after the start")
	}
	gs[0].Say("hello")
	wait("chat", func() bool { c := gs[1].State().Chat; return len(c) == 1 && c[0].Name == "Ann" && c[0].Text == "hello" })
}

// Bots pause BotDelay before moving, so a human can follow; a game of bots only finishes.
func TestBotsAlone(t *testing.T) {
	defer checkNoLeak(t)()
	h, _ := NewHost(toy.Rules{}, HostConfig{Rand: newRand(1), BotDelay: time.Millisecond})
	for i := 0; i < 3; i++ {
		h.AddBot("b", "random", randomBot(uint64(i)))
	}
	if err := h.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-h.Done():
	case <-time.After(60 * time.Second):
		t.Fatal("bots never finished")
	}
	rec := h.Record()
	if g, err := engine.Replay(toy.Rules{}, rec); err != nil || !g.Status().Over {
		t.Fatalf("record does not replay to the end: %v", err)
	}
	h.Close()
}

// A seat reclaimed by token while a deal waits for its share: the deal is committed again under
// the new key, every guest shares afresh, and the deal goes through without anyone crying foul.
func TestReclaimDuringDeal(t *testing.T) {
	defer checkNoLeak(t)()
	h, _ := NewHost(toy.Rules{}, HostConfig{Rand: newRand(2), RatePerSecond: 5000, Burst: 5000})
	defer h.Close()
	var gs []*Guest
	for i := 0; i < 2; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: "p", Identity: identity(i), Rand: newRand(uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond})
		defer g.Close()
		gs = append(gs, g)
		for !g.State().Connected {
			time.Sleep(time.Millisecond)
		}
		g.SetReady(true)
	}
	a, b := Pipe()
	h.AddGuest(a)
	r := &raw{t: t, conn: b, id: identity(5)}
	ch := r.until(wire.TChallenge).(*wire.Challenge)
	r.send(&wire.Hello{Rules: 1, Name: "lost", Key: r.id.Public(), Sig: r.id.SignHello(ch.Nonce, ch.Table)})
	w := r.until(wire.TWelcome).(*wire.Welcome)
	r.send(&wire.Ready{Ready: true})
	for h.Start() != nil {
		time.Sleep(time.Millisecond)
	}
	r.until(wire.TCommit)
	b.Close() // lost before sharing
	a2, b2 := Pipe()
	h.AddGuest(a2)
	g2, _ := NewGuest(b2, GuestConfig{Name: "found", Identity: identity(6), Token: w.Token, Rand: newRand(6), Rules: lookup, Tick: 10 * time.Millisecond})
	defer g2.Close()
	for i := 0; h.State().Seq < 1; i++ {
		if i > 20000 {
			t.Fatal("the deal never went through")
		}
		time.Sleep(time.Millisecond)
	}
	for _, g := range append(gs, g2) {
		for i := 0; g.State().Seq < 1; i++ {
			if i > 20000 {
				t.Fatal("a guest never saw the deal")
			}
			time.Sleep(time.Millisecond)
		}
		for _, d := range g.State().Deals {
			if d.State == DealFailed {
				t.Fatalf("deal %d failed: %s", d.Epoch, d.Problem)
			}
		}
	}
	if g2.State().Seat != w.Seat {
		t.Fatalf("reclaimed seat %d, want %d", g2.State().Seat, w.Seat)
	}
}

// A connection that never proves an identity is dropped after HelloTimeout.
func TestHelloTimeout(t *testing.T) {
	defer checkNoLeak(t)()
	h, _ := NewHost(toy.Rules{}, HostConfig{Rand: newRand(1), HelloTimeout: 20 * time.Millisecond})
	defer h.Close()
	a, b := Pipe()
	h.AddGuest(a)
	r := &raw{t: t, conn: b}
	r.until(wire.TChallenge)
	if bye := r.until(wire.TBye).(*wire.Bye); bye.Kind != wire.KindAuth {
		t.Fatalf("bye %+v", bye)
	}
	if _, err := r.next(); !errors.Is(err, ErrClosed) {
		t.Fatalf("link still open: %v", err)
	}
}
