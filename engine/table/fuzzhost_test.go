package table

// An adversarial host that fuzzes (issue 23): over many seeded games of all three games, with
// bots and one to three honest guests, the real Host and Guests play while the adversary on
// each guest's link (fuzzhost_adversary_test.go) deviates at points drawn from the seed. The
// oracle (fuzzhost_oracle_test.go) then asks of every honest guest: did it report a failure,
// or is what it verified exactly a game an honest host could have produced? An honest host
// must cause no failure at all, network faults included.
//
//	go test ./engine/table/ -run TestFuzzingHost -v                      # bounded, with figures
//	go test ./engine/table/ -run TestFuzzingHost -v -fuzzhost.games=600  # longer
//	go test ./engine/table/ -run TestFuzzingHost -v -fuzzhost.seed=1234  # one game again
//	go test ./engine/table/ -run XXX -fuzz FuzzHost                      # seeds from the fuzzer

import (
	"bytes"
	"flag"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/fair"
	"miskatonic/engine/rituals"
	"miskatonic/engine/rng"
	"miskatonic/engine/shadows"
	"miskatonic/engine/wire"
)

var (
	fuzzGames = flag.Int("fuzzhost.games", 0, "games the fuzzing host plays (0: 60, or 15 with -short)")
	fuzzSeed  = flag.Uint64("fuzzhost.seed", 0, "play only the game of this seed")
	fuzzFirst = flag.Uint64("fuzzhost.first", 1, "the first seed played")
)

// knownOpen lists the deviation kinds whose holes other work on issue 23 is closing: a game in
// which one of them fired and whose oracle failed is counted, printed and does not fail the
// test. Empty it (kind by kind) as the fixes are merged; an unknown hole always fails.
var knownOpen = map[string]string{}

// Game modes: an honest host over perfect links, over faulty links, or a cheating host.
const (
	modeHonest = "honest"
	modeNet    = "network"
	modeCheat  = "cheat"
)

// fuzzGame is one game's set-up, drawn from its seed.
type fuzzGame struct {
	seed   uint64
	rules  engine.Rules
	guests int
	bots   int
	mode   string
	net    float64
	devs   []*deviation
}

func drawGame(seed uint64) fuzzGame {
	r := rng.FromInt(seed)
	all := []engine.Rules{arkham.Rules{}, rituals.Rules{}, shadows.Rules{}}
	g := fuzzGame{seed: seed, rules: all[seed%3]}
	lo, hi := g.rules.Seats()
	hi = min(hi, 5)
	g.guests = 1 + r.Intn(3)
	seats := max(lo, g.guests+r.Intn(3))
	seats = min(seats, hi)
	g.guests = min(g.guests, seats)
	g.bots = seats - g.guests
	switch x := r.Intn(10); {
	case x < 2:
		g.mode = modeHonest
	case x < 4:
		g.mode, g.net = modeNet, 0.03
	default:
		g.mode = modeCheat
		if r.Intn(3) == 0 {
			g.net = 0.02
		}
		for n := 1 + r.Intn(4)/3; n > 0; n-- {
			d := &deviation{kind: cheatKinds[r.Intn(len(cheatKinds))], guest: -1, after: r.Intn(6),
				steady: r.Intn(3) == 0, seat: r.Intn(16), seen: map[int]int{}}
			if d.kind == devRewrite || d.kind == devWithhold {
				d.typ = rewriteTypes[r.Intn(len(rewriteTypes))]
			}
			if r.Intn(2) == 0 {
				d.guest = r.Intn(g.guests)
			}
			switch d.kind { // a changed key or roster is a steady lie, or it is caught at once
			case devLobbyKey, devLobbyStand:
				d.steady = true
			}
			g.devs = append(g.devs, d)
		}
	}
	return g
}

func (d *deviation) name() string {
	if d.typ != "" {
		return d.kind + "." + string(d.typ)
	}
	return d.kind
}

// gameResult is one game's outcome, for the figures.
type gameResult struct {
	game    fuzzGame
	fired   []string // the deviations that happened
	netN    map[string]int
	over    bool
	caught  int // honest guests that reported a failure
	ok      int // honest guests whose verified game the oracle re-derived
	nothing int // honest guests that verified nothing and reported nothing (a stall)
	holes   []string
	why     map[string]int
	seqs    int
	views   int
	elapsed time.Duration
}

