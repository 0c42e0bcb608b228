package arkhamboard

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// FuzzBoardFromView feeds the board whatever a view could decode to (a guest receives views from
// a host it does not control): drawing it must never panic, and every card drawn has a name.
func FuzzBoardFromView(f *testing.F) {
	g, _ := arkham.New(engine.Config{Seats: 4})
	_ = g.Apply(engine.DealMove([32]byte{7}))
	for s := engine.Seat(0); s < 4; s++ {
		b, _ := json.Marshal(g.View(s))
		f.Add(b)
	}
	f.Add([]byte(`{"game":"arkham","seat":9,"positions":[{"seat":9,"card":"orb"}],"phase":"respond","passing":{"holder":-5,"chain":[]}}`))
	f.Add([]byte(`{"seat":0,"phase":"over","lastRound":{"positions":[{"seat":0,"card":"hastur","reason":"duplicate"}]},"outcome":{"winners":[3,99]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := arkham.Rules{}.DecodeView(data)
		if err != nil {
			return
		}
		view := v.(*arkham.View)
		legal := []engine.Move{{Seat: view.Seat, Kind: "pass", To: 1}, {Seat: view.Seat, Kind: "take"}}
		b := FromView(view, legal, Roster{Names: []string{"A", "B"}})
		out := app.HTMLString(&Table{Board: b})
		if strings.Contains(out, "⟨card.") {
			// An unknown card key cannot decode, so every card shown has a name.
			t.Fatalf("card without a catalog entry in %q", data)
		}
	})
}
