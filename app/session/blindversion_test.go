//go:build !wasm

package session

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"

	"miskatonic/engine/blindtable"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// linkToHost hands one end of a pipe to host as a guest's link (the muxed table and blind
// streams, as network.go does for a data channel) and returns the other end: another build's
// page, as raw frames.
func linkToHost(t *testing.T, host *Session) table.Conn {
	t.Helper()
	a, b := table.Pipe()
	mx := newMux(a)
	if err := host.host.AddGuest(mx.table); err != nil {
		t.Fatal(err)
	}
	host.blind.addLink(mx.blind)
	t.Cleanup(func() { b.Close() })
	return b
}

// recvUntil reads raw frames from c until one satisfies ok, or the link ends (nil).
func recvUntil(t *testing.T, c table.Conn, ok func([]byte) bool) []byte {
	t.Helper()
	got := make(chan []byte, 1)
	go func() {
		for {
			f, err := c.Recv()
			if err != nil {
				got <- nil
				return
			}
			if ok(f) {
				got <- f
				return
			}
		}
	}()
	select {
	case f := <-got:
		return f
	case <-time.After(15 * time.Second):
		t.Fatal("nothing came")
		return nil
	}
}

// TestOlderBuildToldVersionsDiffer: a page of an older build (wire version 4) at a host-blind
// table's host: its hello — and its blind stream's ask beside it — gets a Bye in its own
// version saying the versions differ, and the link closes: it does not sit in the lobby.
func TestOlderBuildToldVersionsDiffer(t *testing.T) {
	host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: testNet(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	old := linkToHost(t, host)
	if err := old.Send([]byte{blindTag, blindAsk}); err != nil {
		t.Fatal(err)
	}
	if err := old.Send([]byte(`{"v":4,"type":"hello","seq":1,"body":{}}`)); err != nil {
		t.Fatal(err)
	}
	bye := recvUntil(t, old, func(f []byte) bool { return bytes.Contains(f, []byte(`"bye"`)) })
	if bye == nil || wire.FrameVersion(bye) != 4 || !bytes.Contains(bye, []byte(`"`+string(wire.ByeVersion)+`"`)) {
		t.Fatalf("the older page was told %q", bye)
	}
	if f := recvUntil(t, old, func([]byte) bool { return false }); f != nil {
		t.Fatal("the link stayed open")
	}
}

// TestBlindStreamVersion: a page whose blind stream plays another blind protocol version is
// told the host's version on that stream (and sent no blind game it could not read); a guest
// told so by its host shows that the versions differ (ProblemVersion), fatal.
func TestBlindStreamVersion(t *testing.T) {
	host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: testNet(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	other := linkToHost(t, host)
	if err := other.Send(append([]byte{blindTag, blindAsk}, strconv.Itoa(blindtable.Version+1)...)); err != nil {
		t.Fatal(err)
	}
	f := recvUntil(t, other, func(f []byte) bool { return len(f) > 1 && f[0] == blindTag })
	if want := append([]byte{blindTag}, versionFrame()...); !bytes.Equal(f, want) {
		t.Fatalf("the other build's page was told %q, want %q", f, want)
	}

	// The guest's side: its ask names its version (bare for version 1, as the first builds
	// sent it), and a host of another version is reported.
	a, b := table.Pipe()
	defer b.Close()
	g := &Session{store: &MemStore{}, kind: Guest}
	g.blind = newBlind(g)
	go g.blind.guestLink(newMux(a).blind)
	ask := recvUntil(t, b, func(f []byte) bool { return len(f) > 0 && f[0] == blindTag })
	if v, ok := askVersion(ask[1:]); !ok || v != blindtable.Version {
		t.Fatalf("the guest asked %q", ask)
	}
	if err := b.Send(append([]byte{blindTag, blindVersion}, strconv.Itoa(blindtable.Version)...)); err != nil {
		t.Fatal(err)
	}
	if err := b.Send(append([]byte{blindTag, blindVersion}, strconv.Itoa(blindtable.Version+1)...)); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		g.mu.Lock()
		p, fatal := g.problem, g.fatal
		g.mu.Unlock()
		if p == ProblemVersion && fatal {
			break
		}
		if p != "" || time.Now().After(end) {
			t.Fatalf("the guest shows %q (fatal %v), want %s", p, fatal, ProblemVersion)
		}
	}
	for _, bad := range []string{"", "A", "Ax", "A-1", "A" + strings.Repeat("9", 12)} {
		if v, ok := askVersion([]byte(bad)); ok && bad != "A" {
			t.Errorf("ask %q read as version %d", bad, v)
		}
	}
}

// TestBlindStartRefusedOtherVersion: over real (pion) data channels, Cy's link says its page
// plays another blind protocol version (the ask another build sends, put on Cy's own link at
// the host; TestBlindStreamVersion checks such a page is told the versions differ). The host's
// Start is refused with a reason naming Cy, shown in its lobby (ProblemBlindVersionGuest): no
// game starts that would wait for Cy's keys. Once Cy comes back on a page of this build, the
// table starts and plays.
func TestBlindStartRefusedOtherVersion(t *testing.T) {
	n := testNet(t)
	host, guests, stores := seatBlindTable(t, n, &MemStore{})
	cyKey := seatKey(t, guests[1].Snapshot().Lobby, "Cy")
	var cyLink *hostLink
	for end := time.Now().Add(time.Minute); cyLink == nil && time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		host.blind.mu.Lock()
		for _, hl := range host.blind.links {
			if k := hl.l.peerKey(); bytes.Equal(k, cyKey) {
				cyLink = hl
			}
		}
		host.blind.mu.Unlock()
	}
	if cyLink == nil {
		t.Fatal("the host never matched Cy's link to Cy")
	}
	cyLink.l.push(append([]byte{blindAsk}, strconv.Itoa(blindtable.Version+1)...))
	for end := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		cyLink.mu.Lock()
		read := cyLink.other != 0
		cyLink.mu.Unlock()
		if read {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the host never read Cy's ask")
		}
	}
	var err error
	for range 250 { // until the lobby is ready: then the refusal is the version's
		if err = host.Start(); ProblemOf(err) == ProblemBlindVersionGuest {
			break
		}
		if err == nil {
			t.Fatal("the host started a blind game with a guest of another blind version")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if ProblemOf(err) != ProblemBlindVersionGuest || !strings.Contains(err.Error(), "Cy") {
		t.Fatalf("Start refused with %v (%s)", err, ProblemOf(err))
	}
	if host.blind.on() || host.Snapshot().Started {
		t.Fatal("a game started")
	}
	// Cy reloads on a page of this build: the table starts and plays.
	guests[1].Close()
	cy, err := Join(stores[1], JoinConfig{Name: "Cy", Link: host.Snapshot().Invite, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cy.Forget)
	startTable(t, host)
	playAll(t, []*Session{host, guests[0], cy}, 3*time.Minute)
}

// seatKey is the identity key of the person named name in lobby l.
func seatKey(t *testing.T, l wire.Lobby, name string) []byte {
	t.Helper()
	for _, x := range l.Seats {
		if x.Name == name {
			return x.Key
		}
	}
	t.Fatalf("%s is not seated: %+v", name, l.Seats)
	return nil
}
