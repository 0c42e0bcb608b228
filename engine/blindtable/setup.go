package blindtable

// Setting a host-blind table up from a lobby: which tables use it, and its Config from the
// roster the lobby ends with (the app's session calls these at Start; engine/table's lobby,
// keys and roster are reused as they are).

import (
	"crypto/ed25519"
	"fmt"
	"slices"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// Dealing choices of a table (a table setting beside the game's options, not one of them: the
// rules and records of the game itself do not change with it).
const (
	DealingBlind = "blind" // host-blind: no page can open a card its person may not see
	DealingOpen  = "open"  // today's commit-reveal dealing: the host's page holds the deal
)

// Use says whether a table plays host-blind: Arkham Ritual with two or more people (a key holder
// needs another to vouch for its card), unless the host chose open dealing. Solo against bots
// stays on today's instant path.
func Use(game string, people int, dealing string) bool {
	return game == "arkham" && people >= 2 && dealing != DealingOpen
}

// NewConfig is the table of a finished lobby: its id, the game's seats and options, the
// identity key of each person's seat (the rest are bots, run by the host's page), and the
// host's seat.
func NewConfig(table []byte, seats int, options map[string]string, people map[engine.Seat]ed25519.PublicKey, host engine.Seat) (Config, error) {
	g := arkham.BlindConfig{Config: engine.Config{Seats: seats, Options: options}, Runner: map[engine.Seat]engine.Seat{}}
	for s := range engine.Seat(seats) {
		if _, ok := people[s]; ok {
			g.Holders = append(g.Holders, s)
		} else {
			g.Runner[s] = host
		}
	}
	for s := range people {
		if !s.Valid(seats) {
			return Config{}, fmt.Errorf("%w: a person at seat %d of %d", ErrMalformed, s, seats)
		}
	}
	if !slices.Contains(g.Holders, host) {
		return Config{}, fmt.Errorf("%w: the host's seat %d has no person", ErrMalformed, host)
	}
	cfg := Config{Table: slices.Clone(table), Game: g, Identities: people, Host: host}
	if _, err := NewState(cfg); err != nil {
		return Config{}, err
	}
	return cfg, nil
}
