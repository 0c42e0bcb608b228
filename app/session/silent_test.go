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
)

// TestSilentLinkDialledAgain: a host whose every other link opens and then says nothing (the
// failure seen now and then in the browser: the link is up, the host's first frames never
// come). The invite page's peek and the join each dial again and reach the real table on the
// next link, instead of telling the player the host is unreachable.
func TestSilentLinkDialledAgain(t *testing.T) {
	n := testNet(t)
	inv, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	l, err := rtc.Listen(ctx, n.RelayURL, inv, n.RTC)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	rules, _ := games.Lookup("arkham")
	h, err := table.NewHost(rules, table.HostConfig{Rand: rand.Reader})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var (
		mu     sync.Mutex
		links  int
		silent []*rtc.Conn
	)
	go func() {
		for j := range l.Joiners() {
			go func(j *rtc.Joiner) {
				c, err := j.Accept(ctx)
				if err != nil {
					return
				}
				mu.Lock()
				links++
				quiet := links%2 == 1 // the attacker's change: odd links are held open, silent
				if quiet {
					silent = append(silent, c)
				}
				mu.Unlock()
				if !quiet {
					_ = h.AddGuest(c)
				}
			}(j)
		}
	}()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range silent {
			c.Close()
		}
	}()
	link := inv.Guest().Link(n.Origin)

	pk, err := PeekTable(link, n)
	if err != nil {
		t.Fatalf("the peek gave up after a silent link: %v", err)
	}
	if pk.Game != "arkham" {
		t.Fatalf("the peek read game %q", pk.Game)
	}
	g, err := Join(&MemStore{}, JoinConfig{Name: "Bea", Link: link, Net: n, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("the join gave up after a silent link: %v", err)
	}
	defer g.Forget()
	if seat := g.guest.State().Seat; seat != 0 {
		t.Fatalf("seated at %d, want 0", seat)
	}
	mu.Lock()
	defer mu.Unlock()
	if links != 4 { // peek: silent, heard; join: silent, seated
		t.Fatalf("%d links dialled, want 4", links)
	}
}
