package table

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"miskatonic/engine/fair/toy"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// waitVerdict waits until seat's deal epoch reaches a final verdict and returns it.
func (tt *testTable) waitVerdict(seat engine.Seat, epoch int) DealStatus {
	tt.t.Helper()
	var got DealStatus
	tt.waitFor(fmt.Sprintf("seat %d's verdict on deal %d", seat, epoch), func() bool {
		for _, d := range tt.guests[seat].State().Deals {
			if d.Epoch == epoch && d.State != DealPending {
				got = d
				return true
			}
		}
		return false
	})
	return got
}

// withholdView hides seat victim's view of game seq seq (its frame number filled with a chat
// line, so no resync happens) and, if answerNeed is false, every log it would send to answer.
func withholdView(victim engine.Seat, seq int, answerNeed bool) func(engine.Seat, wire.Message) wire.Message {
	return func(s engine.Seat, m wire.Message) wire.Message {
		if s != victim {
			return m
		}
		switch v := m.(type) {
		case *wire.View:
			if v.Seq == seq {
				return nil
			}
		case *wire.Log:
			if !answerNeed {
				return nil
			}
		}
		return m
	}
}

// Finding 1: a host that skips a move (and will not send it when asked) can no longer make the
// replay stop early and still say verified: the deal stays pending, then fails naming the move.
func TestFairWithheldMoveFails(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newCheatTable(t, 3, nil, withholdView(1, 3, false), nil, map[string]string{"rounds": "2"})
	tt.play()
	d := tt.waitVerdict(1, 1)
	if d.State != DealFailed || !strings.Contains(d.Problem, "the host withheld move 3") {
		t.Fatalf("seat 1, deal 1: %+v", d)
	}
	for _, s := range []engine.Seat{0, 2} {
		if d := tt.waitVerdict(s, 1); d.State != DealVerified || d.Checked == 0 {
			t.Fatalf("seat %d, deal 1: %+v", s, d)
		}
	}
	tt.close()
}

// Finding 1, the honest side: a view lost on the way is fetched by game seq and the deal
// verifies, with the number of views compared reported.
func TestFairMissingMoveFetched(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newCheatTable(t, 3, nil, withholdView(1, 3, true), nil, map[string]string{"rounds": "2"})
	tt.play()
	for e := 1; e <= 2; e++ {
		if d := tt.waitVerdict(1, e); d.State != DealVerified || d.Checked == 0 {
			t.Fatalf("seat 1, deal %d: %+v", e, d)
		}
	}
	tt.close()
}

// Finding 7: the legal moves and the status shown with each view are replayed too, so a host
// that hides a move from a guest (or misstates whose turn it is) is caught.
func TestFairLegalAndStatusAudited(t *testing.T) {
	cases := []struct {
		name    string
		edit    func(v *wire.View) bool
		problem string
	}{
		{"a legal move hidden", func(v *wire.View) bool {
			for i, m := range v.Legal {
				if m.Kind == "show" {
					v.Legal = append(append([]engine.Move{}, v.Legal[:i]...), v.Legal[i+1:]...)
					return true
				}
			}
			return false
		}, "the moves offered differ from the rules"},
		{"the status misstated", func(v *wire.View) bool {
			if v.Seq == 0 || v.Status.Over {
				return false
			}
			v.Status.Turn += 7
			return true
		}, "the status shown differs from the rules"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer checkNoLeak(t)()
			done := false
			out := func(s engine.Seat, m wire.Message) wire.Message {
				v, ok := m.(*wire.View)
				if !ok || s != 1 || done {
					return m
				}
				c := *v
				if tc.edit(&c) {
					done = true
					return &c
				}
				return m
			}
			tt := newCheatTable(t, 3, nil, out, nil, map[string]string{"rounds": "2"})
			tt.play()
			var failed *DealStatus
			tt.waitFor("seat 1 to catch the host "+tc.name, func() bool {
				for _, d := range tt.guests[1].State().Deals {
					if d.State == DealFailed {
						failed = &d
						return true
					}
				}
				return false
			})
			if !strings.Contains(failed.Problem, tc.problem) {
				t.Fatalf("seat 1: %+v, want %q", failed, tc.problem)
			}
			tt.close()
		})
	}
}

