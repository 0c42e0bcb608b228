package rituals

import (
	"encoding/json"
	"os"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// TestRoundClosingLogKept: phase 3 (the refill) ends a round in the same move as its last
// placement, invocation or pass. Rules version 2 keeps that round's log — its closing events
// included — in every view until the next round's first event (the reveal of phase 1); version 1
// emptied it in that move, so no page ever showed how a round ended.
func TestRoundClosingLogKept(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seats int
		seed  uint64
	}{
		{"two players", 2, 1}, {"three players", 3, 2}, {"four players", 4, 3}, {"five players", 5, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n2, _ := Rules{}.New(engine.Config{Seats: tc.seats})
			old, _ := Rules{}.AtVersion(1)
			n1, _ := old.New(engine.Config{Seats: tc.seats})
			v2, v1 := n2.(*Game), n1.(*Game)
			rnd := rng.FromInt(tc.seed)
			closed, reopened := 0, 0
			for {
				s, ok := v2.Status().Active, !v2.Status().Over
				if !ok {
					break
				}
				if s[0] == engine.Dealer {
					seed := rnd.Seed()
					v2.ApplyDeal(seed)
					v1.ApplyDeal(seed)
					continue
				}
				legal := v2.Legal(s[0])
				m := legal[rnd.Intn(len(legal))]
				before := v2.View(engine.Observer).(*View)
				if err := v2.Apply(m); err != nil {
					t.Fatal(err)
				}
				if err := v1.Apply(m); err != nil {
					t.Fatalf("version 1 refused what version 2 took: %v", err)
				}
				after := v2.View(engine.Observer).(*View)
				old := v1.View(engine.Observer).(*View)
				switch {
				case after.Round > before.Round && before.Round > 0 && after.Outcome == nil:
					closed++
					if after.LogRound != before.Round {
						t.Fatalf("round %d closed: logRound %d, want %d", before.Round, after.LogRound, before.Round)
					}
					if before.LogRound != 0 { // the whole round in one move: the sends' last one
						if after.Log[0].Kind != "reveal" {
							t.Fatalf("round %d in one move: log %v does not start with its reveal", before.Round, after.Log)
						}
					} else if len(after.Log) <= len(before.Log) || !sameEvents(after.Log[:len(before.Log)], before.Log) {
						t.Fatalf("round %d closed: log %v does not extend the round's %v", before.Round, after.Log, before.Log)
					}
					if last := after.Log[len(after.Log)-1].Kind; last != "draw" && last != "place" && last != "invoke" && last != "psychotic" {
						t.Fatalf("round %d closed: last event %q, want the round's closing placement, invocation or draw", before.Round, last)
					}
					if len(old.Log) != 0 || old.LogRound != 0 {
						t.Fatalf("version 1 kept the log %v (logRound %d): old records would not replay their views", old.Log, old.LogRound)
					}
				case before.LogRound > 0 && len(after.Log) > 0 && after.LogRound == 0:
					reopened++
					if after.Log[0].Kind != "reveal" || after.Round != before.Round {
						t.Fatalf("round %d's first event %q: want its reveal to replace the last round's log", after.Round, after.Log[0].Kind)
					}
				case before.LogRound > 0 && after.LogRound == 0 && after.Outcome == nil:
					t.Fatalf("round %d: the last round's log went before any event of this one (%v)", after.Round, after.Log)
				}
				if after.LogRound == 0 && !sameEvents(after.Log, old.Log) {
					t.Fatalf("round %d: this round's log differs between versions: %v / %v", after.Round, after.Log, old.Log)
				}
			}
			if closed == 0 || reopened == 0 {
				t.Fatalf("the game closed %d rounds and reopened %d logs: the case tests nothing", closed, reopened)
			}
		})
	}
}

func sameEvents(a, b []Event) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// TestOldRecordsReplayAsVersion1: the records made before version 2 replay, under version 1, with
// version 1's views (the log empty from a round's last move), and as version 2 they are refused
// by nobody but show the kept log; a version this build never played is refused.
func TestOldRecordsReplayAsVersion1(t *testing.T) {
	data, err := os.ReadFile("../replay/testdata/rituals-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Version != 1 {
		t.Fatalf("fixture is version %d", rec.Version)
	}
	g, err := engine.Replay(Rules{}, rec)
	if err != nil {
		t.Fatalf("a version 1 record no longer replays: %v", err)
	}
	if !g.Status().Over {
		t.Fatal("the fixture's game did not finish")
	}
	// Move by move, the old record's views never keep a closed round's log.
	at, _ := engine.RulesAt(Rules{}, 1)
	if at.Version() != 1 {
		t.Fatalf("RulesAt(1) plays version %d", at.Version())
	}
	og, _ := at.New(rec.Config)
	kept := 0
	ng, _ := Rules{}.New(rec.Config)
	for i, m := range rec.Moves {
		if err := og.Apply(m); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		_ = ng.Apply(m)
		if v := og.View(engine.Observer).(*View); v.LogRound != 0 {
			t.Fatalf("move %d: version 1 view keeps round %d's log", i, v.LogRound)
		}
		if v := ng.View(engine.Observer).(*View); v.LogRound != 0 {
			kept++
		}
	}
	if kept == 0 {
		t.Fatal("the same moves under version 2 never kept a closed round's log")
	}
	for _, v := range []int{3, 100} {
		rec.Version = v
		if _, err := engine.Replay(Rules{}, rec); err == nil {
			t.Fatalf("a record of rules version %d replayed", v)
		}
	}
}
