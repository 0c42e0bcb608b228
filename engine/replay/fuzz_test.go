package replay

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"miskatonic/engine"
)

// FuzzVerify feeds the record verifier malformed records: bytes that are not a record get a
// clear error from engine.DecodeRecord, and any record that decodes gets a verdict of one of
// the three kinds (a failure saying what failed), with no panic in Verify, Fill or NewSteps.
// The seeds are every fixture (sealed, old-format, before proofs) and a few edits of them that
// reach the seal's checks. Run longer with
//
//	go test -fuzz FuzzVerify -fuzztime 60s ./engine/replay
func FuzzVerify(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	old, _ := filepath.Glob(filepath.Join("..", "table", "testdata", "records", "*.json"))
	for _, p := range append(files, old...) {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		rec, err := engine.DecodeRecord(b)
		if err != nil || rec.Proof == nil {
			continue
		}
		for _, edit := range []func(p *engine.Proof){
			func(p *engine.Proof) { p.Seq = -1 },
			func(p *engine.Proof) { p.StandIns = []int{0, 1 << 40} },
			func(p *engine.Proof) { p.Head = []byte{1, 2, 3} },
			func(p *engine.Proof) { p.Keys = nil },
			func(p *engine.Proof) { p.Deals = append(p.Deals, engine.DealProof{Epoch: len(p.Deals) + 1}) },
		} {
			r := clone(rec)
			edit(r.Proof)
			if e, err := json.Marshal(r); err == nil {
				f.Add(e)
			}
		}
	}
	f.Add([]byte(`{"game":"arkham","config":{"seats":3},"moves":[],"proof":{"table":"AA==","deals":[],"host":"AA==","seal":"AA=="}}`))
	f.Add([]byte(`{"game":"shadows","config":{"seats":-1},"moves":[{"seat":0,"kind":"deal"}],"proof":{"table":"AA==","deals":[{"epoch":1,"c":"","h":""}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := engine.DecodeRecord(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an unreadable record with an empty error")
			}
			return
		}
		for _, r := range allRules {
			v := Verify(r, rec)
			switch v.Kind {
			case Verified:
				if !v.Verified || v.Err() != nil {
					t.Fatalf("a verified verdict that says otherwise: %+v", v)
				}
			case Unproven, Failed:
				if v.Verified || v.Problem == "" || v.Err() == nil {
					t.Fatalf("a %s verdict without a reason: %+v", v.Kind, v)
				}
			default:
				t.Fatalf("a verdict of no kind: %+v", v)
			}
			if rec.Game != r.Name() || rec.Config.Seats > 16 || len(rec.Moves) > 64 {
				// Stepping: only a game its rules made, and a short one (steps clone every
				// position: a long game costs a fuzzer seconds per input).
				continue
			}
			filled := Fill(r, rec)
			if s, err := NewSteps(r, filled); err == nil && s.Len() != len(rec.Moves) {
				t.Fatalf("steps end at %d of %d moves without an error", s.Len(), len(rec.Moves))
			}
		}
	})
}
