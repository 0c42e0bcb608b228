package session

// The host's choice when a player is away past the turn deadline (issue 10, finding 9): wait
// longer, let a bot stand in for them until they come back, or end the game.

import (
	"time"

	"miskatonic/engine"
	"miskatonic/engine/bot"
)

// silentAfter is how long a seated guest's link may carry nothing before the host takes the
// player as gone (table.HostConfig.SilentAfter): guests keep their links alive every two seconds,
// so two keep-alives missed and two seconds of margin for a busy phone. A closed tab is thus
// noticed in 4–7 s, where the browser's own ICE consent check took about 16 s; with the turn
// deadline of 30 s (the table's default, run once per person from when they left) a closed tab
// costs at most about 37 s before the host may seat a stand-in, where it cost 76 s, twice over
// for a person holding two characters. A live guest taken for gone by mistake redials at once.
const silentAfter = 6 * time.Second

// WaitLonger gives absent players another turn deadline (host only).
func (s *Session) WaitLonger() error {
	if s.host == nil {
		return errNotHost
	}
	return s.host.Wait() // a blind game's countdown is the table's too (blindaway.go)
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
