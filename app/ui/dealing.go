package ui

// The host's choice of dealing for an Arkham Ritual table, shown among the game's options in
// the lobby: host-blind (engine/blindtable: no browser, the host's included, can open a card its
// player may not see) or open (the host's browser deals). It is a table setting, not one of the
// game's options: the game's rules and records do not change with it.

import (
	"maps"
	"slices"

	"miskatonic/app/session"
	"miskatonic/engine"
	"miskatonic/engine/blindtable"
)

const optDealing = "dealing"

// withDealing adds the dealing choice to the lobby's options when this session may choose it.
func withDealing(s *session.Session, opts []engine.Option, chosen map[string]string) ([]engine.Option, map[string]string) {
	d, ok := s.Dealing()
	if !ok {
		return opts, chosen
	}
	opts = append(slices.Clone(opts), engine.Option{Key: optDealing, Choices: []string{blindtable.DealingBlind, blindtable.DealingOpen}, Default: blindtable.DealingBlind})
	chosen = maps.Clone(chosen)
	if chosen == nil {
		chosen = map[string]string{}
	}
	chosen[optDealing] = d
	return opts, chosen
}
