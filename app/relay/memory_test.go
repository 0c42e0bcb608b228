//go:build !wasm

package relay

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/app/signal"
)

// TestIdleConnectionsMemoryBounded opens 5,000 idle guest connections (1,000 rooms of 5) and
// checks the relay's heap and stacks per connection stay small. The clients run in a child
// process (this test binary again, as TestIdleClients), so the figure is the relay's alone, the
// way a server such as PeerJS's is measured (issue 26: 10.9 KiB per idle connection there).
func TestIdleConnectionsMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 5,000 connections")
	}
	const n = 5000
	rl, url := newServer(t, Config{MaxConns: n, SourceConns: n})
	before := settledMemUse()
	child := exec.Command(os.Args[0], "-test.run=^TestIdleClients$", "-test.v")
	child.Env = append(os.Environ(), idleClientsEnv+"="+url, fmt.Sprintf("%s_N=%d", idleClientsEnv, n))
	child.Stderr = os.Stderr
	stdin, err := child.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); _ = child.Wait() }() // the child closes its clients and exits
	lines := bufio.NewScanner(stdout)
	ready := false
	for !ready && lines.Scan() {
		if msg, ok := strings.CutPrefix(lines.Text(), "clients: "); ok {
			if msg != "ready" {
				t.Fatalf("child: %s", msg)
			}
			ready = true
		}
	}
	if !ready {
		t.Fatal("the clients' process ended before its clients were in")
	}
	go io.Copy(io.Discard, stdout)
	elapsed := time.Since(start)
	if st := rl.Stats(); st.Conns != n || st.Rooms != n/idlePerRoom {
		t.Fatalf("stats %+v", st)
	}
	// One more is refused: the connection bound holds.
	if _, err := signal.Connect(context.Background(), url, testInvite(t, 99999).Room, signal.RoleGuest, ""); err == nil {
		t.Fatal("connection beyond MaxConns accepted")
	}
	after := memUse()
	per := (after - before) / n
	t.Logf("FIGURE relay memory, 5,000 idle connections: %d bytes (%.1f KiB) each (relay alone, heap + stacks), %.0f joins/s while opening", per, float64(per)/1024, float64(n)/elapsed.Seconds())
	if per > 96<<10 {
		t.Fatalf("%d bytes per idle connection; want under 96 KiB", per)
	}
	if gr := runtime.NumGoroutine(); gr > 2*n {
		t.Fatalf("%d goroutines for %d idle connections", gr, n)
	}
}

// idleClientsEnv carries the relay's URL to TestIdleClients in the child process.
const (
	idleClientsEnv = "MISKATONIC_RELAY_IDLE_CLIENTS"
	idlePerRoom    = 5
)

// TestIdleClients is TestIdleConnectionsMemoryBounded's child: it opens the idle guest
// connections, says "clients: ready" (or what failed) on stdout and holds them until its stdin
// closes. Run alone it does nothing.
func TestIdleClients(t *testing.T) {
	url := os.Getenv(idleClientsEnv)
	if url == "" {
		t.Skip("the child process of TestIdleConnectionsMemoryBounded")
	}
	n, err := strconv.Atoi(os.Getenv(idleClientsEnv + "_N"))
	if err != nil {
		t.Fatal(err)
	}
	clients := make([]*signal.Client, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, 32)
	for i := 0; i < n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			in := testInvite(t, uint64(1000+i/idlePerRoom))
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			c, err := signal.Connect(ctx, url, in.Room, signal.RoleGuest, "")
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil {
				firstErr = err
			}
			clients[i] = c
		}(i)
	}
	wg.Wait()
	defer func() {
		for _, c := range clients {
			if c != nil {
				c.CloseNow()
			}
		}
	}()
	if firstErr != nil {
		fmt.Printf("clients: %v\n", firstErr)
		return
	}
	fmt.Println("clients: ready")
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// settledMemUse is memUse once what earlier tests left behind (connections still closing, for
// up to coder/websocket's 5 s close handshake) has gone: two readings a quarter second apart
// within 64 KiB, or the last after 10 s.
func settledMemUse() int64 {
	last := memUse()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); {
		time.Sleep(250 * time.Millisecond)
		m := memUse()
		if d := m - last; d < 64<<10 && d > -64<<10 {
			return m
		}
		last = m
	}
	return last
}

func memUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}

// BenchmarkJoin measures how fast the relay admits guests (connect, be placed, leave).
func BenchmarkJoin(b *testing.B) {
	_, url := newServer(b, Config{MaxPeers: 1 << 20, MaxConns: 1 << 20, SourceConns: 1 << 20})
	in := testInvite(b, 1)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c, err := signal.Connect(ctx, url, in.Room, signal.RoleGuest, "")
		if err != nil {
			b.Fatal(err)
		}
		c.CloseNow()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "joins/s")
}

// BenchmarkRelayFrame measures a guest → host frame round trip through the relay.
func BenchmarkRelayFrame(b *testing.B) {
	_, url := newServer(b, Config{Rate: 1e9, Burst: 1 << 30, RoomBytes: 1 << 40, SourceBytes: 1 << 40})
	in := testInvite(b, 2)
	h := connect(b, url, in, signal.RoleHost)
	g := connect(b, url, in, signal.RoleGuest)
	recv(b, h)
	recv(b, g)
	payload := make([]byte, 1024)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		send(b, g, signal.Frame{Type: signal.FrameData, Payload: payload})
		f := recv(b, h)
		send(b, h, signal.Frame{Type: signal.FrameData, Peer: f.Peer, Payload: payload})
		recv(b, g)
	}
}
