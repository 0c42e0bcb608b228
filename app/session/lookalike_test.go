//go:build !wasm

package session

import (
	"context"
	"crypto/rand"
	"sync"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// sniffConn records the seat token of every hello that comes in on a host's end of a link.
type sniffConn struct {
	*rtc.Conn
	mu     sync.Mutex
	tokens []string
	hellos int
}

func (c *sniffConn) Recv() ([]byte, error) {
	b, err := c.Conn.Recv()
	if err == nil {
		if _, m, derr := wire.Decode(b); derr == nil {
			if h, ok := m.(*wire.Hello); ok {
				c.mu.Lock()
				c.hellos++
				if h.Token != "" {
					c.tokens = append(c.tokens, h.Token)
				}
				c.mu.Unlock()
			}
		}
	}
	return b, err
}

// TestLookalikeLinkGetsNoToken (issue 23, item 10): a guest seated at a real table keeps its
// seat token. A thief hosts a look-alike link — the same room and secret, its own host key, on
// a relay of its own — and sends it to the guest. The guest's browser must not hand the saved
// token to that host (who would reclaim the guest's seat with it at the real table).
func TestLookalikeLinkGetsNoToken(t *testing.T) {
	n := testNet(t)
	host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	st := &MemStore{}
	g, err := Join(st, JoinConfig{Name: "Bea", Link: host.Snapshot().Invite, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	token := g.guest.State().Token
	if token == "" {
		t.Fatal("no seat token")
	}
	for end := time.Now().Add(time.Minute); time.Now().Before(end); { // the joined record is saved by the session's own goroutine
		if j, ok := SavedJoin(st); ok && j.Token == token {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if j, ok := SavedJoin(st); !ok || j.Token != token {
		t.Fatalf("the seat token was not saved: %+v", j)
	}
	g.Close() // the page closes; its storage stays

	real, err := signal.ParseInvite(host.Snapshot().Invite)
	if err != nil {
		t.Fatal(err)
	}
	// The thief's table: its own invite, with the real room and secret copied in.
	fake, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	fake.Room, fake.Secret = real.Room, real.Secret
	if fake.HostKey == real.HostKey {
		t.Fatal("drew the same host key")
	}
	n2 := testNet(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	l, err := rtc.Listen(ctx, n2.RelayURL, fake, n2.RTC)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	rules, _ := games.Lookup("arkham")
	th, err := table.NewHost(rules, table.HostConfig{Rand: rand.Reader})
	if err != nil {
		t.Fatal(err)
	}
	defer th.Close()
	var mu sync.Mutex
	var sniffed []*sniffConn
	go func() {
		for j := range l.Joiners() {
			c, err := j.Accept(ctx)
			if err != nil {
				continue
			}
			sc := &sniffConn{Conn: c}
			mu.Lock()
			sniffed = append(sniffed, sc)
			mu.Unlock()
			_ = th.AddGuest(sc)
		}
	}()
	g2, err := Join(st, JoinConfig{Name: "Bea", Link: fake.Guest().Link(n2.Origin), Net: n2, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("joining the look-alike: %v", err)
	}
	defer g2.Forget()
	mu.Lock()
	defer mu.Unlock()
	hellos := 0
	for _, sc := range sniffed {
		sc.mu.Lock()
		hellos += sc.hellos
		if len(sc.tokens) > 0 {
			t.Errorf("the look-alike host was sent seat token %q (the real one is %q)", sc.tokens[0], token)
		}
		sc.mu.Unlock()
	}
	if hellos == 0 {
		t.Fatal("the look-alike host saw no hello")
	}
}
