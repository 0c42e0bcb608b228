package engine_test

import (
	"errors"
	"strings"
	"testing"

	"miskatonic/engine"
)

// TestGate runs the shared move gate over one table of moves wrong in each way (and in several
// ways at once, where the order decides the Kind every game reports).
func TestGate(t *testing.T) {
	key := [32]byte{1, 2, 3}
	deal := engine.DealMove(key)
	play := engine.Move{Seat: 1, Kind: "play"}
	// base: a 3-seat game where seat 1 is to move and "play" with N=0 is its one legal move.
	base := func() engine.Gate {
		return engine.Gate{Op: "toy", Seats: 3, Kinds: []string{"play", "pass"},
			MayMove: func(s engine.Seat) bool { return s == 1 },
			Allows:  func(m engine.Move) bool { return m.Kind == "play" && m.N == 0 }}
	}
	over := func(g *engine.Gate) { g.Over = true }
	dealing := func(g *engine.Gate) { g.Dealing = true }
	for _, tc := range []struct {
		name   string
		set    func(*engine.Gate)
		m      engine.Move
		want   error // nil: admitted
		deal   bool
		opPart string // the error names this
	}{
		{name: "legal move", m: play},
		{name: "seat past the table", m: engine.Move{Seat: 3, Kind: "play"}, want: engine.ErrBadSeat, opPart: "3-player table"},
		{name: "negative seat", m: engine.Move{Seat: -5, Kind: "play"}, want: engine.ErrBadSeat},
		{name: "observer seat", m: engine.Move{Seat: engine.Observer, Kind: "play"}, want: engine.ErrBadSeat},
		{name: "bad seat before game over", set: over, m: engine.Move{Seat: 9, Kind: "play"}, want: engine.ErrBadSeat},
		{name: "character table", set: func(g *engine.Gate) { g.Table = "character" }, m: engine.Move{Seat: 4}, want: engine.ErrBadSeat, opPart: "3-character table"},
		{name: "no seat count leaves seats to MayMove", set: func(g *engine.Gate) { g.Seats = 0 }, m: engine.Move{Seat: 9, Kind: "play"}, want: engine.ErrNotYourTurn},
		{name: "game over", set: over, m: play, want: engine.ErrGameOver},
		{name: "deal after game over", set: over, m: deal, want: engine.ErrGameOver},
		{name: "deal due", set: dealing, m: deal, deal: true},
		{name: "deal not due", m: deal, want: engine.ErrIllegal, opPart: "toy: deal"},
		{name: "deal from a player seat", set: dealing, m: engine.Move{Seat: 0, Kind: engine.KindDeal, Seed: deal.Seed}, want: engine.ErrIllegal},
		{name: "dealer move of another kind", set: dealing, m: engine.Move{Seat: engine.Dealer, Kind: "play"}, want: engine.ErrIllegal},
		{name: "deal with extra fields", set: dealing, m: engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: deal.Seed, N: 1}, want: engine.ErrMalformed},
		{name: "deal with a short seed", set: dealing, m: engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: "abcd"}, want: engine.ErrMalformed},
		{name: "unknown kind", m: engine.Move{Seat: 1, Kind: "fly"}, want: engine.ErrMalformed},
		{name: "unknown kind while dealing", set: dealing, m: engine.Move{Seat: 0, Kind: "fly"}, want: engine.ErrMalformed},
		{name: "unknown kind without a kind list is illegal", set: func(g *engine.Gate) { g.Kinds = nil }, m: engine.Move{Seat: 1, Kind: "fly"}, want: engine.ErrIllegal},
		{name: "move while dealing", set: dealing, m: play, want: engine.ErrNeedDeal},
		{name: "move while dealing from another seat", set: dealing, m: engine.Move{Seat: 0, Kind: "play"}, want: engine.ErrNeedDeal},
		{name: "not your turn", m: engine.Move{Seat: 0, Kind: "play"}, want: engine.ErrNotYourTurn, opPart: "toy: play"},
		{name: "not allowed", m: engine.Move{Seat: 1, Kind: "play", N: 2}, want: engine.ErrIllegal, opPart: "toy: play"},
		{name: "known kind not allowed", m: engine.Move{Seat: 1, Kind: "pass"}, want: engine.ErrIllegal},
		{name: "no Allows admits what may move", set: func(g *engine.Gate) { g.Allows = nil }, m: engine.Move{Seat: 1, Kind: "pass"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := base()
			if tc.set != nil {
				tc.set(&g)
			}
			isDeal, k, err := g.Check(tc.m)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("Check(%v) = %v, want admitted", tc.m, err)
				}
			} else if !errors.Is(err, tc.want) {
				t.Fatalf("Check(%v) = %v, want %v", tc.m, err, tc.want)
			}
			if tc.opPart != "" && (err == nil || !strings.Contains(err.Error(), tc.opPart)) {
				t.Errorf("error %v does not say %q", err, tc.opPart)
			}
			if isDeal != tc.deal {
				t.Errorf("deal = %v, want %v", isDeal, tc.deal)
			}
			if tc.deal && k != key {
				t.Errorf("key = %x, want %x", k, key)
			}
			if !tc.deal && k != ([32]byte{}) {
				t.Errorf("a refused or player move returned key %x", k)
			}
		})
	}
}

