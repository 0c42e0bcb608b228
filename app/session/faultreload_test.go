//go:build !wasm

package session

import (
	"context"
	"crypto/rand"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine/bot"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// lateLobbyConn is the dishonest host's change on its end of one guest's link: once armed,
// the next chat line it relays is replaced by a lobby with another key at the guest's seat
// (a rule broken after every deal is verified: the table's own verdict, table.Fault).
type lateLobbyConn struct {
	table.Conn
	armed, sent *atomic.Bool
	mu          sync.Mutex
	lobby       *wire.Lobby
	seat        int
}

// Binding passes the link's channel binding on (table.Bound): the guest's hello is bound to it.
func (c *lateLobbyConn) Binding() []byte {
	if b, ok := c.Conn.(table.Bound); ok {
		return b.Binding()
	}
	return nil
}

func (c *lateLobbyConn) Send(f []byte) error {
	seq, m, err := wire.Decode(f)
	if err != nil {
		return c.Conn.Send(f)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch x := m.(type) {
	case *wire.Lobby:
		c.lobby = x
	case *wire.Welcome:
		c.seat = int(x.Seat)
	case *wire.Chat:
		if c.armed.Load() && c.lobby != nil && c.seat < len(c.lobby.Seats) && !c.sent.Swap(true) {
			l := *c.lobby
			l.Seats = slices.Clone(l.Seats)
			l.Seats[c.seat].Key = fair.NewIdentity([32]byte{77}).Public()
			if nf, err := wire.Encode(seq, &l); err == nil {
				f = nf
			}
		}
	}
	return c.Conn.Send(f)
}

// TestFaultStaysAfterReload: a joined guest finds the host broke a rule once every deal was
// verified (a lobby giving its seat another key); the page reloads (a new session on the same
// storage, joining the same table over WebRTC, the host now showing the right lobby) and the
// table's verdict is still there, so the red stop stays.
func TestFaultStaysAfterReload(t *testing.T) {
	n := testNet(t)
	rules, _ := games.Lookup("highcard")
	var seed [32]byte
	_, _ = rand.Read(seed[:])
	h, err := table.NewHost(rules, table.HostConfig{Rand: rand.Reader, Signer: fair.NewIdentity(seed), BotDelay: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	lo, _ := rules.Seats()
	for i := 0; i < max(lo, 2)-1; i++ {
		fn, err := bot.New("highcard", bot.Levels("highcard")[0], uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.AddBot("Robo", bot.Levels("highcard")[0], fn); err != nil {
			t.Fatal(err)
		}
	}
	inv, l := listen(t, n)
	var armed, sent atomic.Bool
	go func() {
		for j := range l.Joiners() {
			go func(j *rtc.Joiner) {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				c, err := j.Accept(ctx)
				if err != nil {
					return
				}
				if err := h.AddGuest(&lateLobbyConn{Conn: c, armed: &armed, sent: &sent}); err != nil {
					c.Close()
				}
			}(j)
		}
	}()
	st := &MemStore{}
	link := inv.Guest().Link(n.Origin)
	guest, err := Join(st, JoinConfig{Name: "Dee", Link: link, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(20 * time.Second); h.Start() != nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the table never started")
		}
	}
	playAll(t, []*Session{guest}, time.Minute)
	waitVerdicts(t, []*Session{guest})
	for _, d := range guest.Snapshot().Deals {
		if d.State != table.DealVerified {
			t.Fatalf("deal %d: %s (%s)", d.Epoch, d.State, d.Problem)
		}
	}
	armed.Store(true)
	if err := guest.Say("good game"); err != nil {
		t.Fatal(err)
	}
	if !waitFor(guest.guest, 20*time.Second, func(s table.GuestState) bool { return s.Fault != nil }) {
		t.Fatalf("no table verdict (lobby sent: %v)", sent.Load())
	}
	if f := guest.Snapshot().Fault; f.Code != wire.DealKeyChanged {
		t.Fatalf("fault %+v", f)
	}
	// The page reloads: its session ends, a new one joins from what it saved.
	time.Sleep(100 * time.Millisecond) // the verdict's save is on the guest's goroutine
	guest.Close()
	again, err := Join(st, JoinConfig{Name: "Dee", Link: link, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Forget()
	if !waitFor(again.guest, 20*time.Second, func(s table.GuestState) bool { return s.Connected && s.Started }) {
		t.Fatal("the reloaded page was not welcomed back")
	}
	f := again.Snapshot().Fault
	if f == nil || f.Code != wire.DealKeyChanged {
		t.Fatalf("after the reload the table's verdict is %+v, want %s", f, wire.DealKeyChanged)
	}
}

// listen opens a real WebRTC listener for a new invite through n's relay.
func listen(t *testing.T, n Net) (signal.Invite, *rtc.Host) {
	t.Helper()
	inv, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	l, err := rtc.Listen(ctx, n.RelayURL, inv, n.RTC)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return inv, l
}
