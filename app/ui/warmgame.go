package ui

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/rng"
	"miskatonic/engine/table"
)

// The lobby's rehearsal: a throwaway game of the table's game played in the page while the
// lobby waits, so that the browser has compiled the code of a move (V8 compiles a wasm
// function the first time it runs, then again optimised) before the first real one. The
// three-browser test's per-page traces counted ~250 functions still compiled during the first
// moves of a game, 17–19 ms of CPU a page, and the first four moves were the slowest.
//
// It is a real game of its own, in memory, checked in full: an engine/table Host and one
// Guest a seat over in-memory pipes, every frame encoded, signed and verified as at a real
// table. Nothing of it is the person's: its keys and every random byte come from a fixed seed
// (never the real table's secrets); it has no storage (no Store, no guest memory), no network
// (table.Pipe), no log (no Logf), and its views are drawn into a tree no document holds
// (warmdraw.go). Nothing on the real table is changed or skipped: the real game runs every
// check the rehearsal ran, in full.

// rehearsalSeats is how many seats the rehearsal deals (within the game's range): a table's
// usual size, so the views and their drawing take the same paths as a real game's.
const rehearsalSeats = 3

// rehearsalMoves bounds the moves played: enough for the first moves' code, a lobby's few
// seconds of idle time at most.
const rehearsalMoves = 12

// rehearsalWait bounds each wait for the rehearsal's own table, a guard against a hang only (a
// busy page's idle moments may be a second apart, and a step waits for several): a table that
// does not answer ends the rehearsal (it only warms, so it gives up rather than retries).
const rehearsalWait = 30 * time.Second

// errStopped ends a rehearsal that was told to stop (the real game started).
var errStopped = errors.New("rehearsal: stopped")

// rehearsal is one throwaway game. Its steps are run one at a time by play, each after
// pace says the page is idle.
type rehearsal struct {
	game   string
	rules  engine.Rules
	host   *table.Host
	guests []*table.Guest
	rand   *rng.Rand // the guests' choices among their legal moves

	// gate, if set, waits for the page's next idle moment: every party of the rehearsal's
	// table takes each frame it receives (and each guest audits what it was shown) only then,
	// so a move's work is spread over as many of the page's tasks as there are frames. Nil
	// (outside a browser): at once.
	gate func()

	quit     chan struct{}
	quitOnce sync.Once
}

// gatedConn is one end of the rehearsal's pipes: a frame received is handed on at the page's
// next idle moment, and none once the rehearsal is stopped (the real game began: its table
// does no more work).
type gatedConn struct {
	table.Conn
	r *rehearsal
}

func (c gatedConn) Recv() ([]byte, error) {
	b, err := c.Conn.Recv()
	if err == nil {
		c.r.gate()
		if c.r.stopped() {
			return nil, table.ErrClosed
		}
	}
	return b, err
}

// conn is c through the rehearsal's gate, if it has one.
func (r *rehearsal) conn(c table.Conn) table.Conn {
	if r.gate == nil {
		return c
	}
	return gatedConn{c, r}
}

// newRehearsal sets up a rehearsal of game; nil if the game is unknown.
func newRehearsal(game string) *rehearsal {
	rules, ok := games.Lookup(game)
	if !ok {
		return nil
	}
	return &rehearsal{game: game, rules: rules, rand: rng.FromInt(0x5eed), quit: make(chan struct{})}
}

// stop ends the rehearsal at its next step (any goroutine, any number of times).
func (r *rehearsal) stop() { r.quitOnce.Do(func() { close(r.quit) }) }

func (r *rehearsal) stopped() bool {
	select {
	case <-r.quit:
		return true
	default:
		return false
	}
}

// rehearsalKey is the throwaway identity of seat i: fixed, and no person's.
func rehearsalKey(i int) fair.Identity {
	var seed [32]byte
	copy(seed[:], "miskatonic lobby rehearsal")
	seed[31] = byte(i)
	return fair.NewIdentity(seed)
}

// seededReader is an io.Reader over a fixed-seed stream: the rehearsal's only randomness.
type seededReader struct {
	mu sync.Mutex
	r  *rng.Rand
}

func (s *seededReader) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b [8]byte
	for i := 0; i < len(p); i += 8 {
		binary.LittleEndian.PutUint64(b[:], s.r.Uint64())
		copy(p[i:], b[:])
	}
	return len(p), nil
}

