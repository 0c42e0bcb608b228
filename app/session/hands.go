package session

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
)

// One person, several seats. In a co-operative game a person may play more than one character:
// alone with two to four, or two each at a table of friends. The table needs no new idea for it:
// each extra seat (a "hand") is one more local guest over an in-memory pipe, with its own
// identity key derived from this browser's, so the host seats it, names it, sends it its own
// view and legal moves, and on a reload gives it back its own seat by that key. The table thus
// knows exactly which seat each key acts for, and this browser knows which keys are its own.
// The screens see one snapshot: the view and moves of whichever of the person's seats has to
// act now.

// MaxHands is the most seats one person may hold.
const MaxHands = 4

var errHands = errors.New("session: no more seats for this player")

// handIdentity derives the identity key of this browser's extra seat n (n ≥ 1). It is a pure
// function of the browser's own seed, so a reload derives the same keys and reclaims the same
// seats; different n give unrelated keys, so the host cannot confuse two of them.
func handIdentity(st Store, n int) (fair.Identity, error) {
	if _, err := identity(st); err != nil {
		return fair.Identity{}, err
	}
	h, _ := st.Get(keyIdentity)
	seed, err := hex.DecodeString(h)
	if err != nil {
		return fair.Identity{}, err
	}
	var num [8]byte
	binary.BigEndian.PutUint64(num[:], uint64(n))
	d := sha256.New()
	d.Write([]byte("miskatonic/v1/session/hand"))
	d.Write(seed)
	d.Write(num[:])
	var out [32]byte
	copy(out[:], d.Sum(nil))
	return fair.NewIdentity(out), nil
}

// AddHand seats the person at one more seat of this browser's own table (host only, in the
// lobby). It is named like the person (the host numbers the repeat).
func (s *Session) AddHand() error {
	if s.host == nil {
		return errNotHost
	}
	s.mu.Lock()
	n := len(s.hands) + 1
	s.mu.Unlock()
	if n >= MaxHands {
		return errHands
	}
	if err := s.seatHand(n); err != nil {
		return err
	}
	s.changed()
	return nil
}

// seatHand seats (or, after a reload, reseats) extra seat n over an in-memory pipe.
func (s *Session) seatHand(n int) error {
	id, err := handIdentity(s.store, n)
	if err != nil {
		return err
	}
	hostEnd, guestEnd := table.Pipe()
	if err := s.host.AddGuest(hostEnd); err != nil {
		return err
	}
	// Fair-play verdicts are the person's, kept once by their first seat's guest.
	g, err := table.NewGuest(guestEnd, table.GuestConfig{Name: s.name, Identity: id, Rand: rand.Reader, Rules: games.Lookup})
	if err != nil {
		return err
	}
	if !waitFor(g, 10*time.Second, func(st table.GuestState) bool { return st.Connected && st.Seat >= 0 }) {
		g.Close()
		return fmt.Errorf("session: the table did not seat this player's extra character")
	}
	g.SetReady(true)
	s.mu.Lock()
	s.hands = append(s.hands, g)
	s.mu.Unlock()
	s.wg.Add(1)
	go s.pumpHand(g)
	return nil
}

// pumpHand turns an extra seat's updates into notifications.
func (s *Session) pumpHand(g *table.Guest) {
	defer s.wg.Done()
	for {
		select {
		case <-s.quit:
			return
		case <-g.Updates():
			s.notify()
		}
	}
}

// Hands is how many seats the person holds at this table (1 unless extra seats were added).
func (s *Session) Hands() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.hands) + 1
}

// Seats lists the seats the person holds, first seat first.
func (s *Session) Seats() []engine.Seat {
	out := []engine.Seat{s.guest.State().Seat}
	for _, g := range s.guestsExtra() {
		out = append(out, g.State().Seat)
	}
	return out
}

func (s *Session) guestsExtra() []*table.Guest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*table.Guest(nil), s.hands...)
}

// acting is the guest whose seat has to act now (moves offered or one in flight): the first
// seat's when it does, else the first extra seat that does, else the first seat's.
func (s *Session) acting() *table.Guest {
	if st := s.guest.State(); len(st.Legal) > 0 || st.Waiting {
		return s.guest
	}
	for _, g := range s.guestsExtra() {
		if st := g.State(); st.HasView && (len(st.Legal) > 0 || st.Waiting) {
			return g
		}
	}
	return s.guest
}

// guestFor is the person's guest at seat, or nil.
func (s *Session) guestFor(seat engine.Seat) *table.Guest {
	if s.guest.State().Seat == seat {
		return s.guest
	}
	for _, g := range s.guestsExtra() {
		if g.State().Seat == seat {
			return g
		}
	}
	return nil
}

// closeHands closes the extra seats' guests.
func (s *Session) closeHands() {
	for _, g := range s.guestsExtra() {
		g.Close()
	}
}
