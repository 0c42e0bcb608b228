package session

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
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

// AddHand seats the person at one more seat (in the lobby): over an in-memory pipe at the
// host's own table, or, for a guest who joined by invite, over a second WebRTC link to the host
// made with that seat's own key. It is named after the person, marked as their extra character
// (handName).
func (s *Session) AddHand() error {
	s.mu.Lock()
	n := len(s.hands) + 1
	rj := s.remote
	s.mu.Unlock()
	if s.host == nil && rj == nil {
		return errNotHost
	}
	if n >= MaxHands {
		return errHands
	}
	var err error
	if s.host != nil {
		err = s.seatHand(n)
	} else {
		err = s.joinHand(rj, n)
	}
	if err != nil {
		return err
	}
	s.changed()
	return nil
}

// CanAddHand reports whether this session can take more seats for its person at all: the host
// of a table, or a guest who joined one by invite.
func (s *Session) CanAddHand() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.host != nil || s.remote != nil
}

// handGuest is extra seat n's guest on c. Its fair-play verdicts are kept under a key of its
// own, so a reload loses none of them: a host may tell each link a different story, and each
// seat checks its own.
func (s *Session) handGuest(c table.Conn, n int) (*table.Guest, error) {
	id, err := handIdentity(s.store, n)
	if err != nil {
		return nil, err
	}
	person, err := identity(s.store)
	if err != nil {
		return nil, err
	}
	key := handMemoryKey(n)
	mem, _ := s.store.Get(key)
	// The person's own key vouches for this seat's: the host takes the seats as one person's
	// (one away deadline, one stand-in choice), not two people's.
	return table.NewGuest(c, table.GuestConfig{Name: handName(s.name, n), Identity: id, Rand: rand.Reader, Rules: games.Lookup, Logf: tableLogf,
		Person: person.Public(), PersonSig: person.SignPerson(id.Public()),
		Memory: []byte(mem), Save: func(b []byte) { _ = s.store.Set(key, string(b)) },
		Own: s.host != nil, Yield: pageYield}) // s.host: the table runs in this page
}

// handMemoryKey is where extra seat n keeps its verdicts.
func handMemoryKey(n int) string { return keyMemory + ".hand" + strconv.Itoa(n) }

// seatHand seats (or, after a reload, reseats) extra seat n over an in-memory pipe.
func (s *Session) seatHand(n int) error {
	hostEnd, guestEnd := table.Pipe()
	if err := s.host.AddGuest(hostEnd); err != nil {
		return err
	}
	g, err := s.handGuest(guestEnd, n)
	if err != nil {
		return err
	}
	if !waitFor(g, 10*time.Second, func(st table.GuestState) bool { return st.Connected && st.Seat >= 0 }) {
		g.Close()
		return fmt.Errorf("session: the table did not seat this player's extra character")
	}
	s.keepHand(g)
	return nil
}

// remoteJoin is how a guest reached its host: the invite and the join settings, for dialling
// again and for its extra seats' own links.
type remoteJoin struct {
	inv signal.Invite
	cfg JoinConfig
}

// joinHand seats (or reseats) extra seat n of a guest over its own WebRTC link to the host,
// redialled whenever it breaks, as the first seat's is (keepJoined). The host tells the seats
// apart by key only; a reload derives the same key and gets the same seat back.
func (s *Session) joinHand(rj *remoteJoin, n int) error {
	c, err := dial(rj.inv, rj.cfg)
	if err != nil {
		return err
	}
	g, err := s.handGuest(c, n)
	if err != nil {
		c.Close()
		return err
	}
	if !waitFor(g, 20*time.Second, func(st table.GuestState) bool { return st.Seat >= 0 || st.Dropped != nil }) {
		g.Close()
		return &JoinError{Problem: ProblemUnreachable, Err: errors.New("the host did not seat this player's extra character")}
	}
	if d := g.State().Dropped; d != nil {
		g.Close()
		return &JoinError{Problem: byeProblem(d), Err: fmt.Errorf("the host said bye: %s (%s)", d.Code, d.Kind)}
	}
	s.keepHand(g)
	s.wg.Add(1)
	go s.redialHand(rj, g, c)
	s.saveHands()
	return nil
}

// rejoinHands reseats a guest's extra seats after a reload (hands is the saved count). A seat
// that cannot be had now is left: the table shows it offline, and its character waits.
func (s *Session) rejoinHands(hands int) {
	s.mu.Lock()
	rj := s.remote
	s.mu.Unlock()
	for n := 1; n < hands && n < MaxHands; n++ {
		if err := s.joinHand(rj, n); err != nil {
			break
		}
	}
}

// saveHands records in the joined table's record how many seats this browser holds there.
func (s *Session) saveHands() {
	j, ok := SavedJoin(s.store)
	if !ok {
		return
	}
	j.Hands = s.Hands()
	if b, err := json.Marshal(j); err == nil {
		_ = s.store.Set(keyJoined, string(b))
	}
}

// redialHand dials the host again for extra seat g whenever its link breaks, until the session
// closes or the host sends the seat away. Problems are reported by the first seat's loop, which
// sees the same host.
func (s *Session) redialHand(rj *remoteJoin, g *table.Guest, c *rtc.Conn) {
	defer s.wg.Done()
	for {
		select {
		case <-s.quit:
			return
		case <-c.Done():
		}
		if g.State().Dropped != nil {
			return
		}
		for wait := 500 * time.Millisecond; ; wait = min(2*wait, 5*time.Second) {
			select {
			case <-s.quit:
				return
			case <-time.After(wait):
			}
			nc, err := dial(rj.inv, rj.cfg)
			if err == nil {
				c = nc
				g.Reconnect(c)
				break
			}
			var je *JoinError
			if errors.As(err, &je) && (je.Problem == ProblemFull || je.Problem == ProblemRemoved) {
				return
			}
		}
	}
}

// keepHand makes a seated extra seat one of the person's: ready, listed, its updates watched.
func (s *Session) keepHand(g *table.Guest) {
	g.SetReady(true)
	s.mu.Lock()
	s.hands = append(s.hands, g)
	s.mu.Unlock()
	s.wg.Add(1)
	go s.pumpHand(g)
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
