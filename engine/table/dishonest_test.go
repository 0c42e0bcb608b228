package table

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

// Each dishonest host is caught by the guests, who report what did not match.
func TestDishonestHost(t *testing.T) {
	hand := regexp.MustCompile(`"hand":(\d+)`)
	type attack struct {
		rules engine.Rules // the host's rules, if it changes them
		out   func(seat engine.Seat, m wire.Message) wire.Message
		in    func(h *Host) func(seat engine.Seat, m wire.Message) bool
	}
	cases := []struct {
		name    string
		attack  attack
		rounds  string
		victims []engine.Seat // seats that must report a failure (nil: every seat)
		epoch   int
		problem string
	}{
		{name: "stacked deck", epoch: 2, problem: "differs from the deal",
			attack: attack{rules: stackedRules{Rules: toy.Rules{}, epoch: 2, key: [32]byte{1, 2, 3}}}},
		{name: "a card shown that differs from the deal", epoch: 1, problem: "hand: shown", victims: []engine.Seat{1},
			attack: attack{out: func(s engine.Seat, m wire.Message) wire.Message {
				v, ok := m.(*wire.View)
				if !ok || s != 1 || v.Seq != 1 {
					return m
				}
				c := *v
				c.View = hand.ReplaceAllFunc(v.View, func(b []byte) []byte { return []byte(`"hand":11`) })
				return &c
			}}},
		{name: "different commitments to different guests", epoch: 1, problem: "not signed over this commitment",
			attack: attack{
				out: func(s engine.Seat, m wire.Message) wire.Message {
					c, ok := m.(*wire.Commit)
					if !ok || s != 2 {
						return m
					}
					f := *c
					f.C = bytes.Repeat([]byte{9}, 32)
					return &f
				},
				// The host must take seat 2's share signed over the other commitment.
				in: func(h *Host) func(engine.Seat, wire.Message) bool {
					return func(s engine.Seat, m wire.Message) bool {
						if s != 2 {
							return false
						}
						switch c := m.(type) {
						case *wire.Seal:
							h.acceptSeal(c)
						case *wire.Contrib:
							h.acceptShare(c)
						default:
							return false
						}
						return true
					}
				}}},
		{name: "reveal withheld before the next deal", epoch: 1, problem: "without revealing",
			attack: attack{out: withholdReveals}},
		{name: "reveal withheld at the end", epoch: 1, problem: "never revealed", rounds: "1",
			attack: attack{out: withholdReveals}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer checkNoLeak(t)()
			rounds := tc.rounds
			if rounds == "" {
				rounds = "3"
			}
			tt := newCheatTable(t, 3, tc.attack.rules, tc.attack.out, tc.attack.in, map[string]string{"rounds": rounds})
			tt.play()
			victims := tc.victims
			if victims == nil {
				victims = []engine.Seat{0, 1, 2}
			}
			for _, s := range victims {
				g := tt.guests[s]
				tt.waitFor(fmt.Sprintf("seat %d to catch the host", s), func() bool {
					for _, d := range g.State().Deals {
						if d.State == DealFailed && d.Epoch == tc.epoch {
							if !strings.Contains(d.Problem, tc.problem) {
								t.Fatalf("seat %d: deal %d problem %q, want %q", s, d.Epoch, d.Problem, tc.problem)
							}
							return true
						}
					}
					return false
				})
			}
			tt.close()
		})
	}
}

// newCheatTable seats n guests at a host whose page was modified: it may play under changed
// rules, rewrite what it sends (out) and take what guests send before checking it (in).
func newCheatTable(t *testing.T, n int, rules engine.Rules, out func(engine.Seat, wire.Message) wire.Message,
	in func(*Host) func(engine.Seat, wire.Message) bool, opts map[string]string, cfgs ...func(*HostConfig)) *testTable {
	return newCheatTableReveal(t, n, 50*time.Millisecond, rules, out, in, opts, cfgs...)
}

