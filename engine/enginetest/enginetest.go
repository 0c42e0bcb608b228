// Package enginetest is the conformance suite every Miskatonic game runs. It plays seeded random
// games through the engine contract only and checks, at every step:
//
//   - determinism: the same config and moves give the same Status and views (replayed, and on a
//     Clone taken mid-game, which must also stay independent of the original);
//   - Apply is all-or-nothing: out-of-turn, wrong-seat, malformed and illegal moves return an
//     *engine.Error and leave Status and every seat's view JSON unchanged;
//   - Legal agrees with Status: active seats have a move (the Dealer excepted), inactive seats,
//     the Observer and the Dealer have none, and every listed move is accepted;
//   - views share no memory with the game (a view's JSON does not change after further moves),
//     fit MaxViewBytes, and decode back with Rules.DecodeView to the same JSON;
//   - no leaks: a game-supplied Secrets hook names what a seat may not know, and none of it
//     appears in that seat's view.
//
// Games with simultaneous choices, reaction windows or co-op outcomes plug in unchanged: the
// suite only relies on Status().Active, Legal, Apply, View and Clone.
package enginetest

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// MaxViewBytes is the wire limit for one view.
const MaxViewBytes = 16 << 10

type suite struct {
	games      int
	seed       uint64
	maxMoves   int
	checkEvery int
	secrets    func(g engine.Game, s engine.Seat) []string
	leaks      func(g engine.Game, s engine.Seat, view []byte) error
	invariant  func(g engine.Game) error
	onEnd      func(g engine.Game)
}

// Option tunes Run.
type Option func(*suite)

// Games sets the number of random playouts per config (default 10).
func Games(n int) Option { return func(s *suite) { s.games = n } }

// Seed sets the base seed (default 1); every playout derives its own.
func Seed(seed uint64) Option { return func(s *suite) { s.seed = seed } }

// MaxMoves bounds one playout; a game still running after it fails (default 100000).
func MaxMoves(n int) Option { return func(s *suite) { s.maxMoves = n } }

// CheckEvery runs the costly per-step checks (atomicity, isolation, leaks, every legal move on a
// clone) on every k-th step only; determinism and Legal/Status run on every step (default 1).
func CheckEvery(k int) Option { return func(s *suite) { s.checkEvery = max(k, 1) } }

// Secrets supplies the leak check: strings (e.g. card keys) seat s may not know in g's current
// state. None may appear as a JSON string in s's view. It is called with engine.Observer too.
func Secrets(f func(g engine.Game, s engine.Seat) []string) Option {
	return func(s *suite) { s.secrets = f }
}

// Leaks supplies a structured leak check: given the game and the JSON of seat s's view, return
// an error naming anything s may not know. Use it where a plain string search would misfire (a
// card of an earlier, fully revealed round shown beside the live one).
func Leaks(f func(g engine.Game, s engine.Seat, view []byte) error) Option {
	return func(s *suite) { s.leaks = f }
}

// Invariant supplies a game-specific check run after every move.
func Invariant(f func(g engine.Game) error) Option { return func(s *suite) { s.invariant = f } }

// OnEnd is called with every finished game (for statistics in the caller's test).
func OnEnd(f func(g engine.Game)) Option { return func(s *suite) { s.onEnd = f } }

