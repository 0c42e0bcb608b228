//go:build !wasm

// Package signaltest starts real public-transport servers for tests: Debian's mosquitto with a
// WebSocket listener, and an in-process Nostr relay (khatru), plus a proxy that makes either
// one drop, duplicate, reorder and replay deliveries. Nothing here is a mock: the point is to
// meet the brokers' own checks (MQTT framing, Nostr ids and signatures) as a public one would.
package signaltest

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fiatjaf/khatru"
	"github.com/nbd-wtf/go-nostr"
)

// Mosquitto starts mosquitto on loopback ports for the test's life and returns its WebSocket
// address ("ws://127.0.0.1:PORT"). Missing mosquitto fails the test (apt-get install mosquitto).
func Mosquitto(t testing.TB) string {
	t.Helper()
	return mosquitto(t, true)
}

// MosquittoMembersOnly starts mosquitto as Mosquitto does, but admitting nobody without an
// account: every connection is refused at CONNACK (not authorised), as a members-only broker
// refuses the public.
func MosquittoMembersOnly(t testing.TB) string {
	t.Helper()
	return mosquitto(t, false)
}

func mosquitto(t testing.TB, anonymous bool) string {
	t.Helper()
	bin, err := exec.LookPath("mosquitto")
	if err != nil {
		if _, serr := os.Stat("/usr/sbin/mosquitto"); serr != nil {
			t.Fatal("these tests need Debian's mosquitto: apt-get install mosquitto")
		}
		bin = "/usr/sbin/mosquitto"
	}
	plain, ws := freePort(t), freePort(t)
	// mosquitto 2.0.11 counts only plain listeners as "listening", so it needs one beside the
	// WebSocket one; and its WebSocket listener cannot take a bind address.
	conf := fmt.Sprintf("listener %d 127.0.0.1\nprotocol mqtt\nlistener %d\nprotocol websockets\nallow_anonymous %v\n", plain, ws, anonymous)
	path := filepath.Join(t.TempDir(), "mosquitto.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-c", path)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	addr := fmt.Sprintf("127.0.0.1:%d", ws)
	for deadline := time.Now().Add(10 * time.Second); ; {
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			break
		}
		select {
		case <-exited:
			t.Fatalf("mosquitto exited: %s", out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("mosquitto never listened: %s", out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return "ws://" + addr
}

// Nostr starts a khatru relay in-process (it checks every event's id and signature, keeps
// nothing of ephemeral kinds) and returns its address.
func Nostr(t testing.TB) string {
	t.Helper()
	rl := khatru.NewRelay()
	rl.Log.SetOutput(discard{})
	srv := httptest.NewServer(rl)
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

// NostrRefusing starts a real Nostr relay (khatru) that takes connections and subscriptions
// but refuses every event with reason, as a rate-limited or paid public relay does.
func NostrRefusing(t testing.TB, reason string) string {
	t.Helper()
	rl := khatru.NewRelay()
	rl.Log.SetOutput(discard{})
	rl.RejectEvent = append(rl.RejectEvent, func(context.Context, *nostr.Event) (bool, string) { return true, reason })
	srv := httptest.NewServer(rl)
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// serve runs h on loopback for the test's life.
func serve(t testing.TB, h http.Handler) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}
