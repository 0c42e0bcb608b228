//go:build !wasm

package relay

import (
	"context"
	"testing"

	"github.com/coder/websocket"

	"miskatonic/app/signal"
)

// TestRelayedTrafficBounded: a table on the relayed path sends its frames through the relay,
// so data bytes are bounded per room and per source address. A guest pushing more than its
// room's allowance is cut off, and so is one whose address sends more across several rooms;
// a calm room beside them goes on.
func TestRelayedTrafficBounded(t *testing.T) {
	const chunk = 8 << 10
	flood := func(c *signal.Client) {
		for range 64 {
			if c.Send(context.Background(), signal.Frame{Type: signal.FrameData, Payload: make([]byte, chunk)}) != nil {
				return
			}
		}
	}
	t.Run("per room", func(t *testing.T) {
		// 16 KiB/s and a 64 KiB burst per room; frames and sources left generous.
		rl, url := newServer(t, Config{RoomBytes: 16 << 10, SourceBytes: 1 << 30, Rate: 1000, Burst: 1000})
		in := testInvite(t, 7)
		h := connect(t, url, in, signal.RoleHost)
		g := connect(t, url, in, signal.RoleGuest)
		recv(t, h)
		recv(t, g)
		go func() { // the host reads what gets through
			for {
				if _, err := h.Recv(context.Background()); err != nil {
					return
				}
			}
		}()
		flood(g)
		if got := closedWith(t, g); got != websocket.StatusPolicyViolation {
			t.Fatalf("closed with %v", got)
		}
		if r := rl.Stats().Routed; r > 64<<10 {
			t.Fatalf("the room carried %d bytes past a 64 KiB burst", r)
		}
	})
	t.Run("per source", func(t *testing.T) {
		// Each room may carry plenty; the one address behind both may not.
		rl, url := newServer(t, Config{RoomBytes: 1 << 30, SourceBytes: 8 << 10, Rate: 1000, Burst: 1000})
		var guests []*signal.Client
		for i := range 2 {
			in := testInvite(t, 20+uint64(i))
			h := connect(t, url, in, signal.RoleHost)
			g := connect(t, url, in, signal.RoleGuest)
			recv(t, h)
			recv(t, g)
			go func() {
				for {
					if _, err := h.Recv(context.Background()); err != nil {
						return
					}
				}
			}()
			guests = append(guests, g)
		}
		flood(guests[0])
		if got := closedWith(t, guests[0]); got != websocket.StatusPolicyViolation {
			t.Fatalf("closed with %v", got)
		}
		if r := rl.Stats().Routed; r > 40<<10 {
			t.Fatalf("the source got %d bytes through past a 32 KiB burst", r)
		}
	})
}