// play runs the rehearsal: pace is called before each step and says whether to go on (it
// waits for the page's idle time); show is handed the host's own player's state after each
// step (to draw it). It returns the moves played and why it ended (nil: all it meant to play,
// or the game's end). Everything it opened is closed when it returns.
func (r *rehearsal) play(pace func() bool, show func(table.GuestState)) (moves int, err error) {
	defer r.close()
	steps := []func() error{r.open, r.seat, r.start}
	for _, step := range steps {
		if !pace() || r.stopped() {
			return 0, errStopped
		}
		if err := step(); err != nil {
			return 0, err
		}
	}
	show(r.guests[0].State())
	// A line of table talk, as players say at a game's start: signed, relayed and checked.
	if err := r.guests[len(r.guests)-1].Say("…"); err != nil {
		return 0, err
	}
	for moves < rehearsalMoves {
		if !pace() || r.stopped() {
			return moves, errStopped
		}
		done, err := r.move()
		if err != nil {
			return moves, err
		}
		show(r.guests[0].State())
		if done {
			return moves, nil
		}
		moves++
	}
	return moves, nil
}

// open makes the throwaway host and a guest a seat, each over its own pipe.
func (r *rehearsal) open() error {
	min, max := r.rules.Seats()
	n := rehearsalSeats
	if n < min {
		n = min
	}
	if n > max {
		n = max
	}
	h, err := table.NewHost(r.rules, table.HostConfig{
		Rand: &seededReader{r: rng.FromInt(1)}, Seats: n,
		Signer: rehearsalKey(0), // the host's own player signs, as in the app
	})
	if err != nil {
		return err
	}
	r.host = h
	for i := 0; i < n; i++ {
		hostEnd, guestEnd := table.Pipe()
		if err := h.AddGuest(r.conn(hostEnd)); err != nil {
			return err
		}
		g, err := table.NewGuest(r.conn(guestEnd), table.GuestConfig{
			Name: fmt.Sprintf("%d", i+1), Identity: rehearsalKey(i),
			Rand: &seededReader{r: rng.FromInt(uint64(100 + i))}, Rules: games.Lookup,
			Yield: r.gate, // nil: the guest's default
		})
		if err != nil {
			return err
		}
		r.guests = append(r.guests, g)
		// Seats in order: the next guest's hello waits for this one's seat.
		if err := r.until(func() bool { return g.State().Connected && g.State().Seat >= 0 }); err != nil {
			return err
		}
	}
	return nil
}

// seat says every guest is ready.
func (r *rehearsal) seat() error {
	for _, g := range r.guests {
		g.SetReady(true)
	}
	return r.until(func() bool {
		for _, s := range r.host.State().Seats {
			if !s.Ready {
				return false
			}
		}
		return true
	})
}

// start deals the game and waits for every guest's first view.
func (r *rehearsal) start() error {
	if err := r.host.Start(); err != nil {
		return err
	}
	return r.until(func() bool {
		for _, g := range r.guests {
			if !g.State().HasView {
				return false
			}
		}
		return true
	})
}

// move has one guest that may act play one of its legal moves (seeded choice), and waits
// until the table has taken it. done: the game is over.
func (r *rehearsal) move() (done bool, err error) {
	var mover *table.Guest
	var before table.GuestState
	err = r.until(func() bool {
		for _, g := range r.guests {
			st := g.State()
			if st.Status.Over {
				done = true
				return true
			}
			if canAct(st) {
				mover, before = g, st
				return true
			}
		}
		return false
	})
	if err != nil || done {
		return done, err
	}
	m := before.Legal[r.rand.Intn(len(before.Legal))]
	if err := mover.Send(m); err != nil {
		return false, err
	}
	return false, r.until(func() bool {
		st := mover.State()
		return st.Seq != before.Seq || st.Status.Over || locked(st)
	})
}

// canAct: the guest has a move to make now (none in flight, not locked in a sealed round).
func canAct(st table.GuestState) bool {
	return st.HasView && len(st.Legal) > 0 && !st.Waiting && !st.Sidelined && !locked(st)
}

// locked: the guest has committed its sealed choice in the round open now.
func locked(st table.GuestState) bool {
	if !st.Status.Sealed || st.LockedBase != st.Seq {
		return false
	}
	for _, s := range st.Locked {
		if s == st.Seat {
			return true
		}
	}
	return false
}

// until polls ok until it holds; errStopped if the rehearsal is stopped first, an error if its
// table does not get there in rehearsalWait. A poll, not a wait on the guests' update
// channels: only the rehearsal reads those, and a few milliseconds' pause hands the page back.
func (r *rehearsal) until(ok func() bool) error {
	deadline := time.Now().Add(rehearsalWait)
	for !ok() {
		if time.Now().After(deadline) {
			return errors.New("rehearsal: the throwaway table did not answer")
		}
		select {
		case <-r.quit:
			return errStopped
		case <-time.After(2 * time.Millisecond):
		}
	}
	return nil
}

// close ends the throwaway table.
func (r *rehearsal) close() {
	for _, g := range r.guests {
		g.Close()
	}
	if r.host != nil {
		r.host.Close()
	}
}
