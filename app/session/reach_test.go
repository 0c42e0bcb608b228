//go:build !wasm

package session

import (
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/table"
)

// switchedRelay is our real relay on one fixed address that a test turns off (every connection
// cut, new ones closed as they come) and on again, the way a restarting or unplugged relay
// looks to a page. The address is held throughout, so nothing else can take it meanwhile.
type switchedRelay struct {
	gate *gateListener
	srv  *httptest.Server
	mu   sync.Mutex
	rl   *relay.Relay // nil while off
}

// gateListener closes every connection it accepts while off.
type gateListener struct {
	net.Listener
	off atomic.Bool
}

func (g *gateListener) Accept() (net.Conn, error) {
	for {
		c, err := g.Listener.Accept()
		if err != nil || !g.off.Load() {
			return c, err
		}
		c.Close()
	}
}

// newSwitchedRelay starts the relay's address, off.
func newSwitchedRelay(t *testing.T) *switchedRelay {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &switchedRelay{gate: &gateListener{Listener: l}}
	r.gate.off.Store(true)
	mux := http.NewServeMux()
	mux.HandleFunc("/signal", func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		rl := r.rl
		r.mu.Unlock()
		if rl == nil {
			http.Error(w, "off", http.StatusServiceUnavailable)
			return
		}
		rl.ServeHTTP(w, req)
	})
	r.srv = &httptest.Server{Listener: r.gate, Config: &http.Server{Handler: mux}}
	r.srv.Start()
	t.Cleanup(func() {
		r.off()
		r.srv.Close()
	})
	return r
}

func (r *switchedRelay) url() string { return "ws://" + r.gate.Addr().String() + "/signal" }

func (r *switchedRelay) on() {
	r.mu.Lock()
	r.rl = relay.NewRelay(relay.Config{})
	r.mu.Unlock()
	r.gate.off.Store(false)
}

func (r *switchedRelay) off() {
	r.gate.off.Store(true)
	r.mu.Lock()
	rl := r.rl
	r.rl = nil
	r.mu.Unlock()
	if rl != nil {
		rl.Close() // its WebSockets: the server no longer tracks hijacked connections
	}
	r.srv.CloseClientConnections() // idle keep-alive connections, which the gate let in before
}

// waitProblem waits until s shows problem (not fatal), or fails the test.
func waitProblem(t *testing.T, s *Session, problem, when string) {
	t.Helper()
	if !waitFor(s.guest, time.Minute, func(table.GuestState) bool { p := s.Snapshot(); return p.Problem == problem && !p.Fatal }) {
		p := s.Snapshot()
		t.Fatalf("%s: the page shows %q (fatal %v), want %q", when, p.Problem, p.Fatal, problem)
	}
}

// TestHostToldWhenInvitationsStop: mid-session the relay goes down and stays down (alone, and
// beside a broker that was never up, the public-bus path). The host's page says that nobody new
// can join by the link (not fatal) while Bea, seated over her own data channel, plays on; when
// the relay is back the notice clears by itself and Cy joins by the same link. Before, the
// host was told nothing and its friends' joins failed against a link that looked fine.
func TestHostToldWhenInvitationsStop(t *testing.T) {
	for _, tc := range []struct{ name, spec string }{
		{"our relay", ""},
		{"our relay beside a dead broker", "nostr:ws://127.0.0.1:1,"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newSwitchedRelay(t)
			r.on()
			n := Net{Origin: "http://miskatonic.test", RelayURL: tc.spec + r.url(), RTC: rtc.LoopbackConfig()}
			if tc.spec != "" {
				n.RelayURL = tc.spec + "relay:" + r.url()
			}
			host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: n})
			if err != nil {
				t.Fatal(err)
			}
			defer host.Forget()
			link := host.Snapshot().Invite
			bea, err := Join(&MemStore{}, JoinConfig{Name: "Bea", Link: link, Net: n})
			if err != nil {
				t.Fatal(err)
			}
			defer bea.Forget()
			if p := host.Snapshot().Problem; p != "" {
				t.Fatalf("before the outage the host shows %q", p)
			}

			r.off()
			waitProblem(t, host, ProblemRelayDown, "relay down")
			if err := bea.Say("still here"); err != nil {
				t.Fatalf("Bea's link went down with the relay: %v", err)
			}
			if !waitFor(host.guest, time.Minute, func(g table.GuestState) bool {
				return len(g.Chat) > 0 && g.Chat[len(g.Chat)-1].Text == "still here"
			}) {
				t.Fatal("Bea's chat never reached the host while the relay was down")
			}
			if p := bea.Snapshot().Problem; p != "" {
				t.Fatalf("Bea, seated, shows %q while only the relay is down", p)
			}

			r.on()
			waitProblem(t, host, "", "relay back")
			cy, err := Join(&MemStore{}, JoinConfig{Name: "Cy", Link: link, Net: n})
			if err != nil {
				t.Fatalf("Cy could not join once the relay was back: %v", err)
			}
			defer cy.Forget()
			if !waitFor(host.guest, time.Minute, func(g table.GuestState) bool { return len(g.Lobby.Seats) == 3 }) {
				t.Fatal("the lobby never showed Cy")
			}
		})
	}
}

