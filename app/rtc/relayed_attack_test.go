//go:build !wasm

package rtc

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"miskatonic/app/signal"
)

// linkPair wires a guest's and a host's relayed conns through a "broker" that only records:
// the test decides what the host gets, as a hostile broker (or a fellow guest, who knows the
// room secret and so can open the outer seal) would.
func linkPair(t *testing.T) (guest, host *Conn, wire *[][]byte, hk, gk signal.LinkKey, sid signal.Session) {
	t.Helper()
	var err error
	if hk, err = signal.NewLinkKey(); err != nil {
		t.Fatal(err)
	}
	if gk, err = signal.NewLinkKey(); err != nil {
		t.Fatal(err)
	}
	if sid, err = signal.NewSession(); err != nil {
		t.Fatal(err)
	}
	room := "room-under-test"
	lg, _ := gk.LinkBox(room, sid, hk.Public())
	lh, _ := hk.LinkBox(room, sid, gk.Public())
	wire = &[][]byte{}
	g := &relayedLink{send: func(b []byte) error { *wire = append(*wire, b); return nil }, link: lg, out: signal.ToHost, in: signal.ToGuest,
		sid: sid, pacer: newPacer(pace{rate: 1000, burst: 1000}), close: func() {}, manual: true}
	h := &relayedLink{send: func(b []byte) error { return nil }, link: lh, out: signal.ToGuest, in: signal.ToHost,
		sid: sid, pacer: newPacer(pace{rate: 1000, burst: 1000}), close: func() {}, manual: true}
	guest, host = newRelayedConn(g), newRelayedConn(h)
	t.Cleanup(func() { guest.Close(); host.Close() })
	return guest, host, wire, hk, gk, sid
}

func recvWithin(t *testing.T, c *Conn) []byte {
	t.Helper()
	got := make(chan []byte, 1)
	go func() {
		f, err := c.Recv()
		if err != nil {
			t.Errorf("recv: %v", err)
		}
		got <- f
	}()
	select {
	case f := <-got:
		return f
	case <-time.After(5 * time.Second):
		t.Fatal("no frame")
		return nil
	}
}

// TestRelayedBrokerCannotReplayReorderOrForge: the broker reverses the chunks, sends each
// twice, reflects one back the other way, flips a bit in one and slips in chunks sealed under
// a fellow guest's own link key. The host reads exactly the guest's three frames, in order,
// and the link stays up.
func TestRelayedBrokerCannotReplayReorderOrForge(t *testing.T) {
	guest, host, wire, hk, _, sid := linkPair(t)
	frames := [][]byte{[]byte("hello"), bytes.Repeat([]byte("big"), 7000), []byte("move")} // the second is 3 chunks
	for _, f := range frames {
		if err := guest.Send(f); err != nil {
			t.Fatal(err)
		}
	}
	sent := *wire
	if len(sent) != 5 {
		t.Fatalf("%d chunks for 3 frames, want 5", len(sent))
	}
	// A fellow guest's forgery: its own key agreement with the host's key, same session.
	mallory, _ := signal.NewLinkKey()
	forged, _ := mallory.LinkBox("room-under-test", sid, hk.Public())
	var hostile [][]byte
	for i := len(sent) - 1; i >= 0; i-- {
		hostile = append(hostile, sent[i], sent[i]) // reversed, each twice
	}
	flipped := append([]byte(nil), sent[0]...)
	flipped[len(flipped)-3] ^= 1
	hostile = append(hostile, flipped,
		signal.SealChunk(forged, signal.ToHost, sid, 99, signal.Chunk{Seq: 4, Part: 0, Parts: 1, Data: []byte("forged move")}),
		signal.SealChunk(forged, signal.ToHost, sid, 1, signal.Chunk{Seq: 1, Part: 0, Parts: 1, Data: []byte("forged hello")}))
	for _, b := range hostile {
		host.via.receive(host, b)
	}
	// A chunk the host itself sent, reflected back at it.
	var back [][]byte
	host.via.send = func(b []byte) error { back = append(back, b); return nil }
	if err := host.Send([]byte("challenge")); err != nil {
		t.Fatal(err)
	}
	host.via.receive(host, back[0])

	for i, want := range frames {
		got := recvWithin(t, host)
		if !bytes.Equal(got, want) {
			t.Fatalf("frame %d: got %q…", i, got[:min(len(got), 16)])
		}
	}
	select {
	case <-host.Done():
		t.Fatalf("the link broke: %v", host.closedErr())
	default:
	}
	host.mu.Lock()
	extra := len(host.ready) + len(host.ahead)
	host.mu.Unlock()
	if extra != 0 {
		t.Fatalf("%d frames beyond the guest's three", extra)
	}
}

