package blindtable

import (
	"crypto/ed25519"
	"testing"

	"miskatonic/engine"
)

func TestUseAndNewConfig(t *testing.T) {
	for _, c := range []struct {
		game    string
		people  int
		dealing string
		want    bool
	}{{"arkham", 1, "", false}, {"arkham", 2, "", true}, {"arkham", 5, DealingBlind, true}, {"arkham", 3, DealingOpen, false}, {"rituals", 3, "", false}} {
		if got := Use(c.game, c.people, c.dealing); got != c.want {
			t.Errorf("Use(%q, %d, %q) = %v", c.game, c.people, c.dealing, got)
		}
	}
	k1 := ed25519.NewKeyFromSeed(append(make([]byte, 31), 1)).Public().(ed25519.PublicKey)
	k2 := ed25519.NewKeyFromSeed(append(make([]byte, 31), 2)).Public().(ed25519.PublicKey)
	cfg, err := NewConfig([]byte("t"), 4, nil, map[engine.Seat]ed25519.PublicKey{0: k1, 2: k2}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Game.Holders) != 2 || cfg.Game.Runner[1] != 0 || cfg.Game.Runner[3] != 0 {
		t.Fatalf("config %+v", cfg.Game)
	}
	for name, people := range map[string]map[engine.Seat]ed25519.PublicKey{
		"one person":         {0: k1},
		"host not a person":  {1: k1, 2: k2},
		"seat off the table": {0: k1, 9: k2},
	} {
		if _, err := NewConfig([]byte("t"), 4, nil, people, 0); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