// TestHostClaimsRoomWhenRelayComesBack: a table opened, or resumed after a reload, while the
// relay was out of reach shows ProblemNoRelay; once the relay answers, the page claims its
// room by itself: the notice clears, the invite link is there and a guest joins by it. Before,
// it stayed without a working link (and its guests waited in vain) until another reload.
func TestHostClaimsRoomWhenRelayComesBack(t *testing.T) {
	r := newSwitchedRelay(t)
	n := Net{Origin: "http://miskatonic.test", RelayURL: r.url(), RTC: rtc.LoopbackConfig()}
	st := &MemStore{}
	host, err := StartHostAnyNet(st, HostConfig{Name: "Ann", Game: "arkham", Net: n})
	if err != nil {
		t.Fatal(err)
	}
	if p := host.Snapshot(); p.Problem != ProblemNoRelay || p.Invite != "" {
		t.Fatalf("opened without the relay: problem %q, invite %q", p.Problem, p.Invite)
	}
	// Dealt like any hosted table: host-blind by default, the host's to choose in the lobby
	// (before, a table opened offline dealt open, the host's browser able to read every card,
	// and offered no choice).
	if d, choose := host.Dealing(); d != blindtable.DealingBlind || !choose {
		t.Fatalf("opened without the relay: dealing %q (choice offered %v), want %s", d, choose, blindtable.DealingBlind)
	}
	waitSaved(t, st, "arkham")
	host.Close() // the page reloads, the relay still out
	host, err = ResumeHosted(st, n, "arkham")
	if err != nil || host == nil {
		t.Fatalf("resume: %v", err)
	}
	defer host.Forget()
	if p := host.Snapshot().Problem; p != ProblemNoRelay {
		t.Fatalf("resumed without the relay: problem %q", p)
	}

	r.on()
	waitProblem(t, host, "", "relay back")
	link := host.Snapshot().Invite
	if link == "" {
		t.Fatal("the relay is back but the host has no invite link")
	}
	bea, err := Join(&MemStore{}, JoinConfig{Name: "Bea", Link: link, Net: n})
	if err != nil {
		t.Fatalf("Bea could not join once the relay was back: %v", err)
	}
	defer bea.Forget()
}

// waitSaved waits until st holds the hosted table of game (the saver writes after a change).
func waitSaved(t *testing.T, st Store, game string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if ok, _ := Saved(st, Host, game); ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the table was never saved")
		}
	}
}

// TestGuestToldWhenItIsOffline: Bea's link to the host breaks while nothing that carries
// invitations answers from her side (here the relay is off). She is told the fault looks to
// be on her side, not the host's, while her page keeps trying; once the relay answers again
// but the host is still away she is back to waiting for the host; when the host's page comes
// back she is at the table with nothing shown. Before, she was told after half a minute that
// the host had not come back, whatever the reason.
func TestGuestToldWhenItIsOffline(t *testing.T) {
	r := newSwitchedRelay(t)
	r.on()
	n := Net{Origin: "http://miskatonic.test", RelayURL: r.url(), RTC: rtc.LoopbackConfig()}
	hostSt := &MemStore{}
	host, err := StartHost(hostSt, HostConfig{Name: "Ann", Game: "arkham", Net: n})
	if err != nil {
		t.Fatal(err)
	}
	bea, err := Join(&MemStore{}, JoinConfig{Name: "Bea", Link: host.Snapshot().Invite, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer bea.Forget()
	if !waitFor(host.guest, time.Minute, func(g table.GuestState) bool { return len(g.Lobby.Seats) == 2 }) {
		t.Fatal("the lobby never showed Bea")
	}
	waitSaved(t, hostSt, "arkham")

	r.off()
	host.Close() // the link breaks; every way back is out of reach from Bea's side
	waitProblem(t, bea, ProblemLostOffline, "nothing reachable")

	r.on()
	if !waitFor(bea.guest, time.Minute, func(table.GuestState) bool {
		p := bea.Snapshot().Problem
		return p == ProblemLost || p == ProblemHostGone
	}) {
		t.Fatalf("relay back, host away: Bea shows %q", bea.Snapshot().Problem)
	}

	host, err = ResumeHosted(hostSt, n, "arkham")
	if err != nil || host == nil {
		t.Fatalf("resume: %v", err)
	}
	defer host.Forget()
	waitProblem(t, bea, "", "host back")
	if !waitFor(bea.guest, time.Minute, func(g table.GuestState) bool { return g.Connected && g.Seat >= 0 }) {
		t.Fatal("Bea shows no problem but is never back in her seat")
	}
}
