package engine_test

import (
	"testing"

	"miskatonic/engine"
)

type plainRules struct{}

func (plainRules) Name() string                           { return "plain" }
func (plainRules) Version() int                           { return 1 }
func (plainRules) Seats() (int, int)                      { return 2, 2 }
func (plainRules) Options() []engine.Option               { return nil }
func (plainRules) New(engine.Config) (engine.Game, error) { return nil, nil }
func (plainRules) DecodeView([]byte) (engine.View, error) { return nil, nil }

type boundRules struct {
	plainRules
	moves, slack int
}

func (r boundRules) MaxMoves(engine.Config) int { return r.moves }
func (r boundRules) ViewSlack() int             { return r.slack }

// TestCapabilityDefaults: rules without a capability, or declaring a bound of 0, get the
// default; rules declaring one get theirs.
func TestCapabilityDefaults(t *testing.T) {
	for _, tc := range []struct {
		name         string
		r            engine.Rules
		moves, slack int
	}{
		{"none", plainRules{}, engine.DefaultMaxMoves, engine.DefaultViewSlack},
		{"zero bounds", boundRules{}, engine.DefaultMaxMoves, engine.DefaultViewSlack},
		{"own bounds", boundRules{moves: 100, slack: 512}, 100, 512},
	} {
		if got := engine.MaxMoves(tc.r, engine.Config{Seats: 2}); got != tc.moves {
			t.Errorf("%s: MaxMoves = %d, want %d", tc.name, got, tc.moves)
		}
		if got := engine.ViewSlack(tc.r); got != tc.slack {
			t.Errorf("%s: ViewSlack = %d, want %d", tc.name, got, tc.slack)
		}
	}
}
