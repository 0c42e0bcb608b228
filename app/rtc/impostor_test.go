//go:build !wasm

package rtc

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"miskatonic/app/relay"
	"miskatonic/app/signal"
)

// TestGuestRefusesImpostorHost: the host is away long enough for the relay to forget its claim
// (a sweep, a relay restart), and someone who has the invite link — room id and secret — claims
// the room with a token and key of their own. Guests following the link must refuse to be
// answered by them; when the real host is back, they get in.
func TestGuestRefusesImpostorHost(t *testing.T) {
	rl := relay.NewRelay(relay.Config{HostWait: 20 * time.Millisecond, ClaimGrace: 20 * time.Millisecond})
	srv := httptest.NewServer(rl)
	defer srv.Close()
	defer rl.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http")
	in := seededInvite(t, 80)

	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	h.Close()
	// The impostor knows everything in the link but not the host's token or key.
	mallory := seededInvite(t, 81)
	mallory.Room, mallory.Secret = in.Room, in.Secret
	var imp *Host
	for end := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if imp, err = Listen(context.Background(), url, mallory, LoopbackConfig()); err == nil {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the claim never lapsed: %v", err)
		}
	}
	stolen := make(chan *Conn, 4)
	go func() {
		for j := range imp.Joiners() {
			go func(j *Joiner) {
				actx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
				defer cancel()
				if c, err := j.Accept(actx); err == nil {
					stolen <- c
				}
			}(j)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // ErrImpostor ends it at once
	defer cancel()
	_, err = Dial(ctx, url, in.Guest(), "ada", LoopbackConfig())
	if !errors.Is(err, signal.ErrImpostor) {
		t.Fatalf("dial through an impostor: %v, want ErrImpostor", err)
	}
	select {
	case c := <-stolen:
		t.Fatalf("the impostor got a connection %p", c)
	case <-time.After(300 * time.Millisecond):
	}
	imp.Close()

	// The real host returns; the same guest gets in.
	for end := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if h, err = Listen(context.Background(), url, in, LoopbackConfig()); err == nil {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the real host cannot come back: %v", err)
		}
	}
	defer h.Close()
	conns := acceptAll(t, h)
	g := dialT(t, url, in, "ada")
	hc := <-conns
	if err := g.Send([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	if f, err := hc.Recv(); err != nil || string(f) != "hello" {
		t.Fatalf("%q %v", f, err)
	}
}
