package highcard_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/fair"
	"miskatonic/engine/highcard"
	_ "miskatonic/engine/highcard/highcardbot"
	"miskatonic/engine/table"
)

func lookup(name string) (engine.Rules, bool) {
	if name == highcard.Name {
		return highcard.Rules{}, true
	}
	return nil, false
}

// A real host and two real guests over pipes, with a host-side bot in the third seat, play High
// Card to the end; both guests verify the deal and see the host's result.
func TestTableOverPipes(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	host, err := table.NewHost(highcard.Rules{}, table.HostConfig{Rand: rand.NewChaCha8([32]byte{1}), Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	var guests []*table.Guest
	for i := 0; i < 2; i++ {
		a, b := table.Pipe()
		if err := host.AddGuest(a); err != nil {
			t.Fatal(err)
		}
		g, err := table.NewGuest(b, table.GuestConfig{Name: string(rune('A' + i)), Identity: fair.NewIdentity([32]byte{byte(9 + i)}),
			Rand: rand.NewChaCha8([32]byte{byte(2 + i)}), Rules: lookup, Tick: 5 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		guests = append(guests, g)
	}
	heuristic, err := bot.New(highcard.Name, bot.LevelHeuristic, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := host.AddBot("bot", bot.LevelHeuristic, table.BotFunc(heuristic)); err != nil {
		t.Fatal(err)
	}
	outs := make(chan engine.Outcome, len(guests))
	errs := make(chan error, len(guests))
	for i, g := range guests {
		go func() {
			out, err := g.Autoplay(ctx, bot.Random(uint64(i)), nil, nil)
			if err != nil {
				errs <- err
				return
			}
			outs <- out
		}()
	}
	for {
		st := host.State()
		ready := len(st.Seats) == 3
		for _, s := range st.Seats {
			ready = ready && (s.Bot || (s.Connected && s.Ready))
		}
		if ready {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatal("the lobby never filled")
		case <-time.After(5 * time.Millisecond):
		}
	}
	if err := host.Start(); err != nil {
		t.Fatal(err)
	}
	for range guests {
		select {
		case err := <-errs:
			t.Fatal(err)
		case out := <-outs:
			if out.Reason != highcard.ReasonHigh || len(out.Winners) == 0 {
				t.Fatalf("outcome %+v", out)
			}
		}
	}
	want := host.Record()
	for i, g := range guests {
		deadline := time.Now().Add(time.Minute) // a guard, not a timing
		for {
			st := g.State()
			if len(st.Deals) == 1 && st.Deals[0].State == table.DealVerified {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("guest %d: deals %+v", i, st.Deals)
			}
			time.Sleep(5 * time.Millisecond)
		}
		v := g.State().View.(*highcard.View)
		if !v.Over || len(v.Winners) == 0 {
			t.Fatalf("guest %d ends with %+v", i, v)
		}
	}
	if len(want.Moves) < 4 { // a deal and three turns
		t.Fatalf("record has %d moves", len(want.Moves))
	}
}