// Finding 4: a Welcome "for another table" under the same match number no longer wipes the
// verdicts: a caught cheat stays failed, an unrevealed deal fails, and both survive a reload.
func TestFairVerdictsNeverErased(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newCheatTable(t, 3, stackedRules{Rules: toy.Rules{}, epoch: 1, key: [32]byte{7}}, nil, nil, map[string]string{"rounds": "3"})
	tt.play()
	d := tt.waitVerdict(0, 1)
	if d.State != DealFailed {
		t.Fatalf("seat 0, stacked deal 1: %+v", d)
	}
	// The modified host page welcomes everyone to a fresh table id, same match.
	other := bytes.Repeat([]byte{0xEE}, 16)
	tt.host.do(func() {
		tt.host.table = other
		for _, p := range tt.host.peers {
			if p.welcomed {
				tt.host.welcome(p)
			}
		}
	})
	g := tt.guests[0]
	tt.waitFor("seat 0 on the other table", func() bool { return g.State().Table == hex.EncodeToString(other) })
	check := func(who string, prev []DealStatus) {
		t.Helper()
		var first, second *DealStatus
		for i := range prev {
			switch prev[i].Epoch {
			case 1:
				first = &prev[i]
			case 2:
				second = &prev[i]
			}
		}
		if first == nil || first.State != DealFailed || first.Problem != d.Problem {
			t.Fatalf("%s: the caught deal is gone or changed: %+v", who, prev)
		}
		if second != nil && second.State != DealFailed {
			t.Fatalf("%s: an unrevealed deal was not failed: %+v", who, second)
		}
	}
	check("after the welcome", g.State().PrevDeals)
	tt.waitFor("the verdicts saved", func() bool { return bytes.Contains(tt.mem[0].get(), []byte(d.Problem)) })
	saved := tt.mem[0].get()
	tt.close()

	// A reload: a new guest with what was saved still shows them before hearing from anyone.
	a, b := Pipe()
	defer a.Close()
	g2, err := NewGuest(b, GuestConfig{Name: "p0", Identity: identity(0), Rand: newRand(1), Rules: lookup, Memory: saved})
	if err != nil {
		t.Fatal(err)
	}
	check("after a reload", g2.State().PrevDeals)
	g2.Close()
}

// firstFailure waits until seat reports a failed deal and returns it.
func (tt *testTable) firstFailure(seat engine.Seat) DealStatus {
	tt.t.Helper()
	var got DealStatus
	tt.waitFor(fmt.Sprintf("seat %d to catch the host", seat), func() bool {
		for _, d := range tt.guests[seat].State().Deals {
			if d.State == DealFailed {
				got = d
				return true
			}
		}
		return false
	})
	return got
}

// editCommit rewrites the commitments seat victim is sent.
func editCommit(victim engine.Seat, edit func(c *wire.Commit)) func(engine.Seat, wire.Message) wire.Message {
	return func(s engine.Seat, m wire.Message) wire.Message {
		c, ok := m.(*wire.Commit)
		if !ok || s != victim {
			return m
		}
		f := *c
		f.Roster = append([][]byte(nil), c.Roster...)
		edit(&f)
		return &f
	}
}

// Finding 3: a roster without a guest's key (so the deal would go ahead without its share), or
// one that differs from the lobby the guest was shown, fails the deal.
func TestFairRosterChecked(t *testing.T) {
	cases := []struct {
		name    string
		edit    func(c *wire.Commit)
		problem string
	}{
		{"the guest's own key left out", func(c *wire.Commit) { c.Roster[1] = nil }, "the host left this seat out of the deal"},
		{"another seat's key swapped", func(c *wire.Commit) { c.Roster[2] = bytes.Repeat([]byte{5}, 32) }, "key for seat 2 differs from the lobby"},
		{"a seat added", func(c *wire.Commit) { c.Roster = append(c.Roster, nil) }, "lists 4 seats, the lobby 3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer checkNoLeak(t)()
			tt := newCheatTable(t, 3, nil, editCommit(1, tc.edit), nil, map[string]string{"rounds": "1"})
			tt.play()
			if d := tt.firstFailure(1); d.Epoch != 1 || !strings.Contains(d.Problem, tc.problem) {
				t.Fatalf("seat 1: %+v, want %q", d, tc.problem)
			}
			tt.close()
		})
	}
}

