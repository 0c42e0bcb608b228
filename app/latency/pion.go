//go:build !wasm

package latency

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"miskatonic/app/relay"
	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine/table"
)

// Measure runs games over pion data channels (through an in-process relay) until cfg.Moves
// moves are measured, after measuring the raw ping.
func Measure(ctx context.Context, cfg Config) (*Report, error) {
	defaults(&cfg)
	rl := relay.NewRelay(relay.Config{})
	srv := httptest.NewServer(rl)
	defer srv.Close()
	defer rl.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http")

	rep := &Report{Stage: map[string][]time.Duration{}, Movers: map[string]int{}}
	raw, err := ping(ctx, url, cfg.Pings, cfg.PingBytes)
	if err != nil {
		return nil, err
	}
	rep.Raw, rep.PingBytes = raw, cfg.PingBytes
	err = run(ctx, cfg, func(uint64) (linker, func(), error) { return pionLinker(ctx, url) }, rep)
	return rep, err
}

// pionLinker opens a lobby on the relay; each seat dials it and the host side of each
// accepted channel is added to the host.
func pionLinker(ctx context.Context, url string) (linker, func(), error) {
	inv, err := signal.NewInvite()
	if err != nil {
		return nil, nil, err
	}
	lobby, err := rtc.Listen(ctx, url, inv, rtc.LoopbackConfig())
	if err != nil {
		return nil, nil, err
	}
	type pending struct {
		host *table.Host
		wrap func(table.Conn, bool) table.Conn
	}
	var mu sync.Mutex
	byName := map[string]pending{}
	go func() {
		for j := range lobby.Joiners() {
			go func(j *rtc.Joiner) {
				c, err := j.Accept(ctx)
				if err != nil {
					return
				}
				mu.Lock()
				p, ok := byName[j.Name]
				mu.Unlock()
				if !ok {
					c.Close()
					return
				}
				_ = p.host.AddGuest(p.wrap(c, true))
			}(j)
		}
	}()
	link := func(ctx context.Context, host *table.Host, i int, name string, wrap func(table.Conn, bool) table.Conn) (table.Conn, error) {
		mu.Lock()
		byName[name] = pending{host, wrap}
		mu.Unlock()
		return rtc.Dial(ctx, url, inv.Guest(), name, rtc.LoopbackConfig())
	}
	return link, func() { lobby.Close() }, nil
}

// ping measures a bare rtc.Conn: one side echoes, the other times round trips.
func ping(ctx context.Context, url string, n, size int) ([]time.Duration, error) {
	inv, err := signal.NewInvite()
	if err != nil {
		return nil, err
	}
	lobby, err := rtc.Listen(ctx, url, inv, rtc.LoopbackConfig())
	if err != nil {
		return nil, err
	}
	defer lobby.Close()
	echo := make(chan error, 1)
	go func() {
		j, ok := <-lobby.Joiners()
		if !ok {
			echo <- fmt.Errorf("latency: no joiner")
			return
		}
		c, err := j.Accept(ctx)
		if err != nil {
			echo <- err
			return
		}
		defer c.Close()
		for {
			f, err := c.Recv()
			if err != nil {
				echo <- nil
				return
			}
			if err := c.Send(f); err != nil {
				echo <- nil
				return
			}
		}
	}()
	c, err := rtc.Dial(ctx, url, inv.Guest(), "ping", rtc.LoopbackConfig())
	if err != nil {
		return nil, err
	}
	defer c.Close()
	msg := make([]byte, size)
	out := make([]time.Duration, 0, n)
	for i := 0; i < n+10; i++ {
		t0 := time.Now()
		if err := c.Send(msg); err != nil {
			return nil, err
		}
		if _, err := c.Recv(); err != nil {
			return nil, err
		}
		if i >= 10 { // the first few warm the channel up
			out = append(out, time.Since(t0)/2)
		}
	}
	return out, nil
}