// playFuzzGame plays one seeded game against the adversary and judges every honest guest.
func playFuzzGame(t testing.TB, fg fuzzGame, budget time.Duration) gameResult {
	start := time.Now()
	res := gameResult{game: fg, why: map[string]int{}}
	adv := &adversary{r: rng.FromInt(fg.seed ^ 0x5eed), net: fg.net, devs: fg.devs, netN: map[string]int{},
		commits: map[int]*wire.Commit{}, hostKey: identity(800)}
	for i := 0; i < 16; i++ {
		adv.keys = append(adv.keys, identity(700+i))
	}
	rr := newRand(fg.seed)
	opts := randomOptions(fg.rules, fg.guests+fg.bots, rr)
	tt := &testTable{t: t, rand: rr, stop: make(chan struct{})}
	h, err := NewHost(fg.rules, HostConfig{Rand: newRand(fg.seed + 1), Options: opts, RatePerSecond: 5000, Burst: 5000,
		Signer: identity(900), ShareTimeout: 500 * time.Millisecond, Logf: func(string, ...any) {}})
	if err != nil {
		t.Fatal(err)
	}
	tt.host = h
	traces := make([]*trace, fg.guests)
	for i := 0; i < fg.guests; i++ {
		a, b := Pipe()
		traces[i] = &trace{}
		c := &advConn{Conn: b, a: adv, guest: i, tr: traces[i], sticky: map[uint64][]byte{}}
		if err := h.AddGuest(a); err != nil {
			t.Fatal(err)
		}
		g, err := NewGuest(c, GuestConfig{Name: fmt.Sprintf("p%d", i), Identity: identity(i), Rand: newRand(fg.seed*1000 + uint64(i)),
			Rules: lookup, Tick: 10 * time.Millisecond, RevealTimeout: 1500 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		tt.guests = append(tt.guests, g)
		if !pollFor(budget, func() bool { return h.State().Seats != nil && len(h.State().Seats) == i+1 }) {
			break // a rewritten challenge or welcome: the guest never sits
		}
	}
	for i := 0; i < fg.bots; i++ {
		if _, err := h.AddBot(fmt.Sprintf("bot%d", i), "random", randomBot(fg.seed+uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range tt.guests {
		g.SetReady(true)
	}
	started := pollFor(budget, func() bool { return h.Start() == nil })
	if started {
		tt.play()
		pollFor(budget-time.Since(start), func() bool {
			done := false
			select {
			case <-h.Done():
				done = true
			default:
			}
			seq := h.State().Seq
			settled, caught := true, true
			for _, g := range tt.guests {
				st := g.State()
				failed := len(st.Evidence) > 0
				pending := len(st.Deals) == 0
				for _, d := range st.Deals {
					failed = failed || d.State == DealFailed
					pending = pending || d.State == DealPending
				}
				caught = caught && failed
				settled = settled && (failed || st.Seq == seq && !pending)
			}
			return caught || done && settled
		})
		select {
		case <-h.Done():
			res.over = true
		default:
		}
	}
	// The truth: who sits where with which key, from the real host.
	hs := h.State()
	seats := map[engine.Seat]*honestSeat{}
	mine := make([]*honestSeat, len(tt.guests))
	for _, s := range hs.Seats {
		for i := range tt.guests {
			if !s.Bot && bytes.Equal(s.Key, identity(i).Public()) {
				mine[i] = &honestSeat{seat: s.Seat, key: s.Key, tr: traces[i]}
				seats[s.Seat] = mine[i]
			}
		}
	}
	var truth engine.Config
	h.do(func() { truth = h.config })
	tt.close()
	for i, g := range tt.guests {
		if mine[i] == nil {
			res.nothing++
			continue
		}
		v := judge(g, fg.rules, truth, seats, mine[i])
		res.seqs += v.checked
		res.views += v.views
		switch {
		case v.caught:
			res.caught++
			res.why[v.why]++
		case v.hole != "":
			res.holes = append(res.holes, fmt.Sprintf("guest %d (seat %d): %s", i, mine[i].seat, v.hole))
		case v.verified > 0:
			res.ok++
		default:
			res.nothing++
		}
	}
	for _, d := range fg.devs {
		if d.fired > 0 {
			res.fired = append(res.fired, d.name())
		}
	}
	res.netN = adv.netN
	res.elapsed = time.Since(start)
	return res
}

// pollFor polls cond until it holds or d has passed.
func pollFor(d time.Duration, cond func() bool) bool {
	end := time.Now().Add(d)
	for !cond() {
		if time.Now().After(end) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// fuzzFigures adds games up by deviation kind.
type fuzzFigures struct {
	mu                                sync.Mutex
	games, over, guests               int
	byMode                            map[string]int
	tried, caught, harmless, holes    map[string]int
	known                             map[string]int
	falseAlarms, netCheat, honestStop int
	seqs, views                       int
	why                               map[string]int
	netN                              map[string]int
	cpu                               time.Duration
}

func newFigures() *fuzzFigures {
	return &fuzzFigures{byMode: map[string]int{}, tried: map[string]int{}, caught: map[string]int{}, harmless: map[string]int{},
		holes: map[string]int{}, known: map[string]int{}, why: map[string]int{}, netN: map[string]int{}}
}

// check judges one game and adds it to the figures: an honest host must cause no failure, and
// no guest may have verified what the oracle cannot re-derive.
func (f *fuzzFigures) check(t *testing.T, r gameResult) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g := r.game
	f.games++
	f.byMode[g.mode]++
	f.guests += g.guests
	f.seqs += r.seqs
	f.views += r.views
	if r.over {
		f.over++
	}
	for k, n := range r.netN {
		f.netN[k] += n
	}
	for k, n := range r.why {
		f.why[k] += n
	}
	desc := fmt.Sprintf("seed %d (%s, %d guests, %d bots, %s, net %.2f, deviations %v)", g.seed, g.rules.Name(), g.guests, g.bots, g.mode, g.net, r.fired)
	if g.mode != modeCheat || len(r.fired) == 0 {
		if r.caught > 0 {
			if g.mode == modeNet {
				f.netCheat++
			}
			f.falseAlarms++
			t.Errorf("false alarm: %s: %d honest guests reported a failure %v", desc, r.caught, r.why)
		}
		if g.mode != modeCheat && (!r.over || r.ok != g.guests) {
			f.honestStop++
			t.Errorf("an honest host's game did not end verified: %s: over %v, %d of %d guests verified", desc, r.over, r.ok, g.guests)
		}
	}
	for _, k := range r.fired {
		f.tried[k]++
		switch {
		case len(r.holes) > 0:
			f.holes[k]++
		case r.caught > 0:
			f.caught[k]++
		default:
			f.harmless[k]++
		}
	}
	if len(r.holes) > 0 {
		known := ""
		for _, k := range r.fired {
			if item, ok := knownOpen[strings.SplitN(k, ".", 3)[0]+"."+strings.SplitN(k+".", ".", 3)[1]]; ok {
				known = item
			}
			if item, ok := knownOpen[k]; ok {
				known = item
			}
		}
		if known != "" {
			for _, k := range r.fired {
				f.known[k]++
			}
			t.Logf("known-open hole (%s): %s: %s", known, desc, strings.Join(r.holes, "; "))
		} else {
			t.Errorf("HOLE: %s: %s", desc, strings.Join(r.holes, "; "))
		}
	}
}

func (f *fuzzFigures) print(t *testing.T, wall time.Duration) {
	t.Logf("fuzzing host: %d games (%v), %d over, %d honest guests, %d game seqs and %d views re-derived, %v wall",
		f.games, f.byMode, f.over, f.guests, f.seqs, f.views, wall.Round(time.Millisecond))
	t.Logf("network faults: %v; false alarms: %d (network faults called cheating: %d); honest games not ended verified: %d",
		f.netN, f.falseAlarms, f.netCheat, f.honestStop)
	kinds := make([]string, 0, len(f.tried))
	for k := range f.tried {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("  %-24s tried %3d  caught %3d  harmless %3d  holes %3d (known-open %d)", k, f.tried[k], f.caught[k], f.harmless[k], f.holes[k], f.known[k])
	}
	t.Logf("failures reported: %v", f.why)
}

func TestFuzzingHost(t *testing.T) {
	defer checkNoLeak(t)()
	games := 60
	if testing.Short() {
		games = 15
	}
	if *fuzzGames > 0 {
		games = *fuzzGames
	}
	first := *fuzzFirst
	if *fuzzSeed != 0 {
		first, games = *fuzzSeed, 1
	}
	budget := 4 * time.Second
	figs := newFigures()
	start := time.Now()
	for seed := first; seed < first+uint64(games); seed++ {
		fg := drawGame(seed)
		b := budget
		if fg.mode != modeCheat {
			b = 30 * time.Second // an honest game must end: the budget only turns a hang into a failure
		}
		r := playFuzzGame(t, fg, b)
		figs.check(t, r)
	}
	figs.print(t, time.Since(start))
}

// FuzzHost lets the fuzzer choose the seeds: each input is one game's seed.
func FuzzHost(f *testing.F) {
	for _, s := range []uint64{1, 2, 3, 7, 11} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		figs := newFigures()
		fg := drawGame(seed)
		b := 4 * time.Second
		if fg.mode != modeCheat {
			b = 30 * time.Second
		}
		figs.check(t, playFuzzGame(t, fg, b))
	})
}

var _ = fair.Commit // the oracle's deal checks live in fuzzhost_oracle_test.go