// TestRelayedKeySwapRefused: someone between guest and host (a fellow guest at a public broker)
// swaps the guest's key in its request for its own; the host's signed agreement names the key
// it got, so the guest refuses the relayed path instead of talking through the intruder.
func TestRelayedKeySwapRefused(t *testing.T) {
	in := make(chan signal.Message, 4)
	var asked signal.Message
	p := pipe{send: func(m signal.Message) error {
		asked = m
		hk, _ := signal.NewLinkKey()
		mallory, _ := signal.NewLinkKey()
		in <- signal.Message{Kind: signal.KindRelayed, DH: append(hk.Public(), mallory.Public()...)}
		return nil
	}, in: in}
	var sink chunkSink
	sid, _ := signal.NewSession()
	_, err := askRelayed(t.Context(), "room", sid, p, func([]byte) error { return nil }, &sink, func() {})
	if !errors.Is(err, ErrNoPath) || asked.Kind != signal.KindRelayAsk || len(asked.DH) != 32 {
		t.Fatalf("err %v after asking %+v", err, asked.Kind)
	}
}

// TestRelayedBindingPerLink: a hello signed on one relayed link does not verify on another:
// the binding names the room, the session and both keys.
func TestRelayedBindingPerLink(t *testing.T) {
	a, b := []byte("host-key-32-bytes-host-key-32-by"), []byte("guest-key-32-bytes-guest-key-32b")
	s1, _ := signal.NewSession()
	s2, _ := signal.NewSession()
	base := signal.RelayedBinding("room1", s1, a, b)
	for name, other := range map[string][]byte{
		"another room":    signal.RelayedBinding("room2", s1, a, b),
		"another session": signal.RelayedBinding("room1", s2, a, b),
		"keys swapped":    signal.RelayedBinding("room1", s1, b, a),
	} {
		if bytes.Equal(base, other) {
			t.Errorf("%s: same binding", name)
		}
	}
}

// TestRelayedBrokerCannotForgeOrReplayAcks: the guest's frames stay held for retransmission
// until the host itself acknowledges them. An acknowledgement sealed under a fellow guest's
// key, the guest's own piece reflected back, and a genuine acknowledgement replayed change
// nothing; a genuine one frees what it covers, and no more.
func TestRelayedBrokerCannotForgeOrReplayAcks(t *testing.T) {
	guest, _, wire, hk, gk, sid := linkPair(t)
	for _, f := range []string{"a", "b", "c"} {
		if err := guest.Send([]byte(f)); err != nil {
			t.Fatal(err)
		}
	}
	held := func() int {
		guest.via.amu.Lock()
		defer guest.via.amu.Unlock()
		return len(guest.via.unacked)
	}
	mallory, _ := signal.NewLinkKey()
	forged, _ := mallory.LinkBox("room-under-test", sid, gk.Public())
	guest.via.receive(guest, signal.SealChunk(forged, signal.ToGuest, sid, 1, signal.AckChunk(3, 0)))
	guest.via.receive(guest, (*wire)[0]) // reflected
	if n := held(); n != 3 {
		t.Fatalf("%d frames held after a forged acknowledgement, want 3", n)
	}
	lh, _ := hk.LinkBox("room-under-test", sid, gk.Public())
	ack := signal.SealChunk(lh, signal.ToGuest, sid, 1, signal.AckChunk(1, 0b1)) // frames 1 and 3
	guest.via.receive(guest, ack)
	if n := held(); n != 1 {
		t.Fatalf("%d frames held after acknowledging two of three, want 1", n)
	}
	guest.via.amu.Lock()
	left := guest.via.unacked[0].seq
	guest.via.amu.Unlock()
	if left != 2 {
		t.Fatalf("frame %d held, want 2", left)
	}
	guest.via.receive(guest, ack) // replayed
	if n := held(); n != 1 {
		t.Fatalf("%d frames held after a replay, want 1", n)
	}
	select {
	case <-guest.Done():
		t.Fatalf("the link broke: %v", guest.closedErr())
	default:
	}
}
