//go:build !wasm

package rtc

import (
	"bytes"
	"fmt"
	"testing"
	"time"
)

// TestRelayedNewLinkOutage (the relayed game over Nostr that waited tens of seconds for one
// lost frame): a link just set up — a guest that redialled — sends its first frames while the
// broker carries nothing either way for 9 s (the host's acknowledgements held back too). Before,
// a link whose peer had not yet acknowledged anything took it for a build without
// acknowledgements and dropped each frame after four copies: the host then held a gap nothing
// would fill until the link was given up and dialled again. Now every frame is kept until it is
// acknowledged, and the host reads them all, in order, soon after the broker comes back.
func TestRelayedNewLinkOutage(t *testing.T) {
	p := newLossyPair(t, 11, 1<<62) // loses nothing by itself
	const n = 6
	frames := make([][]byte, n)
	for i := range frames {
		frames[i] = []byte(fmt.Sprint("frame ", i))
		if err := p.guest.Send(frames[i]); err != nil {
			t.Fatal(err)
		}
	}
	const outage = 9 * time.Second
	start := p.now
	read := 0
	for step := 0; read < n; step++ {
		p.mu.Lock()
		if p.now.Sub(start) < outage {
			p.lost += len(p.toHost) + len(p.toGuest)
			p.toHost, p.toGuest = nil, nil
		}
		p.mu.Unlock()
		p.pump(50 * time.Millisecond)
		for {
			p.host.mu.Lock()
			ready := len(p.host.ready) > 0
			p.host.mu.Unlock()
			if !ready {
				break
			}
			f, _ := p.host.Recv()
			if !bytes.Equal(f, frames[read]) {
				t.Fatalf("frame %d: got %q", read, f)
			}
			read++
		}
		p.mustLive(t)
		if p.now.Sub(start) > outage+relayStall {
			p.host.mu.Lock()
			next, ahead := p.host.next, len(p.host.ahead)
			p.host.mu.Unlock()
			t.Fatalf("the host read %d of %d frames (next %d, %d past a gap) %v after the broker came back", read, n, next, ahead, p.now.Sub(start)-outage)
		}
	}
	t.Logf("every frame read %v after the broker came back (%d chunks lost in the outage; %d copies sent)", p.now.Sub(start)-outage, p.lost, p.guest.Retransmits())
}
