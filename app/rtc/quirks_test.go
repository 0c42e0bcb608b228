package rtc

import (
	"context"
	"sync"
	"testing"
	"time"

	"miskatonic/app/signal"
)

// TestChromiumQuirks sets up a connection whose signaling behaves like Chromium's at its
// worst: every candidate is followed by an empty end-of-candidates candidate, and the host's
// candidates reach the guest before the host's answer does. The guest must drop the empty ones
// and buffer the early ones until the answer is set.
func TestChromiumQuirks(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	toHost := make(chan signal.Message, 64)
	toGuest := make(chan signal.Message, 64)
	var mu sync.Mutex
	var heldAnswer *signal.Message
	hostCands := 0

	guestSend := func(m signal.Message) error {
		toHost <- m
		if m.Kind == signal.KindCandidate {
			toHost <- signal.Message{Kind: signal.KindCandidate, Candidate: &signal.Candidate{}}
		}
		return nil
	}
	hostSend := func(m signal.Message) error {
		mu.Lock()
		defer mu.Unlock()
		switch m.Kind {
		case signal.KindAnswer:
			heldAnswer = &m // hold it back: candidates overtake it
		case signal.KindCandidate:
			toGuest <- m
			toGuest <- signal.Message{Kind: signal.KindCandidate, Candidate: &signal.Candidate{}}
			hostCands++
		default:
			toGuest <- m
		}
		return nil
	}
	// Release the answer a moment after the first host candidates went ahead of it.
	go func() {
		for {
			time.Sleep(20 * time.Millisecond)
			mu.Lock()
			if heldAnswer != nil && hostCands > 0 {
				toGuest <- *heldAnswer
				heldAnswer = nil
				mu.Unlock()
				return
			}
			mu.Unlock()
			if ctx.Err() != nil {
				return
			}
		}
	}()

	type result struct {
		c   *Conn
		err error
	}
	hostDone := make(chan result, 1)
	go func() {
		m := <-toHost // the offer comes first
		c, err := answer(ctx, LoopbackConfig(), pipe{send: hostSend, in: toHost}, m.SDP)
		hostDone <- result{c, err}
	}()
	g, err := offer(ctx, LoopbackConfig(), pipe{send: guestSend, in: toGuest}, "quirky")
	if err != nil {
		t.Fatalf("guest: %v", err)
	}
	defer g.Close()
	r := <-hostDone
	if r.err != nil {
		t.Fatalf("host: %v", r.err)
	}
	defer r.c.Close()
	if err := g.Send([]byte("through")); err != nil {
		t.Fatal(err)
	}
	if f, err := r.c.Recv(); err != nil || string(f) != "through" {
		t.Fatalf("%q %v", f, err)
	}
	if hostCands == 0 {
		t.Fatal("no host candidate went ahead of the answer; the test proved nothing")
	}
}

// TestRemoteCandidatesBuffered checks the buffer directly: candidates (and end markers) added
// before the description wait; after it they are applied, the markers never.
func TestRemoteCandidatesBuffered(t *testing.T) {
	pc, err := newPeerConnection(context.Background(), LoopbackConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	rc := &remoteCandidates{pc: pc}
	mid := "0"
	rc.add(&signal.Candidate{Candidate: "candidate:1 1 udp 2130706431 127.0.0.1 50000 typ host", SDPMid: &mid})
	rc.add(&signal.Candidate{}) // Chromium's end-of-candidates
	rc.add(nil)
	if len(rc.pending) != 1 {
		t.Fatalf("%d pending, want 1 (end markers dropped)", len(rc.pending))
	}
	rc.described()
	if len(rc.pending) != 0 || !rc.ready {
		t.Fatal("buffer not flushed")
	}
}
