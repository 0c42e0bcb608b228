package blindtable

import (
	"strings"
	"testing"

	"miskatonic/engine"
)

// TestReloadMidRound: a guest's page reloads in the middle of a round: it rebuilds the public
// state from the log and its secrets from its own storage, reopens what was sealed to it, and
// plays on; every view it shows after the reload equals today's engine's.
func TestReloadMidRound(t *testing.T) {
	f := newFixture(t, 3, 4, []engine.Seat{0, 1, 2, 3}, nil)
	f.record = true
	gone := f.leaveAt(1, 5, "", nil)
	f.start()
	f.settle(func() bool { return gone() >= 0 && f.client(1) == nil })
	f.connect(1, 7) // the reloaded page: the same identity, its saved secrets, fresh randomness
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		t.Fatalf("verdict after a reload: %v", v)
	}
	f.checkAgainstEngine()
}

// TestStandInEscrow: a key holder vanishes mid-round. The host seats a stand-in; the other
// holders publish their escrow shares; every page rebuilds the absent key and σ and the round
// goes on (its openings, its audit). The player comes back with its saved secrets, takes the
// seat back, and the game ends with no verdict.
func TestStandInEscrow(t *testing.T) {
	f := newFixture(t, 4, 5, []engine.Seat{0, 1, 2, 3}, nil)
	const absent = engine.Seat(2)
	vanishedAt := f.leaveAt(absent, 4, "stand-in", f.host.StandIn)
	f.start()
	// The round goes on without the absent player: its key is rebuilt, moves and openings go on.
	f.settle(func() bool {
		at := vanishedAt()
		return at >= 0 && f.hostState(func(st *State) bool {
			return st.rebuilt(absent) && (st.ply >= at+4 || st.d.done)
		})
	})
	f.hostState(func(st *State) bool {
		t.Logf("vanished at ply %d; now ply %d, deal %d audited %v, seat %d's key rebuilt", vanishedAt(), st.ply, st.d.n, st.d.done, absent)
		return true
	})
	f.connect(absent, 9)
	if err := f.host.Back(absent); err != nil {
		t.Fatal(err)
	}
	f.settle(f.over)
	if v := f.verdict(); v != nil {
		t.Fatalf("verdict: %v", v)
	}
	kinds := map[string]int{}
	for _, e := range f.host.Log() {
		kinds[e.In.Kind]++
	}
	if kinds[KindStandIn] != 1 || kinds[KindShares] != 3 || kinds[KindBack] != 1 {
		t.Fatalf("log kinds %v", kinds)
	}
	f.client(absent).Do(func(p *Page) {
		if !p.st.b.Status().Over {
			t.Fatal("the returning page did not reach the end")
		}
	})
}

// TestStandInRounds: over seeded games, a key holder vanishes at some move and stays away for
// the rest of the round; a stand-in plays it (its Gate claims made from the present holders'),
// and the player comes back when the next deal needs its key. No honest table is convicted.
func TestStandInRounds(t *testing.T) {
	standInClaims := 0
	games := uint64(6)
	if testing.Short() {
		games = 2
	}
	for seed := uint64(100); seed < 100+games; seed++ {
		f := newFixture(t, seed, 5, []engine.Seat{0, 1, 2, 3}, nil)
		f.level = "random"
		absent := engine.Seat(1 + seed%3)
		vanishedAt := f.leaveAt(absent, 2+int(seed%5), "stand-in", f.host.StandIn)
		f.start()
		f.settle(func() bool {
			// The round could end only with the absent key rebuilt: wait for its end.
			return f.verdict() != nil || vanishedAt() >= 0 && f.hostState(func(st *State) bool {
				return st.b.Status().Deal != nil || st.b.Status().Over
			})
		})
		if v := f.verdict(); v != nil {
			t.Fatalf("seed %d: %v", seed, v)
		}
		f.connect(absent, 5)
		// A stand-in lasts for its deal: once the next deal's keys come in the seat is its
		// player's again, so Back is refused then, and needed only mid-deal.
		if err := f.host.Back(absent); err != nil && !strings.Contains(err.Error(), "not stood in") {
			t.Fatal(err)
		}
		f.settle(f.over)
		if v := f.verdict(); v != nil {
			t.Fatalf("seed %d: verdict %v", seed, v)
		}
		shares := 0
		for _, e := range f.host.Log() {
			if e.In.Kind == KindShares {
				shares++
			}
			if e.In.Kind == KindClaim && e.In.From == f.cfg.Host && strings.Contains(string(e.In.Body), `"seat":`+string(rune('0'+absent))) {
				standInClaims++
			}
		}
		if shares != 3 {
			t.Fatalf("seed %d: %d escrow shares published, want 3", seed, shares)
		}
	}
	t.Logf("stand-in Gate claims made: %d", standInClaims)
}