// newCheatTableReveal is newCheatTable with the guests' RevealTimeout given: an attack whose
// verdict comes with a message the host sends (a Log answering a Need) needs longer than the
// 50 ms that makes withheld views fail fast, or under load the guest names the withholding
// first and the check under test never runs.
func newCheatTableReveal(t *testing.T, n int, reveal time.Duration, rules engine.Rules, out func(engine.Seat, wire.Message) wire.Message,
	in func(*Host) func(engine.Seat, wire.Message) bool, opts map[string]string, cfgs ...func(*HostConfig)) *testTable {
	if rules == nil {
		rules = toy.Rules{}
	}
	tt := &testTable{t: t, rand: newRand(3), stop: make(chan struct{})}
	h, err := newHost(rules, HostConfig{Rand: newRand(4), RatePerSecond: 5000, Burst: 5000})
	if err != nil {
		t.Fatal(err)
	}
	h.table = make([]byte, 16)
	for _, f := range cfgs {
		f(&h.cfg)
	}
	for k, v := range opts {
		h.options[k] = v
	}
	h.run()
	tt.host = h
	for i := 0; i < n; i++ {
		a, b := Pipe()
		h.AddGuest(a)
		tc := &tamper{Conn: b, seat: engine.Seat(i), out: out}
		if in != nil {
			tc.in = in(h)
		}
		mem := &memBox{}
		tt.mem = append(tt.mem, mem)
		g, _ := NewGuest(tc, GuestConfig{Save: mem.save, Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(uint64(60 + i)), Rules: lookup,
			Tick: 10 * time.Millisecond, RevealTimeout: reveal})
		tt.guests = append(tt.guests, g)
		tt.waitFor("seated", func() bool { return g.State().Connected })
		g.SetReady(true)
	}
	tt.waitFor("start", func() bool { return h.Start() == nil })
	return tt
}

// The host's table survives its process: snapshot after every change, a new host resumes from
// the last one, guests reconnect, and the game finishes verified with nothing lost.
func TestSnapshotResume(t *testing.T) {
	defer checkNoLeak(t)()
	for _, rules := range []engine.Rules{toy.Rules{}, extraRules["arkham"]} {
		t.Run(rules.Name(), func(t *testing.T) {
			var mu sync.Mutex
			var saved []byte
			persist := func(b []byte) { mu.Lock(); saved = b; mu.Unlock() }
			tt := &testTable{t: t, rand: newRand(8), stop: make(chan struct{})}
			h, err := NewHost(rules, HostConfig{Rand: newRand(9), Persist: persist, RatePerSecond: 5000, Burst: 5000, Bots: func(string) BotFunc { return randomBot(3) }})
			if err != nil {
				t.Fatal(err)
			}
			tt.host = h
			for i := 0; i < 4; i++ {
				a, b := FaultyPipe(uint64(i), Faults{Drop: 0.05, MaxDelay: time.Millisecond})
				h.AddGuest(a)
				g, _ := NewGuest(b, GuestConfig{Name: fmt.Sprint("p", i), Identity: identity(i), Rand: newRand(uint64(70 + i)), Rules: lookup, Tick: 10 * time.Millisecond})
				tt.guests = append(tt.guests, g)
				tt.waitFor("seated", func() bool { return g.State().Connected })
				g.SetReady(true)
			}
			h.AddBot("bot", "random", randomBot(3))
			tt.waitFor("start", func() bool { return h.Start() == nil })
			tt.play()
			// Kill the host mid-game, twice, resuming each time from what it last persisted.
			for kill := 0; kill < 2; kill++ {
				target := 4 + kill*6
				tt.waitFor("some moves", func() bool { return tt.host.State().Seq >= target })
				tt.host.Close()
				mu.Lock()
				snap := saved
				mu.Unlock()
				h2, err := Resume(rules, snap, HostConfig{Rand: newRand(uint64(20 + kill)), Persist: persist, RatePerSecond: 5000, Burst: 5000, Bots: func(string) BotFunc { return randomBot(4) }})
				if err != nil {
					t.Fatal(err)
				}
				tt.host = h2
				for _, g := range tt.guests {
					a, b := Pipe()
					h2.AddGuest(a)
					g.Reconnect(b)
				}
			}
			tt.finish()
			tt.checkViews()
			tt.close()
		})
	}
}
