//go:build browser

package e2e

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"
)

// The raw data-channel ping: two pages open a plain RTCPeerConnection of their own (no app code,
// no relay: the SDP passes through the test) and bounce small messages. It is the floor a
// move's latency is compared with, measured in the same run on the same machine.
const (
	pingOfferJS = `(async () => {
  const pc = new RTCPeerConnection();
  window.__ping = {pc, dc: pc.createDataChannel('ping', {ordered: true})};
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise(r => { if (pc.iceGatheringState === 'complete') r(); pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r(); });
  return JSON.stringify(pc.localDescription);
})()`
	// The echo sends only on a channel the page calls open, holding what came before until its
	// "open" (window.__pongEarly counts them): in CI (session 12) the echo's send threw
	// "readyState is not 'open'" on a message its channel had just delivered, and the ping
	// waited for that echo until the test's deadline.
	pingAnswerJS = `(async (offer) => {
  const pc = new RTCPeerConnection();
  window.__pong = pc;
  window.__pongEarly = window.__pongEarly || 0;
  pc.ondatachannel = e => {
    const ch = e.channel, early = [];
    ch.onopen = () => early.splice(0).forEach(d => ch.send(d));
    ch.onmessage = m => {
      if (ch.readyState === 'open' && !early.length) return ch.send(m.data);
      window.__pongEarly++;
      early.push(m.data);
    };
  };
  await pc.setRemoteDescription(JSON.parse(offer));
  await pc.setLocalDescription(await pc.createAnswer());
  await new Promise(r => { if (pc.iceGatheringState === 'complete') r(); pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r(); });
  return JSON.stringify(pc.localDescription);
})`
	// A channel that closes mid-ping fails the ping at once, saying after how many round trips
	// and in what state the connection was, rather than waiting out the test's deadline.
	pingRunJS = `(async (answer, n, size) => {
  const {pc, dc} = window.__ping;
  let closed;
  const gone = new Promise((_, no) => closed = () => no(new Error('the raw channel closed after ' + rtts.length + ' of ' + n +
    ' round trips (connection ' + pc.connectionState + ', ICE ' + pc.iceConnectionState + ', channel ' + dc.readyState + ')')));
  const rtts = [];
  dc.onclose = closed;
  await pc.setRemoteDescription(JSON.parse(answer));
  if (dc.readyState !== 'open') await Promise.race([new Promise(r => dc.onopen = r), gone]);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await Promise.race([new Promise(r => { dc.onmessage = r; dc.send('x'.repeat(size)); }), gone]);
    rtts.push(performance.now() - t0);
    await new Promise(r => setTimeout(r, 5));
  }
  dc.onclose = null;
  pc.close();
  return rtts;
})`
)

// rawPing returns n round trips of a size-byte message (echoed back) between pages a and b
// over a raw data channel.
func rawPing(t *testing.T, a, b *Browser, n, size int) []time.Duration {
	t.Helper()
	offer, err := Eval[string](a, pingOfferJS)
	if err != nil {
		t.Fatalf("raw ping offer: %v", err)
	}
	answer, err := Eval[string](b, pingAnswerJS+"("+jsString(offer)+")")
	if err != nil {
		t.Fatalf("raw ping answer: %v", err)
	}
	ms, err := Eval[[]float64](a, pingRunJS+"("+jsString(answer)+", "+strconv.Itoa(n)+", "+strconv.Itoa(size)+")")
	if err != nil {
		t.Fatalf("raw ping: %v", err)
	}
	Eval[bool](b, `(window.__pong && window.__pong.close(), true)`)
	out := make([]time.Duration, len(ms))
	for i, m := range ms {
		out[i] = time.Duration(m * float64(time.Millisecond))
	}
	return out
}

func jsString(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestRawPing measures the floor on its own: two pages, a raw data channel.
func TestRawPing(t *testing.T) {
	srv := StartApp(t)
	a, b := NewBrowser(t, "a", Laptop), NewBrowser(t, "b", Laptop)
	// Both apps started before the first ping: a page still compiling and starting its wasm
	// is not the page a move's latency is measured on.
	a.Open(srv.URL + "/")
	b.Open(srv.URL + "/")
	a.WaitApp()
	b.WaitApp()
	for _, size := range []int{64, 1 << 10, 4 << 10, 8 << 10, 16 << 10} {
		rtt := rawPing(t, a, b, 100, size)
		t.Logf("FIGURE raw data-channel round trip, %5d B each way: n=%d p50=%v p99=%v", size, len(rtt), pct(rtt, .5).Round(10*time.Microsecond), pct(rtt, .99).Round(10*time.Microsecond))
	}
	early, _ := Eval[int](b, `window.__pongEarly || 0`)
	t.Logf("raw ping: %d messages reached the echo before its channel was open (held until it was)", early)
}
