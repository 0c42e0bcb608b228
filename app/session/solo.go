package session

import (
	"crypto/rand"
	"fmt"
	"strconv"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
)

// SoloConfig sets up a game against bots.
type SoloConfig struct {
	Name     string
	Game     string
	Players  int // everyone at the table, the player included
	Hands    int // seats the player plays themself (0 or 1: one; co-operative games: up to MaxHands)
	Level    string
	Options  map[string]string
	BotDelay time.Duration // pause before each bot move, so people can follow
}

// DefaultBotDelay is a pace a person can follow.
const DefaultBotDelay = 700 * time.Millisecond

// StartSolo opens a table in this page with the player and Players-1 bots, and starts it.
func StartSolo(st Store, cfg SoloConfig) (*Session, error) {
	rules, ok := games.Lookup(cfg.Game)
	if !ok {
		return nil, problemf(ProblemUnknownGame, "unknown game %q", cfg.Game)
	}
	min, max := rules.Seats()
	if cfg.Players < min || cfg.Players > max {
		return nil, problemf(ProblemSetup, "%d players: %s needs %d to %d", cfg.Players, cfg.Game, min, max)
	}
	s := newHostSession(Solo, cfg.Game, cfg.Name, st)
	h, err := table.NewHost(rules, s.hostConfig(cfg.BotDelay, cfg.Players, cfg.Options))
	if err != nil {
		return nil, err
	}
	s.host = h
	if err := s.seatLocal(cfg.Name, ""); err != nil {
		h.Close()
		return nil, err
	}
	if cfg.Hands > cfg.Players || cfg.Hands > MaxHands {
		s.Close()
		return nil, problemf(ProblemSetup, "%d seats of %d for one player", cfg.Hands, cfg.Players)
	}
	for i := 1; i < cfg.Hands; i++ {
		if err := s.seatHand(i); err != nil {
			s.Close()
			return nil, err
		}
	}
	first := cfg.Hands
	if first < 1 {
		first = 1
	}
	for i := first; i < cfg.Players; i++ {
		if err := s.AddBot(cfg.Level); err != nil {
			s.Close()
			return nil, err
		}
	}
	if err := s.startWhenReady(); err != nil {
		s.Close()
		return nil, err
	}
	s.run(saved{Kind: Solo, Game: cfg.Game, Name: cfg.Name, BotDelay: cfg.BotDelay, Hands: cfg.Hands})
	return s, nil
}

func newHostSession(kind Kind, game, name string, st Store) *Session {
	return &Session{kind: kind, game: game, name: name, store: st, save: make(chan struct{}, 1), quit: make(chan struct{})}
}

func (s *Session) hostConfig(botDelay time.Duration, seats int, opts map[string]string) table.HostConfig {
	// The host signs the game's record with its player's identity (the table code): a
	// browser without one (storage refused) hosts unsigned, and guests show the unsigned code.
	signer, _ := identity(s.store)
	return table.HostConfig{
		Rand: rand.Reader, Seats: seats, Options: opts, BotDelay: botDelay, Signer: signer,
		Bots: func(level string) table.BotFunc {
			fn, err := newBot(s.game, level, seedSalt())
			if err != nil {
				return nil
			}
			return fn
		},
		Changed:      s.changed,
		TurnTimeout:  turnTimeout(s.store),
		SilentAfter:  silentAfter,          // away.go
		StandInLevel: standInLevel(s.game), // a seat benched for restarting a deal (issue 23)
		Logf:         tableLogf,
	}
}

// keyTurnTimeout (milliseconds, in local storage) shortens the turn deadline for an absent
// player, so that browser tests need not wait the default minute; unset, the table's default.
const keyTurnTimeout = "miskatonic.turnTimeout"

func turnTimeout(st Store) time.Duration {
	v, ok := st.Get(keyTurnTimeout)
	if !ok {
		return 0
	}
	ms, err := strconv.Atoi(v)
	if err != nil || ms <= 0 {
		return 0
	}
	return time.Duration(ms) * time.Millisecond
}

// seatLocal seats the page's own player at its host over an in-memory pipe and waits until the
// host has welcomed it.
func (s *Session) seatLocal(name, token string) error {
	hostEnd, guestEnd := table.Pipe()
	if err := s.host.AddGuest(hostEnd); err != nil {
		return err
	}
	g, err := newGuest(guestEnd, name, s.store, token, true)
	if err != nil {
		return err
	}
	s.guest = g
	if !waitFor(g, 10*time.Second, func(st table.GuestState) bool { return st.Connected && st.Seat >= 0 }) {
		g.Close()
		return fmt.Errorf("session: the local table did not seat us")
	}
	g.SetReady(true)
	return nil
}

// startWhenReady starts the game once the host has seen our ready message.
func (s *Session) startWhenReady() error {
	var err error
	for i := 0; i < 250; i++ {
		if err = s.host.Start(); err == nil {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return err
}

// run starts the session's goroutines.
func (s *Session) run(meta saved) {
	s.wg.Add(2)
	go s.pump()
	go s.saver(meta)
	s.changed()
}

// ResumeHost brings back the table of kind (Solo or Host) of game this browser ran, from its
// own storage slot, if any: never another game's. The caller reopens the network side of a
// hosted table (see ResumeHosted).
func ResumeHost(st Store, kind Kind, game string) (*Session, saved, error) {
	meta, ok, err := loadSaved(st, kind, game)
	if !ok {
		return nil, meta, err
	}
	rules, ok := games.Lookup(meta.Game)
	if !ok {
		st.Del(slot(kind, game))
		return nil, meta, problemf(ProblemSavedBroken, "saved table of unknown game %q", meta.Game)
	}
	s := newHostSession(meta.Kind, meta.Game, meta.Name, st)
	s.score = meta.Score
	h, err := table.Resume(rules, meta.Snapshot, s.hostConfig(meta.BotDelay, 0, nil))
	if err != nil {
		st.Del(slot(kind, game))
		return nil, meta, &Error{Problem: ProblemSavedBroken, Err: err}
	}
	s.host = h
	if err := s.seatLocal(meta.Name, ""); err != nil {
		h.Close()
		return nil, meta, err
	}
	for i := 1; i < meta.Hands && i < MaxHands; i++ {
		if err := s.seatHand(i); err != nil {
			s.Close()
			return nil, meta, err
		}
	}
	if !h.State().Started {
		// A lobby that was not started: start it again for a solo table; a hosted lobby waits.
		if meta.Kind == Solo {
			if err := s.startWhenReady(); err != nil {
				s.Close()
				return nil, meta, err
			}
		}
	}
	if meta.Kind == Host {
		s.blind = newBlind(s)
		s.blind.dealing = dealingOf(st, meta.Dealing)
		if len(meta.Blind) > 0 {
			if err := s.blind.resume(meta.Blind); err != nil {
				logf("session: the saved blind game does not resume: %v", err)
			}
		}
		if !s.blind.on() {
			h.EndBeside() // no blind game came back: the lobby is the table's own again
		}
	}
	s.run(meta)
	return s, meta, nil
}

// SeatOf returns the local player's seat.
func (s *Session) SeatOf() engine.Seat { return s.guest.State().Seat }