// Finding 5: the host cannot re-deal at will. A re-commitment is accepted only for a seat
// change the guest was shown, once, never for the host's own seat; accepted ones are counted.
func TestFairRecommitsLimited(t *testing.T) {
	// recommit makes the host commit its open deal again, after running change on the table.
	recommit := func(tt *testTable, change func(h *Host)) {
		tt.host.do(func() {
			h := tt.host
			change(h)
			h.rekey()
		})
	}
	newKey := func(b byte) func(h *Host) {
		return func(h *Host) {
			h.seats[0].Key = identity(int(b)).Public()
			h.broadcastLobby()
		}
	}
	cases := []struct {
		name    string
		change  func(h *Host)
		problem string
	}{
		{"no seat changed", func(h *Host) {}, "without any seat change"},
		{"a key change nobody was shown", func(h *Host) { h.seats[2].Key = identity(40).Public() }, "never shown"},
		{"the host's own seat", func(h *Host) {
			h.cfg.HostKey = h.seats[0].Key
			newKey(41)(h)
			h.cfg.HostKey = h.seats[0].Key
			h.broadcastLobby()
		}, "changing its own seat's key"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer checkNoLeak(t)()
			// Nobody moves: the first deal stays open, waiting for seat 2 (whose seal the
			// modified host page holds back).
			hold := func(*Host) func(engine.Seat, wire.Message) bool {
				return func(s engine.Seat, m wire.Message) bool { _, ok := m.(*wire.Seal); return ok && s == 2 }
			}
			tt := newCheatTable(t, 3, nil, nil, hold, map[string]string{"rounds": "1"})
			tt.waitFor("seat 1's seal", func() bool {
				n := 0
				tt.host.do(func() { n = len(tt.host.deals[0].Seals) })
				return n == 2
			})
			recommit(tt, tc.change)
			if d := tt.firstFailure(1); !strings.Contains(d.Problem, tc.problem) {
				t.Fatalf("seat 1: %+v, want %q", d, tc.problem)
			}
			tt.close()
		})
	}
	t.Run("a change shown, once", func(t *testing.T) {
		defer checkNoLeak(t)()
		hold := func(*Host) func(engine.Seat, wire.Message) bool {
			return func(s engine.Seat, m wire.Message) bool { _, ok := m.(*wire.Seal); return ok && s == 2 }
		}
		tt := newCheatTable(t, 3, nil, nil, hold, map[string]string{"rounds": "1"})
		recommit(tt, newKey(42))
		tt.waitFor("the restart counted", func() bool {
			ds := tt.guests[1].State().Deals
			return len(ds) == 1 && ds[0].Restarts == 1 && ds[0].State == DealPending
		})
		// The same change again is refused.
		recommit(tt, func(h *Host) {})
		if d := tt.firstFailure(1); !strings.Contains(d.Problem, "without any seat change") {
			t.Fatalf("seat 1: %+v", d)
		}
		tt.close()
	})
}