func TestGateCheckDeal(t *testing.T) {
	for _, tc := range []struct {
		name          string
		over, dealing bool
		want          error
	}{
		{"due", false, true, nil},
		{"not due", false, false, engine.ErrIllegal},
		{"over", true, false, engine.ErrGameOver},
		{"over beats due", true, true, engine.ErrGameOver},
	} {
		g := engine.Gate{Op: "toy", Over: tc.over, Dealing: tc.dealing}
		if err := g.CheckDeal(); (tc.want == nil && err != nil) || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("%s: CheckDeal = %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestGateApply: Apply hands an admitted deal to deal and an admitted move to move, and a refused
// one to neither.
func TestGateApply(t *testing.T) {
	key := [32]byte{9}
	g := engine.Gate{Op: "toy", Seats: 2, Dealing: true, MayMove: func(s engine.Seat) bool { return s == 0 }}
	var dealt [][32]byte
	var moved []engine.Move
	deal := func(k [32]byte) { dealt = append(dealt, k) }
	move := func(m engine.Move) { moved = append(moved, m) }
	if err := g.Apply(engine.Move{Seat: 0, Kind: "play"}, deal, move); !errors.Is(err, engine.ErrNeedDeal) || len(dealt)+len(moved) != 0 {
		t.Fatalf("move while dealing: %v, dealt %d, moved %d", err, len(dealt), len(moved))
	}
	if err := g.Apply(engine.DealMove(key), deal, move); err != nil || len(dealt) != 1 || dealt[0] != key || len(moved) != 0 {
		t.Fatalf("deal: %v, dealt %x, moved %d", err, dealt, len(moved))
	}
	g.Dealing = false
	if err := g.ApplyDeal(key, deal); !errors.Is(err, engine.ErrIllegal) || len(dealt) != 1 {
		t.Fatalf("ApplyDeal not due: %v, dealt %d", err, len(dealt))
	}
	if err := g.Apply(engine.Move{Seat: 1, Kind: "play"}, deal, move); !errors.Is(err, engine.ErrNotYourTurn) || len(moved) != 0 {
		t.Fatalf("other seat: %v, moved %d", err, len(moved))
	}
	if err := g.Apply(engine.Move{Seat: 0, Kind: "play"}, deal, move); err != nil || len(moved) != 1 {
		t.Fatalf("move: %v, moved %d", err, len(moved))
	}
	g.Dealing = true
	if err := g.ApplyDeal(key, deal); err != nil || len(dealt) != 2 {
		t.Fatalf("ApplyDeal due: %v, dealt %d", err, len(dealt))
	}
}
