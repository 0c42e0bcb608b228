//go:build linux && !wasm

package natlab

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fiatjaf/khatru"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
	"miskatonic/app/session"
	_ "miskatonic/app/signal/mqtt"
	_ "miskatonic/app/signal/nostr"
	"miskatonic/app/signal/signaltest"
	"miskatonic/app/turnserver"
)

// The roles of the lab's processes. The matrix (matrix_test.go) runs this same test binary
// inside a namespace with NATLAB_ROLE set; each role reports on stdout in lines starting
// "NATLAB ", which the matrix reads.

const pubIP = "203.0.113.10"

func say(format string, args ...any) { fmt.Printf("NATLAB "+format+"\n", args...) }

// TestNATPub runs the lab's internet services on nat-pub: our relay (with its TURN server's
// credentials endpoint beside it), mosquitto and a Nostr relay. It answers "stats" on stdin
// with the relay's figures and the process's heap, and ends when stdin closes.
func TestNATPub(t *testing.T) {
	if os.Getenv("NATLAB_ROLE") != "pub" {
		t.Skip("a role of TestNATMatrix")
	}
	rl := relay.NewRelay(relay.Config{})
	defer rl.Close()
	ts, err := turnserver.New(turnserver.Config{
		UDP: pubIP + ":3478", TCP: pubIP + ":3478",
		// The lab's "internet" is TEST-NET-3, which a TURN server refuses by default.
		AllowPeers: []netip.Prefix{netip.MustParsePrefix("203.0.113.0/24")},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	mux := http.NewServeMux()
	mux.Handle("/signal", rl)
	mux.Handle("/turn", ts)
	l, err := net.Listen("tcp", pubIP+":8080")
	if err != nil {
		t.Fatal(err)
	}
	go http.Serve(l, mux)

	nr := khatru.NewRelay()
	nr.Log.SetOutput(devNull{})
	nl, err := net.Listen("tcp", pubIP+":7777")
	if err != nil {
		t.Fatal(err)
	}
	go http.Serve(nl, nr)
	mq := strings.Replace(signaltest.Mosquitto(t), "127.0.0.1", pubIP, 1)

	say("READY relay=ws://%s:8080/signal turn=http://%s:8080/turn mqtt=%s/mqtt nostr=ws://%s:7777", pubIP, pubIP, mq, pubIP)
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		if in.Text() == "stats" {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			st := rl.Stats()
			say("STATS routed=%d heap=%d rooms=%d conns=%d turnbytes=%d", st.Routed, ms.HeapInuse, st.Rooms, st.Conns, ts.Stats().RelayedBytes)
		}
	}
}

type devNull struct{}

func (devNull) Write(p []byte) (int, error) { return len(p), nil }

// peerNet is the network settings a host or guest role gets from the matrix.
func peerNet(t *testing.T) session.Net {
	var cfg rtc.Config
	if err := json.Unmarshal([]byte(os.Getenv("NATLAB_RTC")), &cfg); err != nil {
		t.Fatal(err)
	}
	return session.Net{Origin: "http://miskatonic.test", RelayURL: os.Getenv("NATLAB_SPEC"), RTC: cfg}
}

// TestNATPeer is a host (on nat-h) or a guest (nat-g, nat-gi) using the app's own session:
// the host opens a highcard table and starts it once the guest sits; each plays its seat to
// the end. The guest reports the time from opening the link to seated, its link's path and
// the latency of its moves (a move sent → the host's next view in).
func TestNATPeer(t *testing.T) {
	role := os.Getenv("NATLAB_ROLE")
	if role != "host" && role != "guest" {
		t.Skip("a role of TestNATMatrix")
	}
	n := peerNet(t)
	var s *session.Session
	if role == "host" {
		h, err := session.StartHost(&session.MemStore{}, session.HostConfig{Name: "Hana", Game: os.Getenv("NATLAB_GAME"), Net: n, BotDelay: time.Millisecond})
		if err != nil {
			say("FAIL host: %v", err)
			t.Fatal(err)
		}
		s = h
		defer h.Forget()
		if os.Getenv("NATLAB_GAME") == "arkham" {
			if err := h.AddBot("random"); err != nil { // arkham seats three at least
				say("FAIL host: bot: %v", err)
				t.Fatal(err)
			}
		}
		say("INVITE %s", h.Snapshot().Invite)
		deadline := time.Now().Add(60 * time.Second)
		for connectedSeats(h.Snapshot()) < 2 {
			if time.Now().After(deadline) {
				say("FAIL host: nobody sat; notices %v", h.Notices())
				t.Fatal("nobody sat")
			}
			time.Sleep(20 * time.Millisecond)
		}
		for _, p := range h.LinkPaths() {
			say("HOSTPATH %s notices=%d", p, len(h.Notices()))
		}
		// The guest says it is ready just after it sits.
		for err := h.Start(); err != nil; err = h.Start() {
			if time.Now().After(deadline) {
				say("FAIL host: start: %v", err)
				t.Fatal(err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	} else {
		start := time.Now()
		g, err := session.Join(&session.MemStore{}, session.JoinConfig{Name: "Gil", Link: os.Getenv("NATLAB_LINK"), Net: n, Timeout: 40 * time.Second})
		if err != nil {
			say("FAIL guest: %s: %v", session.ProblemOf(err), err)
			t.Fatal(err)
		}
		s = g
		defer g.Forget()
		say("SEATED %d %s", time.Since(start).Milliseconds(), g.Path())
	}
	lat, err := playToEnd(s, 90*time.Second)
	if err != nil {
		say("FAIL %s: %v", role, err)
		t.Fatal(err)
	}
	if role == "guest" {
		slices.Sort(lat)
		say("LAT %d %d %d", pct(lat, 0.5).Microseconds(), pct(lat, 0.99).Microseconds(), len(lat))
	}
	say("OVER")
	time.Sleep(300 * time.Millisecond) // let the last frames reach the other side
}

func connectedSeats(snap session.Snapshot) int {
	n := 0
	for _, s := range snap.Lobby.Seats {
		if s.Connected && !s.Bot {
			n++
		}
	}
	return n
}

// playToEnd plays the session's seat (the first legal move each time) until the game is over,
// and returns how long each of its moves took to come back as a new view. It gives up once the
// table has made no move for limit: a stall, however long a whole game takes on a loaded machine.
func playToEnd(s *session.Session, limit time.Duration) ([]time.Duration, error) {
	poke := make(chan struct{}, 1)
	cancel := s.Subscribe(func() {
		select {
		case poke <- struct{}{}:
		default:
		}
	})
	defer cancel()
	deadline, seen := time.Now().Add(limit), -1
	var lat []time.Duration
	var sentAt time.Time
	sentSeq := -1
	for {
		st := s.Snapshot()
		if st.Status.Over {
			return lat, nil
		}
		if int(st.Seq) != seen {
			seen, deadline = int(st.Seq), time.Now().Add(limit)
		}
		if time.Now().After(deadline) {
			return lat, fmt.Errorf("the game made no move for %v (seq %d)", limit, st.Seq)
		}
		if sentSeq >= 0 && int(st.Seq) > sentSeq {
			lat = append(lat, time.Since(sentAt))
			sentSeq = -1
		}
		if sentSeq < 0 && st.HasView && !st.Waiting && len(st.Legal) > 0 {
			sentAt = time.Now()
			if s.Move(st.Legal[0]) == nil {
				sentSeq = int(st.Seq)
			}
		}
		select {
		case <-poke:
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func pct(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	return d[min(len(d)-1, int(float64(len(d))*p))]
}
