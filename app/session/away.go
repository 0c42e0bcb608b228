package session

// The host's choice when a player is away past the turn deadline (issue 10, finding 9): wait
// longer, let a bot stand in for them until they come back, or end the game.

import (
	"miskatonic/engine"
	"miskatonic/engine/bot"
)

// WaitLonger gives absent players another turn deadline (host only).
func (s *Session) WaitLonger() error {
	if s.host == nil {
		return errNotHost
	}
	if s.blind.on() {
		s.blind.waitLonger()
		return nil
	}
	return s.host.Wait()
}

// StandIn lets a bot play an absent player's seat until they come back (host only). It plays
// at the level of the strongest quick bot of the game (search bots think too long on a phone).
func (s *Session) StandIn(seat engine.Seat) error {
	if s.host == nil {
		return errNotHost
	}
	if s.blind.on() {
		return s.blind.standIn(seat)
	}
	level := standInLevel(s.game)
	fn, err := newBot(s.game, level, seedSalt())
	if err != nil {
		return err
	}
	return s.host.StandIn(seat, level, fn)
}

func standInLevel(game string) string {
	best := "random"
	for _, l := range bot.Levels(game) {
		if l != "search" {
			best = l
		}
	}
	return best
}

// EndGame ends the game for everyone (host only): every guest is told the host closed the
// table, and the saved table is dropped so a reload does not bring it back.
func (s *Session) EndGame() error {
	if s.host == nil {
		return errNotHost
	}
	err := s.host.End()
	s.store.Del(slot(s.kind, s.game))
	return err
}
