package replay

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rituals"
	"miskatonic/engine/shadows"
)

var allRules = []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}}

// load reads a proven record written by engine/table's TestProvenRecordVerifies: a real game
// with real guests' signatures and deal shares.
func load(t *testing.T, game string) engine.Record {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", game+".json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.DecodeRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// clone deep-copies what the attacks below change.
func clone(rec engine.Record) engine.Record {
	out := rec
	out.Moves = append([]engine.Move(nil), rec.Moves...)
	p := *rec.Proof
	p.Sigs = append([][]byte(nil), p.Sigs...)
	p.Deals = append([]engine.DealProof(nil), p.Deals...)
	for i := range p.Deals {
		d := &p.Deals[i]
		d.H = append([]byte(nil), d.H...)
		d.Shares = append([]engine.ShareProof(nil), d.Shares...)
		for j := range d.Shares {
			d.Shares[j].S = append([]byte(nil), d.Shares[j].S...)
		}
	}
	out.Proof = &p
	return out
}

func TestGenuineRecordsVerify(t *testing.T) {
	for _, r := range allRules {
		v := Verify(r, load(t, r.Name()))
		if !v.Verified || v.Kind != Verified || v.Err() != nil || v.Problem != "" || v.Deals == 0 || v.Signed == 0 || v.Code == "" || v.HostSeat != 0 {
			t.Fatalf("%s: %+v", r.Name(), v)
		}
	}
}

// TestOldFormatRecordsUnproven: proven records from before signed rosters (the fixtures of the
// build before issue 23: real games, with deal transcripts and players' signatures but no host
// seal) still check their deals and signatures and replay, but say they are unproven, never
// verified: nothing bound their keys and names to the table.
func TestOldFormatRecordsUnproven(t *testing.T) {
	for _, r := range allRules {
		rec := load(t, r.Name()+"-v1")
		v := Verify(r, rec)
		if v.Verified || v.Kind != Unproven || v.Reason != ReasonUnsealed || v.Deals == 0 || v.Signed == 0 || v.Code != "" {
			t.Fatalf("%s: %+v", r.Name(), v)
		}
		if !errors.Is(v.Err(), ErrUnproven) || errors.Is(v.Err(), ErrFailed) {
			t.Fatalf("%s: %v", r.Name(), v.Err())
		}
		if s, err := NewSteps(r, Fill(r, rec)); err != nil || s.Len() != len(rec.Moves) {
			t.Fatalf("%s: an old-format record no longer steps: %v", r.Name(), err)
		}
		// Its proof still binds: a card changed is a failure, not a weaker verdict.
		bad := clone(rec)
		i := firstMove(t, bad, 0)
		bad.Moves[i].Card++
		if v := Verify(r, bad); v.Kind != Failed || !errors.Is(v.Err(), ErrFailed) {
			t.Fatalf("%s: a tampered old-format record: %+v", r.Name(), v)
		}
	}
}

// firstMove is the index of the first move of a keyed (signing) seat, from index from.
func firstMove(t *testing.T, rec engine.Record, from int) int {
	for i := from; i < len(rec.Moves); i++ {
		if rec.Moves[i].Seat >= 0 && len(rec.Proof.Sigs[i]) > 0 {
			return i
		}
	}
	t.Fatal("no signed move")
	return 0
}

func dealAt(rec engine.Record, n int) int {
	for i, m := range rec.Moves {
		if m.Kind == engine.KindDeal {
			if n--; n == 0 {
				return i
			}
		}
	}
	return -1
}

// TestTamperedRecords: someone edits a genuine record, one thing at a time, to rewrite history.
// Every edit is caught and the verdict says what failed, where.
func TestTamperedRecords(t *testing.T) {
	for _, r := range allRules {
		base := load(t, r.Name())
		cases := []struct {
			name   string
			edit   func(rec *engine.Record) int // returns the seq expected in the verdict (0: any)
			expect string
		}{
			{"a move changed to another legal one", func(rec *engine.Record) int {
				// Replay to the move, then swap it for another move the rules allowed there.
				i := firstMove(t, *rec, 0)
				g, _ := engine.Replay(r, engine.Record{Game: rec.Game, Version: rec.Version, Config: rec.Config, Moves: rec.Moves[:i]})
				for _, m := range g.Legal(rec.Moves[i].Seat) {
					if m != rec.Moves[i] {
						rec.Moves[i] = m
						return i + 1
					}
				}
				t.Skip("only one legal move")
				return 0
			}, "was not signed by seat"},
			{"a card swapped in a move", func(rec *engine.Record) int {
				i := firstMove(t, *rec, 0)
				rec.Moves[i].Card++
				return i + 1
			}, "was not signed by seat"},
			{"a signature dropped", func(rec *engine.Record) int {
				i := firstMove(t, *rec, 0)
				rec.Proof.Sigs[i] = nil
				return i + 1
			}, "carries no signature"},
			{"a signature moved to another seq", func(rec *engine.Record) int {
				i := firstMove(t, *rec, 0)
				j := firstMove(t, *rec, i+1)
				rec.Proof.Sigs[i], rec.Proof.Sigs[j] = rec.Proof.Sigs[j], rec.Proof.Sigs[i]
				return i + 1
			}, "was not signed by seat"},
			{"a deal key changed (another deck order)", func(rec *engine.Record) int {
				i := dealAt(*rec, 1)
				k, _ := rec.Moves[i].DealKey()
				k[0] ^= 1
				rec.Moves[i] = engine.DealMove(k)
				return i + 1
			}, "is not the key its commitment and shares give"},
			{"the host's revealed secret changed", func(rec *engine.Record) int {
				rec.Proof.Deals[0].H[5] ^= 0x80
				return 0
			}, "deal 1: the revealed secret does not open the commitment"},
			{"a guest's share changed", func(rec *engine.Record) int {
				rec.Proof.Deals[0].Shares[0].S[0] ^= 1
				return 0
			}, "deal 1: "},
			{"a share left out", func(rec *engine.Record) int {
				rec.Proof.Deals[0].Shares = rec.Proof.Deals[0].Shares[1:]
				return 0
			}, "deal 1: "},
			{"a deal proof missing", func(rec *engine.Record) int {
				rec.Proof.Deals = rec.Proof.Deals[:len(rec.Proof.Deals)-1]
				return dealAt(*rec, len(rec.Proof.Deals)+1) + 1
			}, "has no proof"},
			{"another table's id", func(rec *engine.Record) int {
				rec.Proof.Table = []byte("someone else's table")
				return 0
			}, "deal 1: the revealed secret does not open the commitment"},
			{"the game cut short", func(rec *engine.Record) int {
				rec.Moves = rec.Moves[:len(rec.Moves)-1]
				rec.Proof.Sigs = rec.Proof.Sigs[:len(rec.Moves)]
				return 0
			}, "not finished"},
			{"another seat count", func(rec *engine.Record) int {
				rec.Config.Seats++
				return 0
			}, ""},
		}
		for _, c := range cases {
			t.Run(r.Name()+"/"+c.name, func(t *testing.T) {
				rec := clone(base)
				seq := c.edit(&rec)
				v := Verify(r, rec)
				if v.Verified || v.Kind != Failed || v.Problem == "" {
					t.Fatalf("tampered record verified: %+v", v)
				}
				if !strings.Contains(v.Problem, c.expect) {
					t.Fatalf("problem %q, want it to say %q", v.Problem, c.expect)
				}
				if seq != 0 && v.Seq != seq {
					t.Fatalf("failure at seq %d, want %d (%s)", v.Seq, seq, v.Problem)
				}
			})
		}
	}
}

// TestStepsAnyGame steps a proven record of each game from start to end and back, through the
// shared contract only, with deal keys filled in from the proof (an exported record may carry
// them blank).
func TestStepsAnyGame(t *testing.T) {
	for _, r := range allRules {
		rec := clone(load(t, r.Name()))
		for i, m := range rec.Moves {
			if m.Kind == engine.KindDeal {
				rec.Moves[i].Seed = ""
			}
		}
		s, err := NewSteps(r, Fill(r, rec))
		if err != nil {
			t.Fatalf("%s: %v", r.Name(), err)
		}
		if s.Len() != len(rec.Moves) || !s.At(s.Len()).Status().Over || s.At(0).Status().Over {
			t.Fatalf("%s: %d steps of %d moves", r.Name(), s.Len(), len(rec.Moves))
		}
		if s.At(-3) != s.At(0) || s.At(1<<20) != s.At(s.Len()) {
			t.Fatal("steps are not clamped")
		}
		for i := s.Len(); i >= 0; i-- {
			if _, err := s.View(i, engine.Observer); err != nil {
				t.Fatalf("%s step %d: %v", r.Name(), i, err)
			}
		}
		if m, ok := s.Move(1); !ok || m.Kind != rec.Moves[0].Kind || m.Seat != rec.Moves[0].Seat {
			t.Fatalf("%s: first move %v", r.Name(), m)
		}
		if _, ok := s.Move(s.Len() + 1); ok {
			t.Fatal("a move past the end")
		}
	}
}

// TestOldRecordsStillStep: records from before proofs and rules versions (engine/table's
// fixtures) still replay step by step; Verify says they carry no proof rather than failing them.
func TestOldRecordsStillStep(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "table", "testdata", "records", "*.json"))
	if len(files) == 0 {
		t.Fatal("no old records")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.DecodeRecord(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		s, err := NewSteps(arkham.Rules{}, rec)
		if err != nil || s.Len() != len(rec.Moves) {
			t.Fatalf("%s: %v after %d steps", f, err, s.Len())
		}
		if v := Verify(arkham.Rules{}, rec); v.Verified || v.Kind != Unproven || v.Reason != ReasonNoProof || !strings.Contains(v.Problem, "no proof") {
			t.Fatalf("%s: %+v", f, v)
		}
	}
}

func TestFillLeavesABadProofAlone(t *testing.T) {
	rec := clone(load(t, "arkham"))
	i := dealAt(rec, 1)
	rec.Moves[i].Seed = ""
	rec.Proof.Deals[0].H[0] ^= 1
	if got := Fill(arkham.Rules{}, rec); got.Moves[i].Seed != "" {
		t.Fatal("a key filled in from a proof that does not check out")
	}
	rec = clone(load(t, "arkham"))
	want := rec.Moves[i].Seed
	rec.Moves[i].Seed = ""
	if got := Fill(arkham.Rules{}, rec); got.Moves[i].Seed != want || want == "" {
		t.Fatalf("filled %q, want %q", got.Moves[i].Seed, want)
	}
}
