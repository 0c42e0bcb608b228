package tabletest

import (
	"crypto/rand"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/bot"
	"miskatonic/engine/fair"
	"miskatonic/engine/table"
)

// NewHost opens a real host of rules (a dishonest host's own rules, where a test has them) as
// cfg says, signing with a fresh identity and fresh randomness, with a bot of the game's first
// level at a seat for each of bots (their names; seeded 1, 2, …). It closes when the test ends.
func NewHost(t testing.TB, rules engine.Rules, cfg table.HostConfig, bots ...string) *table.Host {
	t.Helper()
	var seed [32]byte
	_, _ = rand.Read(seed[:])
	cfg.Rand, cfg.Signer = rand.Reader, fair.NewIdentity(seed)
	h, err := table.NewHost(rules, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	game := rules.Name()
	level := bot.Levels(game)[0]
	for i, name := range bots {
		fn, err := bot.New(game, level, uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.AddBot(name, level, fn); err != nil {
			t.Fatal(err)
		}
	}
	return h
}