// Run plays the configured number of random games for each config and checks the contract.
func Run(t *testing.T, r engine.Rules, cfgs []engine.Config, opts ...Option) {
	t.Helper()
	s := &suite{games: 10, seed: 1, maxMoves: 100000, checkEvery: 1}
	for _, o := range opts {
		o(s)
	}
	for ci, cfg := range cfgs {
		t.Run(ConfigName(cfg), func(t *testing.T) {
			for i := 0; i < s.games; i++ {
				seed := s.seed*1_000_003 + uint64(ci)*10_007 + uint64(i)
				if err := s.playout(r, cfg, seed); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		})
	}
}

// ConfigName is a stable, readable name for a config ("5p,doom=on,event=orb").
func ConfigName(cfg engine.Config) string {
	keys := make([]string, 0, len(cfg.Options))
	for k := range cfg.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := []string{fmt.Sprintf("%dp", cfg.Seats)}
	for _, k := range keys {
		parts = append(parts, k+"="+cfg.Options[k])
	}
	return strings.Join(parts, ",")
}

// seats lists every seat whose view is checked: the Observer and each player.
func seats(n int) []engine.Seat {
	out := []engine.Seat{engine.Observer}
	for i := 0; i < n; i++ {
		out = append(out, engine.Seat(i))
	}
	return out
}

// snapshot is the JSON of Status and of every seat's view.
type snapshot struct {
	status []byte
	views  [][]byte
	objs   []engine.View
}

func takeSnapshot(g engine.Game, n int) (snapshot, error) {
	var sn snapshot
	var err error
	if sn.status, err = json.Marshal(g.Status()); err != nil {
		return sn, fmt.Errorf("status does not encode: %v", err)
	}
	for _, s := range seats(n) {
		v := g.View(s)
		b, err := json.Marshal(v)
		if err != nil {
			return sn, fmt.Errorf("view of seat %d does not encode: %v", s, err)
		}
		sn.views = append(sn.views, b)
		sn.objs = append(sn.objs, v)
	}
	return sn, nil
}

func (a snapshot) diff(b snapshot) string {
	if !bytes.Equal(a.status, b.status) {
		return fmt.Sprintf("status changed:\n%s\n%s", a.status, b.status)
	}
	for i := range a.views {
		if !bytes.Equal(a.views[i], b.views[i]) {
			return fmt.Sprintf("view of seat %d changed:\n%s\n%s", seats(len(a.views) - 1)[i], a.views[i], b.views[i])
		}
	}
	return ""
}

func (a snapshot) digest() [32]byte {
	h := sha256.New()
	h.Write(a.status)
	for _, v := range a.views {
		h.Write(v)
	}
	var d [32]byte
	copy(d[:], h.Sum(nil))
	return d
}

func (s *suite) playout(r engine.Rules, cfg engine.Config, seed uint64) error {
	rnd := rng.FromInt(seed)
	g, err := r.New(cfg)
	if err != nil {
		return fmt.Errorf("New(%+v): %v", cfg, err)
	}
	n := cfg.Seats
	var moves []engine.Move
	var digests [][32]byte
	cloneAt := -1
	var clone engine.Game
	var cloneDigest [32]byte
	for step := 0; ; step++ {
		if step > s.maxMoves {
			return fmt.Errorf("game still running after %d moves", s.maxMoves)
		}
		full := step%s.checkEvery == 0
		st := g.Status()
		if err := checkLegalStatus(g, st, n, full); err != nil {
			return fmt.Errorf("step %d: %v", step, err)
		}
		sn, err := takeSnapshot(g, n)
		if err != nil {
			return fmt.Errorf("step %d: %v", step, err)
		}
		digests = append(digests, sn.digest())
		if full {
			if err := s.checkViews(r, g, sn, n); err != nil {
				return fmt.Errorf("step %d: %v", step, err)
			}
		}
		if st.Over {
			break
		}
		if cloneAt < 0 && rnd.Intn(8) == 0 {
			cloneAt, clone, cloneDigest = step, g.Clone(), sn.digest()
		}
		m := pick(g, st, rnd)
		if full {
			if err := tryBadMoves(g, st, m, n, sn, rnd); err != nil {
				return fmt.Errorf("step %d: %v", step, err)
			}
		}
		if err := g.Apply(m); err != nil {
			return fmt.Errorf("step %d: legal move %v refused: %v", step, m, err)
		}
		moves = append(moves, m)
		if full {
			for i, v := range sn.objs {
				b, _ := json.Marshal(v)
				if !bytes.Equal(b, sn.views[i]) {
					return fmt.Errorf("step %d: a view given out before %v changed after it (shared memory)", step, m)
				}
			}
		}
		if s.invariant != nil {
			if err := s.invariant(g); err != nil {
				return fmt.Errorf("step %d after %v: invariant: %v", step, m, err)
			}
		}
	}
	if s.onEnd != nil {
		s.onEnd(g)
	}
	// Determinism: a fresh game fed the same moves passes through the same states.
	g2, err := r.New(cfg)
	if err != nil {
		return err
	}
	for i, m := range moves {
		if err := g2.Apply(m); err != nil {
			return fmt.Errorf("replay: move %d %v refused: %v", i, m, err)
		}
		sn, err := takeSnapshot(g2, n)
		if err != nil {
			return err
		}
		if sn.digest() != digests[i+1] {
			return fmt.Errorf("replay diverged after move %d (%v)", i, m)
		}
	}
	// A clone is independent of its original and evolves identically.
	if clone != nil {
		sn, err := takeSnapshot(clone, n)
		if err != nil {
			return err
		}
		if sn.digest() != cloneDigest {
			return fmt.Errorf("clone taken at step %d changed when the original moved on", cloneAt)
		}
		for i, m := range moves[cloneAt:] {
			if err := clone.Apply(m); err != nil {
				return fmt.Errorf("clone: move %d %v refused: %v", cloneAt+i, m, err)
			}
		}
		if sn, _ := takeSnapshot(clone, n); sn.digest() != digests[len(digests)-1] {
			return fmt.Errorf("clone taken at step %d ended differently", cloneAt)
		}
	}
	return nil
}

// pick chooses a random legal move (or a random deal).
func pick(g engine.Game, st engine.Status, rnd *rng.Rand) engine.Move {
	if st.Deal != nil {
		return engine.DealMove(rnd.Seed())
	}
	seat := st.Active[rnd.Intn(len(st.Active))]
	legal := g.Legal(seat)
	return legal[rnd.Intn(len(legal))]
}

func checkLegalStatus(g engine.Game, st engine.Status, n int, full bool) error {
	if st.Over {
		if len(st.Active) != 0 || st.Result == nil || st.Deal != nil {
			return fmt.Errorf("over, yet active=%v result=%v deal=%v", st.Active, st.Result, st.Deal)
		}
	} else if len(st.Active) == 0 {
		return fmt.Errorf("not over but nobody may move")
	}
	if st.Deal != nil && (len(st.Active) != 1 || st.Active[0] != engine.Dealer) {
		return fmt.Errorf("a deal is due but active=%v", st.Active)
	}
	if st.Deal == nil && st.IsActive(engine.Dealer) {
		return fmt.Errorf("the Dealer is active with no deal request")
	}
	for _, s := range []engine.Seat{engine.Observer, engine.Dealer} {
		if l := g.Legal(s); len(l) != 0 {
			return fmt.Errorf("Legal(%d) = %v, want none", s, l)
		}
	}
	for i := 0; i < n; i++ {
		s := engine.Seat(i)
		legal := g.Legal(s)
		if st.IsActive(s) != (len(legal) > 0) {
			return fmt.Errorf("seat %d active=%v but has %d legal moves", s, st.IsActive(s), len(legal))
		}
		for _, m := range legal {
			if m.Seat != s {
				return fmt.Errorf("Legal(%d) lists a move for seat %d", s, m.Seat)
			}
		}
		if full {
			again := g.Legal(s)
			if fmt.Sprint(again) != fmt.Sprint(legal) {
				return fmt.Errorf("Legal(%d) not deterministic", s)
			}
			for _, m := range legal {
				if err := g.Clone().Apply(m); err != nil {
					return fmt.Errorf("Legal(%d) lists %v but Apply refuses it: %v", s, m, err)
				}
			}
		}
	}
	return nil
}

func (s *suite) checkViews(r engine.Rules, g engine.Game, sn snapshot, n int) error {
	for i, seat := range seats(n) {
		b := sn.views[i]
		if len(b) > MaxViewBytes {
			return fmt.Errorf("view of seat %d is %d bytes (limit %d)", seat, len(b), MaxViewBytes)
		}
		v, err := r.DecodeView(b)
		if err != nil {
			return fmt.Errorf("view of seat %d does not decode: %v", seat, err)
		}
		if b2, _ := json.Marshal(v); !bytes.Equal(b, b2) {
			return fmt.Errorf("view of seat %d does not survive a decode round trip:\n%s\n%s", seat, b, b2)
		}
		if s.secrets != nil {
			for _, secret := range s.secrets(g, seat) {
				q, _ := json.Marshal(secret)
				if bytes.Contains(b, q) {
					return fmt.Errorf("view of seat %d leaks %s:\n%s", seat, q, b)
				}
			}
		}
		if s.leaks != nil {
			if err := s.leaks(g, seat, b); err != nil {
				return fmt.Errorf("view of seat %d leaks: %v\n%s", seat, err, b)
			}
		}
	}
	return nil
}

// tryBadMoves offers moves that must all be refused with an *engine.Error, then checks nothing
// changed.
func tryBadMoves(g engine.Game, st engine.Status, m engine.Move, n int, before snapshot, rnd *rng.Rand) error {
	var bad []engine.Move
	add := func(b engine.Move) {
		for i := 0; i < n; i++ {
			if engine.IsLegal(g.Legal(engine.Seat(i)), b) {
				return
			}
		}
		if b.Seat == engine.Dealer && b.Kind == engine.KindDeal && st.Deal != nil {
			if _, err := b.DealKey(); err == nil && b.To == 0 && b.Card == 0 && b.Option == "" && b.N == 0 {
				return // a well-formed deal is legal while one is due
			}
		}
		bad = append(bad, b)
	}
	for i := 0; i < n; i++ {
		if s := engine.Seat(i); !st.IsActive(s) {
			w := m
			w.Seat = s
			add(w) // out of turn, or another seat's move
		}
	}
	for _, seat := range []engine.Seat{engine.Seat(n), engine.Seat(n + 5), engine.Observer, -7} {
		w := m
		w.Seat = seat
		add(w)
	}
	for _, f := range []func(*engine.Move){
		func(w *engine.Move) { w.Kind = "" },
		func(w *engine.Move) { w.Kind = "bogus" },
		func(w *engine.Move) { w.Kind = strings.ToUpper(w.Kind) },
		func(w *engine.Move) { w.To++ },
		func(w *engine.Move) { w.To = -3 },
		func(w *engine.Move) { w.To = engine.Seat(n + rnd.Intn(5)) },
		func(w *engine.Move) { w.Card = 1 << 20 },
		func(w *engine.Move) { w.Card = -1 },
		func(w *engine.Move) { w.Option = "nonsense" },
		func(w *engine.Move) { w.N = 1 + rnd.Intn(100) },
		func(w *engine.Move) { w.Seed = "00" },
		func(w *engine.Move) { w.Seed = strings.Repeat("zz", 32) },
	} {
		w := m
		f(&w)
		add(w)
	}
	add(engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: strings.Repeat("ab", 32), N: 1})
	if st.Deal == nil {
		add(engine.DealMove(rnd.Seed()))
	} else {
		add(engine.Move{Seat: 0, Kind: engine.KindDeal, Seed: strings.Repeat("ab", 32)})
	}
	for _, b := range bad {
		err := g.Apply(b)
		var e *engine.Error
		if err == nil {
			return fmt.Errorf("bad move %v accepted", b)
		}
		if !errors.As(err, &e) || e.Kind == "" {
			return fmt.Errorf("bad move %v refused with an untyped error: %v", b, err)
		}
	}
	after, err := takeSnapshot(g, n)
	if err != nil {
		return err
	}
	if d := before.diff(after); d != "" {
		return fmt.Errorf("refused moves changed the game: %s\nmoves tried: %v", d, bad)
	}
	return nil
}
