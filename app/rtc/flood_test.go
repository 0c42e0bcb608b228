//go:build !wasm

package rtc

import (
	"context"
	"encoding/binary"
	"errors"
	"testing"
	"time"
)

// pair connects a guest and a host over the real relay and pion on loopback.
func pair(t *testing.T, seed byte) (guest, host *Conn) {
	t.Helper()
	url := startRelay(t)
	in := seededInvite(t, seed)
	h, err := Listen(context.Background(), url, in, LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	conns := acceptAll(t, h)
	g := dialT(t, url, in, "mallory")
	hc := <-conns
	t.Cleanup(func() { hc.Close() })
	return g, hc
}

// raw sends one data-channel message the way a modified client would: its own sequence
// number, any size, straight past Send's checks.
func raw(t *testing.T, c *Conn, seq uint64, size int) error {
	t.Helper()
	b := make([]byte, seqLen+size)
	binary.BigEndian.PutUint64(b, seq)
	return c.dc.Send(b)
}

func waitDone(t *testing.T, c *Conn) error {
	t.Helper()
	select {
	case <-c.Done():
		return c.closedErr()
	case <-time.After(time.Minute): // a guard, not a timing: the flood crosses SCTP first (10 s failed under -race)
		t.Fatal("the victim kept the flooding connection open")
		return nil
	}
}

// TestFloodRefused: a guest with a modified client tries to make the host's tab hold memory.
// Each attack must end the connection with ErrFlood while the host holds at most maxBuffered.
func TestFloodRefused(t *testing.T) {
	cases := []struct {
		name   string
		attack func(t *testing.T, g *Conn)
	}{
		{"message over the frame cap", func(t *testing.T, g *Conn) {
			raw(t, g, 1, MaxFrame+1)
		}},
		{"frames far ahead of a missing one", func(t *testing.T, g *Conn) {
			raw(t, g, maxAhead+1, 10) // seq 1 never comes
		}},
		{"full-size frames in the reorder window", func(t *testing.T, g *Conn) {
			for seq := uint64(2); seq < 2+maxAhead; seq++ {
				if raw(t, g, seq, MaxFrame) != nil {
					return
				}
			}
		}},
		{"in-order frames the host never reads", func(t *testing.T, g *Conn) {
			for seq := uint64(1); seq < 1000; seq++ {
				if raw(t, g, seq, MaxFrame) != nil {
					return
				}
			}
		}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, hc := pair(t, byte(60+i))
			tc.attack(t, g)
			err := waitDone(t, hc)
			if !errors.Is(err, ErrFlood) {
				t.Fatalf("host conn ended with %v, want ErrFlood", err)
			}
			_, peak := hc.Buffered()
			if peak > maxBuffered {
				t.Fatalf("host held %d bytes, bound is %d", peak, maxBuffered)
			}
			t.Logf("host held at most %d bytes (bound %d) before cutting the guest off: %v", peak, maxBuffered, err)
		})
	}
}

// TestReorderWithinWindow: an honest but reordered stream inside the window is delivered in
// order and what it held is released as it is read.
func TestReorderWithinWindow(t *testing.T) {
	g, hc := pair(t, 70)
	const n = 40
	for seq := uint64(n); seq >= 1; seq-- {
		if err := raw(t, g, seq, 1000); err != nil {
			t.Fatal(err)
		}
	}
	g.smu.Lock()
	g.sendSeq = n
	g.smu.Unlock()
	for i := 0; i < n; i++ {
		if _, err := hc.Recv(); err != nil {
			t.Fatalf("recv %d: %v", i, err)
		}
	}
	if now, peak := hc.Buffered(); now != 0 || peak < 1000 {
		t.Fatalf("held now %d, peak %d", now, peak)
	}
}
