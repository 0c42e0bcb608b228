//go:build !wasm

package signaltest_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"miskatonic/app/signal"
	_ "miskatonic/app/signal/mqtt"
	_ "miskatonic/app/signal/nostr"
	"miskatonic/app/signal/signaltest"
)

func invite(t *testing.T) signal.Invite {
	in, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// servers starts one real server of each public kind; the result maps a name to a spec.
func servers(t *testing.T) map[string]string {
	mq, ns := signaltest.Mosquitto(t), signaltest.Nostr(t)
	mqc, _ := signaltest.ChaosProxy(t, mq)
	nsc, _ := signaltest.ChaosProxy(t, ns)
	return map[string]string{
		"mqtt": "mqtt:" + mq, "nostr": "nostr:" + ns,
		"mqtt through chaos": "mqtt:" + mqc, "nostr through chaos": "nostr:" + nsc,
	}
}

// TestFramesCrossEachBus: a guest's frames reach the host with a peer id, the host's reply
// reaches that guest (and only it) as peer 0, through a real broker and relay, and through a
// proxy that drops, doubles, reorders and replays (every frame still arrives: resends).
func TestFramesCrossEachBus(t *testing.T) {
	for name, spec := range servers(t) {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			in := invite(t)
			host, err := signal.Open(ctx, spec, in.Room, signal.RoleHost, in.HostToken)
			if err != nil {
				t.Fatal(err)
			}
			defer host.Close()
			a, err := signal.Open(ctx, spec, in.Room, signal.RoleGuest, "")
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			b, err := signal.Open(ctx, spec, in.Room, signal.RoleGuest, "")
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			const n = 8
			for i := range n {
				if err := a.Send(ctx, signal.Frame{Type: signal.FrameData, Payload: []byte(fmt.Sprint("a", i))}); err != nil {
					t.Fatal(err)
				}
			}
			got := map[string]bool{}
			var peer uint32
			for len(got) < n {
				f, err := host.Recv(ctx)
				if err != nil {
					t.Fatalf("host got %d of %d: %v", len(got), n, err)
				}
				if f.Type != signal.FrameData || f.Peer == 0 {
					t.Fatalf("host got %+v", f)
				}
				peer = f.Peer
				got[string(f.Payload)] = true
			}
			if err := host.Send(ctx, signal.Frame{Type: signal.FrameData, Peer: peer, Payload: []byte("to a")}); err != nil {
				t.Fatal(err)
			}
			f, err := a.Recv(ctx)
			if err != nil || string(f.Payload) != "to a" || f.Peer != 0 {
				t.Fatalf("a got %+v, %v", f, err)
			}
			short, stop := context.WithTimeout(ctx, 500*time.Millisecond)
			defer stop()
			if f, err := b.Recv(short); err == nil {
				t.Fatalf("b got a's frame %+v", f)
			}
		})
	}
}

// TestNoTransportAnswers: with every endpoint dead, a guest learns within seconds which were
// tried; with one dead and one up, it gets through the live one.
func TestNoTransportAnswers(t *testing.T) {
	dead := "mqtt:ws://127.0.0.1:1/mqtt,nostr:ws://127.0.0.1:1"
	in := invite(t)
	start := time.Now()
	_, err := signal.Open(context.Background(), dead, in.Room, signal.RoleGuest, "")
	var na *signal.NoAnswerError
	if !errors.As(err, &na) || len(na.Tried) != 2 {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > signal.ConnectWait+time.Second {
		t.Fatalf("took %v to give up", d)
	}
	if !strings.Contains(err.Error(), "mqtt:ws://127.0.0.1:1/mqtt") || !strings.Contains(err.Error(), "nostr:ws://127.0.0.1:1") {
		t.Fatalf("the error does not name what was tried: %v", err)
	}

	// A host keeps retrying endpoints that drop, but opening fails as soon as none came up.
	start = time.Now()
	if _, err := signal.Open(context.Background(), dead, in.Room, signal.RoleHost, in.HostToken); !errors.Is(err, signal.ErrNoAnswer) {
		t.Fatalf("host: err = %v", err)
	}
	if d := time.Since(start); d > signal.ConnectWait+time.Second {
		t.Fatalf("host: took %v to give up", d)
	}

	// Reachable but silent (no host): Recv gives up after AnswerWait.
	old := signal.AnswerWait
	signal.AnswerWait = 300 * time.Millisecond
	defer func() { signal.AnswerWait = old }()
	live := "nostr:" + signaltest.Nostr(t)
	c, err := signal.Open(context.Background(), dead+","+live, in.Room, signal.RoleGuest, "")
	if err != nil {
		t.Fatalf("one live endpoint should do: %v", err)
	}
	defer c.Close()
	if _, err := c.Recv(context.Background()); !errors.Is(err, signal.ErrNoAnswer) {
		t.Fatalf("silent host: err = %v", err)
	}
}
