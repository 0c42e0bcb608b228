//go:build !wasm

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine/arkham"
	"miskatonic/engine/bot"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
)

// TestBotCommandPlaysAGame hosts an Arkham table behind a real relay and lets two `bot`
// commands join it by link and play it to the end alongside the host's own seat.
func TestBotCommandPlaysAGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rl := relay.NewRelay(relay.Config{})
	srv := httptest.NewServer(rl)
	defer srv.Close()
	defer rl.Close()
	relayURL := "ws" + strings.TrimPrefix(srv.URL, "http") + "/signal"

	inv, _ := signal.NewInviteFrom(rand.NewChaCha8([32]byte{'b', 'o', 't'}))
	host, err := table.NewHost(arkham.Rules{}, table.HostConfig{Rand: rand.NewChaCha8([32]byte{1}), Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	lobby, err := rtc.Listen(ctx, relayURL, inv, rtc.LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer lobby.Close()
	go func() {
		for j := range lobby.Joiners() {
			c, err := j.Accept(ctx)
			if err == nil {
				host.AddGuest(c)
			}
		}
	}()
	a, b := table.Pipe()
	host.AddGuest(a)
	own, err := table.NewGuest(b, table.GuestConfig{Name: "host", Identity: fair.NewIdentity([32]byte{9}), Rand: rand.NewChaCha8([32]byte{2}), Rules: games.Lookup})
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	go own.Autoplay(ctx, bot.Random(1), nil, nil)

	errs := make(chan error, 2)
	link := inv.Link("https://miskatonic.example")
	for i := 0; i < 2; i++ {
		go func(i int) {
			errs <- runBot([]string{"-join", link, "-relay", relayURL, "-loopback", "-name", fmt.Sprint("bot", i), "-seed", fmt.Sprint(i + 1)})
		}(i)
	}
	for {
		st := host.State()
		ready := len(st.Seats) == 3
		for _, s := range st.Seats {
			ready = ready && s.Connected && s.Ready
		}
		if ready {
			break
		}
		select {
		case err := <-errs:
			t.Fatalf("bot ended in the lobby: %v", err)
		case <-ctx.Done():
			t.Fatal("lobby never filled")
		case <-time.After(20 * time.Millisecond):
		}
	}
	if err := host.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := <-errs; err != nil {
			t.Fatalf("bot: %v", err)
		}
	}
}

func TestBotCommandRefusesBadInput(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no link", nil, "usage"},
		{"broken link", []string{"-join", "https://h/#/join/abc"}, "broken invite"},
		{"bare invite without relay", []string{"-join", "AAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAA"}, "-relay"},
		{"unknown level", []string{"-join", "https://h/#/join/AAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAA", "-level", "genius"}, "level"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := runBot(tc.args)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}
