package blindtable

import (
	"encoding/json"
	"slices"
	"sync"
	"testing"

	"miskatonic/engine"
)

// noticesOf is the host's notices.
func noticesOf(f *fixture) []Notice {
	var ns []Notice
	f.hostState(func(st *State) bool { ns = st.Notices(); return true })
	return ns
}

func hasNotice(ns []Notice, x engine.Seat, code string) bool {
	for _, n := range ns {
		if n.Seat == x && n.Code == code {
			return true
		}
	}
	return false
}

// standInAt3 starts a table of four key holders whose seat 3 vanishes at move 3 of a deal; the
// host has a stand-in play it.
func standInAt3(t *testing.T) (*fixture, engine.Seat) {
	f := newFixture(t, 41, 4, []engine.Seat{0, 1, 2, 3}, nil)
	f.level = "random"
	const absent = engine.Seat(3)
	f.leaveAt(absent, 3, "stand-in", f.host.StandIn)
	f.start()
	return f, absent
}

// TestStandInNeverReturns: a key holder vanishes mid-round and never comes back. The stand-in
// plays out the round (escrow); at the next deal its seat is dealt as a bot seat run by the
// host's page — no key is needed from it — and the game reaches its end with no verdict, the
// notice naming the seat as away.
func TestStandInNeverReturns(t *testing.T) {
	f, absent := standInAt3(t)
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		t.Fatalf("verdict: %v", v)
	}
	ns := noticesOf(f)
	if !hasNotice(ns, absent, NoticeAbsent) {
		t.Fatalf("notices %+v: seat %d not said away", ns, absent)
	}
	deals, botMoves, absentKeys := 0, 0, 0
	for _, e := range f.host.Log() {
		if e.In.Kind == KindKeys && e.In.From == absent {
			absentKeys++
		}
		if e.In.Kind == KindKeys && e.In.From == 0 {
			deals++
		}
		var m Move
		if e.In.Kind == KindMove && json.Unmarshal(e.In.Body, &m) == nil && m.Move.Seat == absent && e.In.From == f.cfg.Host {
			botMoves++
		}
	}
	if absentKeys != 1 {
		t.Fatalf("the absent seat's keys are in %d deals, want the first only", absentKeys)
	}
	if deals < 2 {
		t.Fatalf("%d deals: the game never dealt without the absent seat", deals)
	}
	f.hostState(func(st *State) bool {
		if !st.Away(absent) || !st.b.Status().Over {
			t.Fatalf("seat %d away %v, over %v", absent, st.Away(absent), st.b.Status().Over)
		}
		return true
	})
	t.Logf("%d deals; %d moves of seat %d by the host's page; notices %+v", deals, botMoves, absent, ns)
}

// TestAbsentBeforeShuffle: a key holder vanishes after its keys, before its shuffle step. The
// host says it is absent: the attempt is void, the seat is dealt as a bot seat, the three left
// deal again with fresh secrets and the game goes on. The player comes back: it holds a key
// again from the next deal, and the game ends with no verdict.
func TestAbsentBeforeShuffle(t *testing.T) {
	f := newFixture(t, 45, 4, []engine.Seat{0, 1, 2, 3}, nil)
	f.level = "random"
	const absent = engine.Seat(3)
	var mu sync.Mutex
	gone := false
	f.alter[absent] = func(p *Page, in Input) []Input {
		mu.Lock()
		defer mu.Unlock()
		if in.Kind != KindShuffle || gone {
			return []Input{in}
		}
		gone = true
		go func() {
			f.vanish(absent)
			if err := f.host.Absent(absent); err != nil {
				f.failf("absent: %v", err)
			}
		}()
		return nil
	}
	f.start()
	f.settle(func() bool {
		return f.verdict() != nil || f.hostState(func(st *State) bool { return st.d != nil && st.d.done })
	})
	if v := f.verdict(); v != nil {
		t.Fatalf("verdict: %v", v)
	}
	f.hostState(func(st *State) bool {
		if !st.Away(absent) || st.voids != 1 {
			t.Fatalf("away %v, voids %d", st.Away(absent), st.voids)
		}
		return true
	})
	// The deal made again after the mark: three steps, none of the absent seat's.
	steps, marked := []engine.Seat{}, false
	for _, e := range f.host.Log() {
		switch {
		case e.In.Kind == KindAbsent:
			marked = true
		case marked && e.In.Kind == KindShuffle:
			steps = append(steps, e.In.From)
		}
		if marked && e.In.Kind == KindSigma {
			break
		}
	}
	if len(steps) != 3 || slices.Contains(steps, absent) {
		t.Fatalf("steps after the absent mark: %v", steps)
	}
	delete(f.alter, absent)
	f.connect(absent, 3)
	if err := f.host.Back(absent); err != nil {
		t.Fatal(err)
	}
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		t.Fatalf("verdict after the return: %v", v)
	}
	ns := noticesOf(f)
	if !hasNotice(ns, absent, NoticeAbsent) {
		t.Fatalf("notices %+v", ns)
	}
	if !hasNotice(ns, absent, NoticeBack) { // the game ended in the round it came back in
		if !f.hostState(func(st *State) bool { return st.returning[absent] }) {
			t.Fatalf("seat %d came back, neither rejoined nor waiting for the next deal: %+v", absent, ns)
		}
		t.Logf("the game ended before the next deal; seat %d waits to rejoin", absent)
		return
	}
	keysAfter := 0
	for _, e := range f.host.Log() {
		if e.In.Kind == KindKeys && e.In.From == absent {
			keysAfter++
		}
	}
	if keysAfter < 2 { // its first (void) deal's, and one after its return
		t.Fatalf("the returning seat posted keys %d times", keysAfter)
	}
	t.Logf("notices %+v", ns)
}

