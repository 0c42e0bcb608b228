package relay

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"miskatonic/app/signal"
)

// TestIdleConnectionsMemoryBounded opens 5,000 idle guest connections (1,000 rooms of 5) and
// checks the relay's heap and stacks per connection stay small. Both ends live in this process,
// so the figure includes the test's own clients and is an upper bound for the relay alone.
func TestIdleConnectionsMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 5,000 connections")
	}
	const n, perRoom = 5000, 5
	rl, url := newServer(t, Config{MaxConns: n, SourceConns: n})
	before := memUse()
	clients := make([]*signal.Client, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, 32)
	start := time.Now()
	for i := 0; i < n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			in := testInvite(t, uint64(1000+i/perRoom))
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
	elapsed := time.Since(start)
	defer func() {
		for _, c := range clients {
			if c != nil {
				c.CloseNow()
			}
		}
	}()
	if firstErr != nil {
		t.Fatal(firstErr)
	}
	if st := rl.Stats(); st.Conns != n || st.Rooms != n/perRoom {
		t.Fatalf("stats %+v", st)
	}
	// One more is refused: the connection bound holds.
	if _, err := signal.Connect(context.Background(), url, testInvite(t, 99999).Room, signal.RoleGuest, ""); err == nil {
		t.Fatal("connection beyond MaxConns accepted")
	}
	after := memUse()
	per := (after - before) / n
	t.Logf("5,000 idle connections: %d bytes each (relay + test client, heap + stacks), %.0f joins/s while opening", per, float64(n)/elapsed.Seconds())
	if per > 96<<10 {
		t.Fatalf("%d bytes per idle connection; want under 96 KiB", per)
	}
	gr := runtime.NumGoroutine()
	if gr > 3*n {
		t.Fatalf("%d goroutines for %d idle connections", gr, n)
	}
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
	_, url := newServer(b, Config{Rate: 1e9, Burst: 1 << 30})
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
