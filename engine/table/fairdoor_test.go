package table

// Fair play at the door: who may speak as whom. Names a player cannot pass off as another's,
// floods bounded per guest, and a hello bound to the link it was made on (the fair-play
// findings of issue 10; the deal and view checks are in fairplay_test.go).

import (
	"miskatonic/engine/fair/toy"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// Finding 12: names are unique at a table, carry no format or bidi characters, and cannot
// change once the game has started.
func TestFairNames(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Ann", "Ann"},
		{"  Bo\u202eb  ", "Bob"},
		{"a\u200bn\u2066n", "ann"},
		{"\u202e", "Player 1"},
	}
	for _, c := range cases {
		h := &Host{}
		if got := h.uniqueName(cleanName(c.in), 0); got != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
	defer checkNoLeak(t)()
	h, _ := NewHost(toy.Rules{}, HostConfig{Rand: newRand(1), RatePerSecond: 5000, Burst: 5000})
	defer h.Close()
	var gs []*Guest
	for i, name := range []string{"Ann", "ann", "A\u202enn"} {
		a, b := Pipe()
		h.AddGuest(a)
		g, _ := NewGuest(b, GuestConfig{Name: name, Identity: identity(i), Rand: newRand(uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond})
		defer g.Close()
		gs = append(gs, g)
		for !g.State().Connected {
			time.Sleep(time.Millisecond)
		}
	}
	var names []string
	for _, s := range h.State().Seats {
		names = append(names, s.Name)
	}
	if strings.Join(names, "|") != "Ann|ann 2|Ann 3" {
		t.Fatalf("names %q", names)
	}
	for _, g := range gs {
		g.SetReady(true)
	}
	for h.Start() != nil {
		time.Sleep(time.Millisecond)
	}
	// After the start, a reconnect with another name keeps the seat's name.
	a, b := Pipe()
	h.AddGuest(a)
	g, _ := NewGuest(b, GuestConfig{Name: "Zed", Identity: identity(1), Rand: newRand(9), Rules: lookup, Tick: 10 * time.Millisecond})
	defer g.Close()
	for !g.State().Connected {
		time.Sleep(time.Millisecond)
	}
	if n := h.State().Seats[1].Name; n != "ann 2" {
		t.Fatalf("renamed after the start to %q", n)
	}
}

// Finding 10: watchers are capped and cost the table no lobby broadcast, the resend store is
// bounded in bytes, and the host can refuse a key.
func TestFairFloodsBounded(t *testing.T) {
	defer checkNoLeak(t)()
	var mu sync.Mutex
	lobbies := 0
	count := func(s engine.Seat, m wire.Message) wire.Message {
		if _, ok := m.(*wire.Lobby); ok && s == 0 {
			mu.Lock()
			lobbies++
			mu.Unlock()
		}
		return m
	}
	tt := newCheatTable(t, 2, nil, count, nil, map[string]string{"rounds": "1"})
	tt.host.do(func() { tt.host.cfg.MaxObservers = 2 })
	time.Sleep(50 * time.Millisecond)
	mu.Lock()
	before := lobbies
	mu.Unlock()
	var watchers []*Guest
	for i := 0; i < 3; i++ {
		a, b := Pipe()
		if err := tt.host.AddGuest(a); err != nil {
			t.Fatal(err)
		}
		w, _ := NewGuest(b, GuestConfig{Name: "w", Identity: identity(20 + i), Rand: newRand(uint64(i)), Rules: lookup, Tick: 10 * time.Millisecond})
		watchers = append(watchers, w)
		tt.waitFor("the watcher answered", func() bool { st := w.State(); return st.Connected || st.Dropped != nil })
	}
	if st := watchers[2].State(); st.Dropped == nil || st.Dropped.Code != wire.ByeFull {
		t.Fatalf("third watcher: %+v", st.Dropped)
	}
	time.Sleep(50 * time.Millisecond)
	mu.Lock()
	if lobbies != before {
		t.Fatalf("watchers made %d lobby broadcasts", lobbies-before)
	}
	mu.Unlock()
	for _, w := range watchers {
		w.Close()
	}

	// A refused key is sent away at once, and again when it comes back.
	if err := tt.host.Ban(identity(1).Public()); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("seat 1 sent away", func() bool { d := tt.guests[1].State().Dropped; return d != nil && d.Code == wire.ByeKicked })
	a, b := Pipe()
	tt.host.AddGuest(a)
	tt.guests[1].Reconnect(b)
	tt.waitFor("seat 1 refused again", func() bool { d := tt.guests[1].State().Dropped; return d != nil && d.Code == wire.ByeKicked })
	tt.close()

	// The resend store keeps at most outboxBytes.
	p := newPeer(&Host{}, 0, nil)
	big := make([]byte, 50<<10)
	for i := uint64(1); i <= 100; i++ {
		p.remember(i, big)
	}
	total := 0
	for _, s := range p.outbox {
		total += len(s.frame)
	}
	if total > outboxBytes || total != p.outBytes || p.outbox[len(p.outbox)-1].seq != 100 {
		t.Fatalf("outbox holds %d bytes (%d counted), last seq %d", total, p.outBytes, p.outbox[len(p.outbox)-1].seq)
	}
}

// boundConn is a pipe end that names its channel, as an app/rtc link does.
type boundConn struct {
	Conn
	b []byte
}

func (c boundConn) Binding() []byte { return c.b }

// Finding 6: a player who hosts another table and relays a victim's hello (signed there) to
// this table gets no seat: the hello is bound to the channel it was made on.
func TestFairHelloRelayRefused(t *testing.T) {
	defer checkNoLeak(t)()
	h, _ := NewHost(toy.Rules{}, HostConfig{Rand: newRand(1), RatePerSecond: 5000, Burst: 5000})
	defer h.Close()
	// The attacker's link to this host.
	a, b := Pipe()
	h.AddGuest(boundConn{a, []byte("attacker-host")})
	r := &raw{t: t, conn: boundConn{b, []byte("attacker-host")}, id: identity(9)}
	ch := r.until(wire.TChallenge).(*wire.Challenge)
	// The victim dialed the attacker's own table; the attacker passes this host's challenge on.
	va, vb := Pipe()
	victim, _ := NewGuest(boundConn{vb, []byte("victim-attacker")}, GuestConfig{Name: "victim", Identity: identity(1), Rand: newRand(2), Rules: lookup, Tick: 10 * time.Millisecond})
	defer victim.Close()
	f, _ := wire.Encode(1, ch)
	va.Send(f)
	var hello *wire.Hello
	for hello == nil {
		f, err := va.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if _, m, err := wire.Decode(f); err == nil {
			hello, _ = m.(*wire.Hello)
		}
	}
	va.Close()
	r.send(hello)
	if rej := r.until(wire.TReject).(*wire.Reject); rej.Kind != wire.KindAuth {
		t.Fatalf("relayed hello: %+v", rej)
	}
	if n := len(h.State().Seats); n != 0 {
		t.Fatalf("the relayed hello took a seat (%d seats)", n)
	}
	// The same victim on its own link to this host is seated as usual.
	a2, b2 := Pipe()
	h.AddGuest(boundConn{a2, []byte("victim-host")})
	g, _ := NewGuest(boundConn{b2, []byte("victim-host")}, GuestConfig{Name: "victim", Identity: identity(1), Rand: newRand(3), Rules: lookup, Tick: 10 * time.Millisecond})
	defer g.Close()
	for !g.State().Connected {
		time.Sleep(time.Millisecond)
	}
}