// TestTwoHoldersOneLeaves: at a table of two key holders (no escrow) the guest vanishes
// mid-round. The host says it is absent: the round is void (not a fault), the host's page deals
// again alone and holds the deal openly, which the notices say; the game reaches its end.
func TestTwoHoldersOneLeaves(t *testing.T) {
	f := newFixture(t, 47, 3, []engine.Seat{0, 1}, nil)
	f.level = "random"
	const absent = engine.Seat(1)
	f.leaveAt(absent, 2, "absent", f.host.Absent)
	f.start()
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		t.Fatalf("verdict: %v", v)
	}
	ns := noticesOf(f)
	if !hasNotice(ns, absent, NoticeVoid) || !hasNotice(ns, absent, NoticeAbsent) || !hasNotice(ns, 0, NoticeOpen) {
		t.Fatalf("notices %+v", ns)
	}
	f.client(0).Do(func(p *Page) {
		if !p.st.b.Status().Over || len(p.st.Notices()) != len(ns) {
			t.Fatalf("the host's page: over %v, notices %+v", p.st.b.Status().Over, p.st.Notices())
		}
	})
	t.Logf("notices %+v", ns)
}

// TestAbsentRefused: only the host says a holder is absent, never of itself, and not mid-round
// at a table with escrow (a stand-in takes that seat); each refusal changes nothing.
func TestAbsentRefused(t *testing.T) {
	f := newFixture(t, 49, 4, []engine.Seat{0, 1, 2, 3}, nil)
	f.level = "random"
	f.start()
	f.settle(func() bool {
		return f.hostState(func(st *State) bool { return st.d != nil && st.d.dealt && st.ply >= 1 })
	})
	f.host.State(func(st *State) {
		forged := must(Sign(f.ids[1], st.id, 1, KindAbsent, SeatBody{Deal: st.d.n, Seat: 2}))
		for name, in := range map[string]Input{
			"a guest says another is absent": forged,
			"the host says it is absent":     must(Sign(f.ids[0], st.id, 0, KindAbsent, SeatBody{Deal: st.d.n, Seat: 0})),
			"mid-round with escrow":          must(Sign(f.ids[0], st.id, 0, KindAbsent, SeatBody{Deal: st.d.n, Seat: 2})),
		} {
			seq, holders := st.seq, st.holders()
			if err := st.Apply(Entry{Seq: seq, In: in}); err == nil {
				t.Fatalf("%s: accepted", name)
			} else {
				t.Logf("%s: %v", name, err)
			}
			if st.seq != seq || len(st.holders()) != len(holders) || len(st.Notices()) != 0 {
				t.Fatalf("%s: the refusal changed the state", name)
			}
		}
	})
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		t.Fatal(v)
	}
}

// TestStoodInBotReturns: a key holder vanishes mid-round, a stand-in plays out the round and,
// the player not back by its end, the seat is dealt as a bot seat. The player comes back
// later: the host's Back makes it a key holder again from the next deal the protocol allows,
// and the game ends with no verdict. A guest cannot forge that Back, nor can the host give
// back a seat that is not away: each is refused and changes nothing.
func TestStoodInBotReturns(t *testing.T) {
	f, absent := standInAt3(t)
	f.settle(func() bool {
		return f.verdict() != nil || f.over() || f.hostState(func(st *State) bool { return st.Away(absent) })
	})
	f.host.State(func(st *State) {
		if !st.Away(absent) {
			t.Fatalf("seat %d is not dealt as a bot seat after its round (verdict %v)", absent, st.Verdict())
		}
		for name, in := range map[string]Input{
			"a guest gives the seat back":       must(Sign(f.ids[1], st.id, 1, KindBack, SeatBody{Deal: st.d.n, Seat: absent})),
			"the host gives back a present one": must(Sign(f.ids[0], st.id, 0, KindBack, SeatBody{Deal: st.d.n, Seat: 2})),
		} {
			seq, holders := st.seq, st.holders()
			if err := st.Apply(Entry{Seq: seq, In: in}); err == nil {
				t.Fatalf("%s: accepted", name)
			}
			if st.seq != seq || !slices.Equal(st.holders(), holders) || st.Returning(absent) {
				t.Fatalf("%s: the refusal changed the state", name)
			}
		}
	})
	from := len(f.host.Log())
	f.connect(absent, 3)
	if err := f.host.Back(absent); err != nil {
		t.Fatal(err)
	}
	if err := f.host.Back(absent); err == nil {
		t.Fatal("a second Back for the same return was sequenced")
	}
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		t.Fatalf("verdict after the return: %v", v)
	}
	keys := 0
	for _, e := range f.host.Log()[from:] {
		if e.In.Kind == KindKeys && e.In.From == absent {
			keys++
		}
	}
	if !hasNotice(noticesOf(f), absent, NoticeBack) {
		if !f.hostState(func(st *State) bool { return st.Returning(absent) }) {
			t.Fatalf("seat %d came back, neither rejoined nor waiting for the next deal", absent)
		}
		t.Logf("the game ended before the next deal; seat %d waits to rejoin", absent)
		return
	}
	if keys == 0 {
		t.Fatalf("seat %d holds a key again but posted none after its return", absent)
	}
	t.Logf("seat %d posted keys for %d deals after its return", absent, keys)
}
