package shadowsbot

import (
	"encoding/json"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/shadows"
)

// FuzzBotsOnHostileViews: whatever view a host sends, the bots answer with a legal move or an
// error, never a panic.
func FuzzBotsOnHostileViews(f *testing.F) {
	v, legal := midGame(f, 4)
	b, _ := json.Marshal(v)
	lb, _ := json.Marshal(legal)
	f.Add(b, lb)
	f.Add([]byte(`{"phase":"action","ring":9,"characters":[]}`), lb)
	f.Add([]byte(`{"phase":"shadow","threat":{},"corruption":[0,0,0,0,0],"characters":[{"location":"moon"}]}`), lb)
	f.Fuzz(func(t *testing.T, view, moves []byte) {
		dv, err := shadows.Rules{}.DecodeView(view)
		if err != nil {
			return
		}
		var legal []engine.Move
		if json.Unmarshal(moves, &legal) != nil || len(legal) == 0 || len(legal) > 64 {
			return
		}
		for _, mk := range []func(uint64) func(engine.View, []engine.Move) (engine.Move, error){
			func(s uint64) func(engine.View, []engine.Move) (engine.Move, error) { return Heuristic(s) },
			func(s uint64) func(engine.View, []engine.Move) (engine.Move, error) { return NewSearch(s, 1) },
		} {
			m, err := mk(1)(dv, legal)
			if err == nil && !engine.IsLegal(legal, m) {
				t.Fatalf("chose %v, not a legal move", m)
			}
		}
	})
}
