package engine_test

import (
	"errors"
	"strings"
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

func TestOptionValues(t *testing.T) {
	list := []engine.Option{{Key: "a", Choices: []string{"x", "y"}, Default: "x"}, {Key: "b", Choices: []string{"1", "2"}, Default: "2"}}
	for _, tc := range []struct {
		name string
		in   map[string]string
		want map[string]string
		err  string
	}{
		{"nothing: defaults", nil, map[string]string{"a": "x", "b": "2"}, ""},
		{"empty value: default", map[string]string{"a": ""}, map[string]string{"a": "x", "b": "2"}, ""},
		{"chosen", map[string]string{"a": "y", "b": "1"}, map[string]string{"a": "y", "b": "1"}, ""},
		{"unknown keys, first in order named", map[string]string{"z": "1", "c": "1"}, nil, `unknown option "c"`},
		{"bad value", map[string]string{"b": "3"}, nil, `option b="3": choose one of 1, 2`},
	} {
		got, err := engine.OptionValues("toy: options", list, tc.in)
		if tc.err != "" {
			if !errors.Is(err, engine.ErrBadConfig) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want %s", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || len(got) != len(tc.want) || got["a"] != tc.want["a"] || got["b"] != tc.want["b"] {
			t.Errorf("%s: %v %v, want %v", tc.name, got, err, tc.want)
		}
	}
	if err := engine.CheckSeats("toy: new", 6, 2, 5, "players"); !errors.Is(err, engine.ErrBadConfig) || !strings.Contains(err.Error(), "6 players: need 2 to 5") {
		t.Errorf("CheckSeats: %v", err)
	}
	if err := engine.CheckSeats("toy: new", 5, 2, 5, "players"); err != nil {
		t.Errorf("CheckSeats(5): %v", err)
	}
}

func TestCardKeyJSON(t *testing.T) {
	byKey := map[string]int{"elder": 7}
	if b, _ := engine.CardKeyJSON(false, "x"); string(b) != "null" {
		t.Errorf("no card: %s", b)
	}
	b, _ := engine.CardKeyJSON(true, "elder")
	var id int
	if err := engine.DecodeCardKey(b, byKey, "toy", &id); err != nil || id != 7 {
		t.Errorf("round trip: %d %v", id, err)
	}
	if err := engine.DecodeCardKey([]byte(`"nope"`), byKey, "toy", &id); err == nil || !strings.Contains(err.Error(), `toy: unknown card "nope"`) || id != 7 {
		t.Errorf("unknown: %v, id %d", err, id)
	}
	if err := engine.DecodeCardKey([]byte(`7`), byKey, "toy", &id); err == nil || id != 7 {
		t.Errorf("a number decoded as a key: %d", id)
	}
	if err := engine.DecodeCardKey([]byte("null"), byKey, "toy", &id); err != nil || id != 0 {
		t.Errorf("null: %d %v", id, err)
	}
	if got, ok := engine.LookupKey(byKey, "elder"); !ok || got != 7 {
		t.Errorf("LookupKey: %d %v", got, ok)
	}
}
