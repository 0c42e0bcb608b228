//go:build !wasm

// These tests run pion natively over loopback against the real relay (native only).

package rtc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/app/relay"
	"miskatonic/app/signal"
)

// Conn must satisfy engine/table's Conn (same method set, checked here without importing a
// package that may be mid-edit).
var _ interface {
	Send([]byte) error
	Recv() ([]byte, error)
	Close() error
} = (*Conn)(nil)

func startRelay(t testing.TB) string {
	t.Helper()
	rl := relay.NewRelay(relay.Config{})
	srv := httptest.NewServer(rl)
	t.Cleanup(func() { rl.Close(); srv.Close() })
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

func seededInvite(t testing.TB, seed byte) signal.Invite {
	in, err := signal.NewInviteFrom(rand.NewChaCha8([32]byte{seed, 42}))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// acceptAll admits every joiner and hands the conns out on a channel.
func acceptAll(t testing.TB, h *Host) <-chan *Conn {
	out := make(chan *Conn, 16)
	go func() {
		for j := range h.Joiners() {
			go func(j *Joiner) {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				defer cancel()
				c, err := j.Accept(ctx)
				if err != nil {
					t.Errorf("accept %s: %v", j.Name, err)
					return
				}
				out <- c
			}(j)
		}
	}()
	return out
}

func dialT(t testing.TB, url string, in signal.Invite, name string) *Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := Dial(ctx, url, in.Guest(), name, LoopbackConfig())
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestFramesBothWaysInOrder(t *testing.T) {
	url := startRelay(t)
	in := seededInvite(t, 1)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	conns := acceptAll(t, h)
	g := dialT(t, url, in, "Ada")
	hc := <-conns
	defer hc.Close()

	sizes := []int{0, 1, 100, 16 << 10, MaxFrame - 1, MaxFrame}
	const n = 300
	go func() {
		for i := 0; i < n; i++ {
			f := bytes.Repeat([]byte{byte(i)}, sizes[i%len(sizes)])
			if err := g.Send(f); err != nil {
				t.Errorf("send %d: %v", i, err)
				return
			}
		}
	}()
	for i := 0; i < n; i++ {
		f, err := hc.Recv()
		if err != nil {
			t.Fatalf("recv %d: %v", i, err)
		}
		if len(f) != sizes[i%len(sizes)] || (len(f) > 0 && f[0] != byte(i)) {
			t.Fatalf("frame %d: len %d first %v", i, len(f), f[:min(1, len(f))])
		}
	}
	if err := hc.Send([]byte("pong")); err != nil {
		t.Fatal(err)
	}
	if f, err := g.Recv(); err != nil || string(f) != "pong" {
		t.Fatalf("host → guest: %q %v", f, err)
	}
	if err := g.Send(make([]byte, MaxFrame+1)); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("oversized send: %v", err)
	}
	// Closing one end ends the other's Recv.
	g.Close()
	if _, err := hc.Recv(); !errors.Is(err, ErrClosed) {
		t.Fatalf("recv after peer closed: %v", err)
	}
}

func TestRefusals(t *testing.T) {
	url := startRelay(t)
	in := seededInvite(t, 2)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	go func() {
		for j := range h.Joiners() {
			switch j.Name {
			case "late":
				j.Refuse(signal.ReasonFull)
			default:
				j.Refuse(signal.ReasonKicked)
			}
		}
	}()
	cases := []struct{ name, reason string }{
		{"late", signal.ReasonFull},
		{"rude", signal.ReasonKicked},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			_, err := Dial(ctx, url, in.Guest(), tc.name, LoopbackConfig())
			if !errors.Is(err, ErrRefused) || RefusedReason(err) != tc.reason {
				t.Fatalf("err = %v, want refusal %q", err, tc.reason)
			}
		})
	}
}

// TestWrongSecretNeverReachesHost: a guest holding a corrupted secret seals under another key;
// the host drops its offer unseen, so no joiner appears and the dial gives up.
func TestWrongSecretNeverReachesHost(t *testing.T) {
	url := startRelay(t)
	in := seededInvite(t, 3)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	bad := in.Guest()
	bad.Secret = seededInvite(t, 4).Secret
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	if _, err := Dial(ctx, url, bad, "mallory", LoopbackConfig()); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("dial with wrong secret: %v", err)
	}
	select {
	case j := <-h.Joiners():
		t.Fatalf("host saw joiner %q", j.Name)
	default:
	}
}