// Finding 2: every contributor (the host's own seat included) seals its share before any is
// revealed, so no share can be chosen after seeing another.
func TestFairSharesSealedFirst(t *testing.T) {
	// A host page that relays the sealed set without its own seat's seal (seat 0), hoping to
	// see the guests' shares before it picks its own.
	t.Run("a sealed set without the host's seat", func(t *testing.T) {
		defer checkNoLeak(t)()
		var mu sync.Mutex
		revealed := map[engine.Seat]bool{}
		in := func(h *Host) func(engine.Seat, wire.Message) bool {
			return func(s engine.Seat, m wire.Message) bool {
				switch c := m.(type) {
				case *wire.Seal:
					if s == 0 {
						return true // the host's own seat holds back
					}
					go h.do(func() {
						d := h.deals[c.Epoch-1]
						d.Seals[int(c.Seat)] = &wire.Share{Seat: c.Seat, S: c.SC, Sig: c.Sig}
						if len(d.Seals) == 2 {
							h.broadcast(sealList(d)) // relayed without seat 0's
						}
					})
					return true
				case *wire.Contrib:
					mu.Lock()
					revealed[s] = true
					mu.Unlock()
				}
				return false
			}
		}
		tt := newCheatTable(t, 3, nil, nil, in, map[string]string{"rounds": "1"})
		for _, s := range []engine.Seat{1, 2} {
			if d := tt.firstFailure(s); !strings.Contains(d.Problem, "the sealed set lacks seat 0") {
				t.Fatalf("seat %d: %+v", s, d)
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if revealed[1] || revealed[2] {
			t.Fatalf("a guest revealed its share to an incomplete sealed set: %v", revealed)
		}
		tt.close()
	})
	// A contributor that sealed but never reveals (the host's own page after seeing the
	// others' shares): the host may restart the deal, visibly and only a few times.
	t.Run("a reveal that never comes", func(t *testing.T) {
		defer checkNoLeak(t)()
		in := func(*Host) func(engine.Seat, wire.Message) bool {
			return func(s engine.Seat, m wire.Message) bool { _, ok := m.(*wire.Contrib); return ok && s == 0 }
		}
		tt := newCheatTable(t, 3, nil, nil, in, map[string]string{"rounds": "1"})
		for n := 1; n <= maxRestarts; n++ {
			tt.waitFor("every seal relayed", func() bool {
				ok := false
				tt.host.do(func() { ok = tt.host.deals[0].SealsSent })
				return ok
			})
			tt.waitFor("seat 1's share", func() bool {
				ok := false
				tt.host.do(func() { ok = tt.host.deals[0].Shares[1] != nil })
				return ok
			})
			tt.host.do(func() { tt.host.rekey() })
			tt.waitFor(fmt.Sprint("restart ", n, " counted"), func() bool {
				ds := tt.guests[1].State().Deals
				return len(ds) == 1 && ds[0].Restarts == n && ds[0].State == DealPending
			})
		}
		tt.waitFor("every seal relayed", func() bool {
			ok := false
			tt.host.do(func() { ok = tt.host.deals[0].SealsSent })
			return ok
		})
		tt.host.do(func() { tt.host.rekey() })
		if d := tt.firstFailure(1); !strings.Contains(d.Problem, "restarted deal 1 more than") {
			t.Fatalf("seat 1: %+v", d)
		}
		tt.close()
	})
}

// Finding 8: moves are signed by their seat and checked in every guest's replay, so a host
// that moves for a player (or misreports who did what) is caught; so is a forged chat line.
func TestFairMovesSigned(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newCheatTable(t, 3, nil, nil, nil, map[string]string{"rounds": "1"})
	// Nobody plays: the modified host page makes every move itself, in the players' names.
	tt.waitFor("the game over", func() bool {
		over := false
		tt.host.do(func() {
			st := tt.host.game.Status()
			if over = st.Over; over || st.Deal != nil || len(st.Active) == 0 {
				return
			}
			if l := tt.host.game.Legal(st.Active[0]); len(l) > 0 {
				_ = tt.host.apply(l[0], bytes.Repeat([]byte{1}, 64))
			}
		})
		return over
	})
	for s := engine.Seat(0); s < 3; s++ {
		if d := tt.firstFailure(s); !strings.Contains(d.Problem, "was not signed by seat") {
			t.Fatalf("seat %d: %+v", s, d)
		}
	}
	// A chat line in seat 1's name it never signed is dropped.
	tt.host.do(func() { tt.host.broadcast(&wire.Chat{From: 1, Name: "p1", Text: "I concede", N: 99}) })
	tt.guests[0].Say("marker")
	tt.waitFor("seat 2 hears seat 0", func() bool {
		for _, c := range tt.guests[2].State().Chat {
			if c.Text == "marker" {
				return c.Signed
			}
		}
		return false
	})
	for _, c := range tt.guests[2].State().Chat {
		if c.Text == "I concede" {
			t.Fatal("a forged chat line was shown")
		}
	}
	tt.close()
}

// Finding 9 (in part) and 2: a share that never comes does not stall the table; after
// ShareTimeout the host starts the deal again, and every guest sees the restart counted.
func TestFairShareDeadline(t *testing.T) {
	defer checkNoLeak(t)()
	in := func(*Host) func(engine.Seat, wire.Message) bool {
		return func(s engine.Seat, m wire.Message) bool { _, ok := m.(*wire.Contrib); return ok && s == 0 }
	}
	tt := newCheatTable(t, 3, nil, nil, in, map[string]string{"rounds": "1"},
		func(c *HostConfig) { c.ShareTimeout = 30 * time.Millisecond })
	tt.waitFor("a restart counted", func() bool {
		ds := tt.guests[1].State().Deals
		return len(ds) == 1 && ds[0].Restarts >= 1 && ds[0].State == DealPending
	})
	tt.close()
}

// Finding 3: a short table code lets players compare what they were told: equal at an honest
// table, different for a guest the host told another story.
func TestFairTableCode(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{guests: 3, seed: 31, opts: map[string]string{"rounds": "2"}})
	tt.play()
	tt.finish()
	c0 := tt.guests[0].State().Code
	if len(c0) != 9 {
		t.Fatalf("code %q", c0)
	}
	for i, g := range tt.guests {
		if c := g.State().Code; c != c0 {
			t.Fatalf("guest %d code %q, guest 0 %q", i, c, c0)
		}
	}
	tt.close()

	// A host that commits differently towards seat 2 gives it another code.
	forged := editCommit(2, func(c *wire.Commit) { c.C = bytes.Repeat([]byte{9}, 32) })
	tt = newCheatTable(t, 3, nil, forged, nil, map[string]string{"rounds": "1"})
	tt.waitFor("a view after the deal", func() bool {
		return tt.guests[0].State().Code != "" && tt.guests[2].State().Code != "" && tt.guests[2].State().Seq == tt.guests[0].State().Seq
	})
	if a, b := tt.guests[0].State().Code, tt.guests[2].State().Code; a == b {
		t.Fatalf("same code %q for two stories", a)
	}
	tt.close()
}
