package bot

import (
	"math"
	"strconv"
	"sync"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// Tournament plays many games between bots with the seats rotated, so no bot profits from a
// seat: in game g, entrant i sits at seat (i+g) mod n.
type Tournament struct {
	Rules   engine.Rules
	Options map[string]string
	Levels  []string // one entrant per seat, by level name; repeats are separate entrants
	// Entrants, if set, replaces Levels with custom bots (experiments, tuning); each entrant's
	// Label groups it in the report as a level name would.
	Entrants []Entrant
	Games    int
	Seed     uint64
	Workers  int // games played at once; results do not depend on it (each game has its own seeds)
	// Progress, if set, is called after each finished game (from the collecting goroutine).
	Progress func(done int)
}

// Entrant is a custom bot for a tournament seat.
type Entrant struct {
	Label string
	New   func(seed uint64) Func
}

// Standing is one level's record over a tournament (entrants of the same level pooled).
type Standing struct {
	Level     string
	Seats     int     // seat-games played (games × entrants of this level)
	Wins      int     // a shared win counts as a win for each tied seat
	Rate      float64 // Wins / Seats
	Lo, Hi    float64 // Wilson 95% interval of Rate
	Decisions int
	Thinking  time.Duration // total decision time
}

// MeanDecision is the average time one decision took.
func (s Standing) MeanDecision() time.Duration {
	if s.Decisions == 0 {
		return 0
	}
	return s.Thinking / time.Duration(s.Decisions)
}

// Report is a tournament's result, levels in the order they first appear in Tournament.Levels.
type Report struct {
	Games     int
	Standings []Standing
	Moves     int
	Elapsed   time.Duration
}

type gameResult struct {
	index     int
	winners   []int // entrant indexes
	decisions []int
	thinking  []time.Duration
	moves     int
	err       error
}

// Run plays the tournament. The first failing game stops it with that game's error.
func (t Tournament) Run() (Report, error) {
	if t.Entrants == nil {
		for _, l := range t.Levels {
			if _, err := New(t.Rules.Name(), l, 0); err != nil {
				return Report{}, err
			}
			game, level := t.Rules.Name(), l
			t.Entrants = append(t.Entrants, Entrant{Label: Canonical(l), New: func(seed uint64) Func {
				b, _ := New(game, level, seed)
				return b
			}})
		}
	}
	n := len(t.Entrants)
	lo, hi := t.Rules.Seats()
	if n < lo || n > hi {
		return Report{}, engine.Errorf(engine.KindBadConfig, "bot: tournament", "%s takes %d..%d seats, not %d", t.Rules.Name(), lo, hi, n)
	}
	if t.Games < 1 {
		return Report{}, engine.Errorf(engine.KindBadConfig, "bot: tournament", "need at least one game")
	}
	workers := t.Workers
	if workers < 1 {
		workers = 1
	}
	start := time.Now()
	jobs := make(chan int)
	results := make(chan gameResult)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				results <- t.playOne(g)
			}
		}()
	}
	stop := make(chan struct{})
	go func() {
		defer close(jobs)
		for g := 0; g < t.Games; g++ {
			select {
			case jobs <- g:
			case <-stop:
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	wins := make([]int, n)
	decisions := make([]int, n)
	thinking := make([]time.Duration, n)
	moves, done := 0, 0
	var firstErr error
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
				close(stop)
			}
			continue
		}
		if firstErr != nil {
			continue
		}
		for _, e := range r.winners {
			wins[e]++
		}
		for e := 0; e < n; e++ {
			decisions[e] += r.decisions[e]
			thinking[e] += r.thinking[e]
		}
		moves += r.moves
		done++
		if t.Progress != nil {
			t.Progress(done)
		}
	}
	if firstErr != nil {
		return Report{}, firstErr
	}
	rep := Report{Games: done, Moves: moves, Elapsed: time.Since(start)}
	byLevel := map[string]int{}
	for e, en := range t.Entrants {
		l := en.Label
		i, ok := byLevel[l]
		if !ok {
			i = len(rep.Standings)
			byLevel[l] = i
			rep.Standings = append(rep.Standings, Standing{Level: l})
		}
		s := &rep.Standings[i]
		s.Seats += done
		s.Wins += wins[e]
		s.Decisions += decisions[e]
		s.Thinking += thinking[e]
	}
	for i := range rep.Standings {
		s := &rep.Standings[i]
		s.Rate = float64(s.Wins) / float64(s.Seats)
		s.Lo, s.Hi = Wilson(s.Wins, s.Seats, 1.959963984540054)
	}
	return rep, nil
}

// playOne plays game g of the tournament with its own seeds.
func (t Tournament) playOne(g int) gameResult {
	n := len(t.Entrants)
	res := gameResult{index: g, decisions: make([]int, n), thinking: make([]time.Duration, n)}
	game, err := t.Rules.New(engine.Config{Seats: n, Options: t.Options})
	if err != nil {
		res.err = err
		return res
	}
	// Each game draws its seeds from (tournament seed, game index) alone.
	gr := SeedRand(t.Seed, "tournament/"+strconv.Itoa(g))
	bots := make([]Func, n)
	entrantAt := make([]int, n) // seat → entrant
	for e, en := range t.Entrants {
		seat := (e + g) % n
		bots[seat] = en.New(gr.Uint64())
		entrantAt[seat] = e
	}
	deals := rng.New(gr.Seed())
	out, err := Play(game, bots, deals, func(d Decision) {
		e := entrantAt[d.Seat]
		res.decisions[e]++
		res.thinking[e] += d.Took
		res.moves++
	})
	if err != nil {
		res.err = engine.Errorf(engine.KindOf(err), "bot: tournament", "game %d: %v", g, err)
		return res
	}
	for _, w := range out.Winners {
		if w.Valid(n) {
			res.winners = append(res.winners, entrantAt[w])
		}
	}
	return res
}

// Wilson returns the Wilson score interval for k successes in n trials at normal quantile z
// (1.96 for 95%). It behaves well near 0 and 1, unlike the plain normal approximation.
func Wilson(k, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	z2 := z * z
	den := 1 + z2/nf
	mid := (p + z2/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}