func TestHostRoomTakenRefused(t *testing.T) {
	url := startRelay(t)
	in := seededInvite(t, 5)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	other := in
	other.HostToken = seededInvite(t, 6).HostToken
	if _, err := Listen(context.Background(), url, other, LoopbackConfig()); !errors.Is(err, signal.ErrRelayRefused) {
		t.Fatalf("second host: %v", err)
	}
}

// TestRedialAfterDrop: a guest's link dies; it dials again through the same host and talks.
func TestRedialAfterDrop(t *testing.T) {
	url := startRelay(t)
	in := seededInvite(t, 7)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	conns := acceptAll(t, h)
	for round := 0; round < 3; round++ {
		g := dialT(t, url, in, fmt.Sprint("guest", round))
		hc := <-conns
		msg := []byte(fmt.Sprint("round ", round))
		if err := g.Send(msg); err != nil {
			t.Fatal(err)
		}
		if f, err := hc.Recv(); err != nil || !bytes.Equal(f, msg) {
			t.Fatalf("round %d: %q %v", round, f, err)
		}
		g.Close() // the link drops
		if _, err := hc.Recv(); err == nil {
			t.Fatal("host conn survived the drop")
		}
	}
}

// TestSeqReordersArrivals feeds the conn's delivery out of order, as pion in the browser can.
func TestSeqReordersArrivals(t *testing.T) {
	c := &Conn{next: 1, ahead: map[uint64][]byte{}, notify: make(chan struct{}, 1), done: make(chan struct{})}
	r := rand.New(rand.NewPCG(1, 2))
	const n = maxAhead // any order within the reorder window
	order := r.Perm(n)
	var wg sync.WaitGroup
	for _, i := range order {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			b := make([]byte, seqLen+2)
			b[seqLen-1] = byte(i + 1)
			b[seqLen-2] = byte((i + 1) >> 8)
			b[seqLen] = byte(i)
			c.deliver(b)
		}(i)
	}
	wg.Wait()
	for i := 0; i < n; i++ {
		f, err := c.Recv()
		if err != nil || f[0] != byte(i) {
			t.Fatalf("frame %d: %v %v", i, f, err)
		}
	}
	// A duplicate is ignored.
	dup := make([]byte, seqLen+1)
	dup[seqLen-1] = 1
	c.deliver(dup)
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.ready) != 0 {
		t.Fatal("duplicate delivered")
	}
}

// BenchmarkConnectionSetup measures one guest's Dial through the relay until the data channel
// is open on both sides (host accepting at once), on loopback.
func BenchmarkConnectionSetup(b *testing.B) {
	url := startRelay(b)
	in := seededInvite(b, 9)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	conns := acceptAll(b, h)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		g, err := Dial(ctx, url, in.Guest(), "bench", LoopbackConfig())
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		hc := <-conns
		b.StopTimer()
		g.Close()
		hc.Close()
		b.StartTimer()
	}
}

// BenchmarkRoundTrip measures one frame guest → host → guest over an open channel.
func BenchmarkRoundTrip(b *testing.B) {
	url := startRelay(b)
	in := seededInvite(b, 10)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	conns := acceptAll(b, h)
	g := dialT(b, url, in, "bench")
	hc := <-conns
	defer hc.Close()
	frame := make([]byte, 2048) // a typical view
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := g.Send(frame); err != nil {
			b.Fatal(err)
		}
		f, err := hc.Recv()
		if err != nil {
			b.Fatal(err)
		}
		if err := hc.Send(f); err != nil {
			b.Fatal(err)
		}
		if _, err := g.Recv(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHostComesBackAfterRelayDropsIt: a quiet hosted room outlives many sweeps of a relay
// whose timeouts are short, so a guest dialing later still gets in.
func TestHostComesBackAfterRelayDropsIt(t *testing.T) {
	rl := relay.NewRelay(relay.Config{IdleTTL: 150 * time.Millisecond, HostWait: 150 * time.Millisecond})
	srv := httptest.NewServer(rl)
	defer srv.Close()
	defer rl.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http")
	in := seededInvite(t, 11)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	conns := acceptAll(t, h)
	time.Sleep(600 * time.Millisecond) // the room expires at least once meanwhile
	g := dialT(t, url, in, "late")
	hc := <-conns
	if err := g.Send([]byte("still here")); err != nil {
		t.Fatal(err)
	}
	if f, err := hc.Recv(); err != nil || string(f) != "still here" {
		t.Fatalf("%q %v", f, err)
	}
}
