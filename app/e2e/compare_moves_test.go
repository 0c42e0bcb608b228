//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A moveSide is one build's table in TestCompareMoves: a host and two guests, each in a Chromium
// of its own (so the host's renderer CPU is its page's alone), and what its games measured.
type moveSide struct {
	name    string
	srv     *Server
	host    *Browser
	players []*Browser
	games   int
	lat     []time.Duration // move → all 3 pages show it, every measured move
	moves   int             // moves played in the measured games (the host's seq at each end)
	// The host page's main thread over the measured games (Chromium's counters: CPU time, s)
	// and its renderer's CPU (/proc).
	thread, script float64
	cpu            time.Duration
	wakes          int             // browser timers that woke Go on the host page (goWakesJS)
	again          []time.Duration // Play again → every page in the new lobby
	load           *loadRange      // the machine's load over both builds' games
}

// newMoveSide opens a table at srv with open dealing (the three-browser figures are
// engine/table's dealing) and seats two guests.
func newMoveSide(t *testing.T, name string, srv *Server, load *loadRange) *moveSide {
	t.Helper()
	s := &moveSide{name: name, srv: srv, load: load}
	s.host, s.players = threeAtTable(t, srv.URL, name+"-")
	countGoWakesNow(t, s.host)
	return s
}

// play starts a game (the first from the lobby, later ones by Play again, timed) and plays it
// to its end by clicking, measuring every move as TestArkhamThreeBrowsers does: from the
// mover's click, as its page stamped it, to the moment the slowest page's DOM showed the new
// seq (watchJS's MutationObserver). Nothing here needs more of a build than its DOM: the board's
// .ark data-seq, its buttons, #continue, #game-over, #play-again.
func (s *moveSide) play(t *testing.T) {
	t.Helper()
	if s.games > 0 {
		s.host.WaitVisible("#play-again")
		at := time.Now()
		s.host.Click("#play-again")
		for _, b := range s.players {
			b.WaitVisible("#new-game")
		}
		s.again = append(s.again, time.Since(at))
	}
	s.games++
	s.host.Click("#start")
	for _, b := range s.players {
		b.WaitVisible(".ark")
		watchGame(t, b)
	}
	meter, cpu, wakes := newPageMeter(s.host), newCPUMeter(s.host), goWakes(s.host)
	measured := len(s.lat)
	playOut(t, s.players, fmt.Sprintf("%s: game %d", s.name, s.games), nil, func(d time.Duration) { s.lat = append(s.lat, d) })
	end := meter.read()
	s.thread += end["ThreadTime"] - meter.start["ThreadTime"]
	s.script += end["ScriptDuration"] - meter.start["ScriptDuration"]
	if cpu.pid != 0 {
		s.cpu += treeCPU(cpu.pid) - cpu.start
	}
	s.moves += max(0, seqOf(s.host))
	s.wakes += goWakes(s.host) - wakes
	s.load.add()
	t.Logf("%s game %d: %d moves, %d measured, load %s", s.name, s.games, seqOf(s.host), len(s.lat)-measured, loadAvg())
}

// timedStep makes at most one move on b's page (playStepThen) and returns the page's state and,
// when it clicked a move, how long until every page of players showed it (moveLatency; 0 when
// not measured).
func timedStep(t *testing.T, b *Browser, players []*Browser) (string, time.Duration) {
	t.Helper()
	before := seqOf(b)
	clickAt := float64(time.Now().UnixNano()) / 1e6
	st := playStepThen(t, b, func(string) { clickAt = float64(time.Now().UnixNano()) / 1e6 })
	if !strings.HasPrefix(st, "click:[data-e2e") || before < 0 {
		return st, 0
	}
	d, _ := moveLatency(b, players, before, clickAt)
	return st, d
}

// perMove is the host page's main thread (Chromium's counter) and script, and its renderer's
// CPU (/proc), per move played, in ms.
func (s *moveSide) perMove() (thread, script, cpu float64) {
	n := float64(max(1, s.moves))
	return s.thread * 1e3 / n, s.script * 1e3 / n, float64(s.cpu) / float64(time.Millisecond) / n
}

// TestCompareMoves plays three-browser Arkham games on the before build and on ours in one run,
// game by game in turn (before, after, after, before…), each build's three pages served by its
// own tree's `miskatonic serve`, and logs move → all 3 browsers' views (p50, p99), the host
// page's main thread per move and Play again as comparison rows. E2E_COMPARE_GAMES sets the
// games per build (the first of each build's games starts from the lobby, every later one by
// Play again).
func TestCompareMoves(t *testing.T) {
	tree := beforeTree(t)
	games := envInt("E2E_COMPARE_GAMES", 3)
	load := &loadRange{}
	load.add()
	sides := [2]*moveSide{
		newMoveSide(t, "before", startServe(t, tree), load),
		newMoveSide(t, "after", startServe(t, RepoRoot(t)), load),
	}
	for i := range 2 * games {
		sides[abba(i)].play(t)
	}
	b, a := sides[0], sides[1]
	ms := func(d time.Duration) string { return fmt.Sprint(d.Round(time.Millisecond)) }
	for _, q := range []struct {
		name string
		p    float64
	}{{"p50", .5}, {"p99", .99}} {
		compareRow(t, fmt.Sprintf("move → all 3 browsers' views, %s (n=%d / %d moves, %d games each)", q.name, len(b.lat), len(a.lat), games),
			ms(pct(b.lat, q.p)), ms(pct(a.lat, q.p)), float64(pct(a.lat, q.p))/float64(max(1, pct(b.lat, q.p))), load)
	}
	bt, bs, bc := b.perMove()
	at, as, ac := a.perMove()
	compareRow(t, fmt.Sprintf("host page's main thread per move, ms (Chromium's counter; %d / %d moves)", b.moves, a.moves),
		fmt.Sprintf("%.1f", bt), fmt.Sprintf("%.1f", at), at/bt, load)
	compareRow(t, "  of which script, ms (Chromium's counter: promise callbacks not counted)", fmt.Sprintf("%.1f", bs), fmt.Sprintf("%.1f", as), as/bs, load)
	if bc > 0 && ac > 0 {
		compareRow(t, "host renderer CPU per move, ms (/proc, the test's probes included)", fmt.Sprintf("%.1f", bc), fmt.Sprintf("%.1f", ac), ac/bc, load)
	}
	bw, aw := float64(b.wakes)/float64(max(1, b.moves)), float64(a.wakes)/float64(max(1, a.moves))
	compareRow(t, "host page's browser timers waking Go per move (counted)", fmt.Sprintf("%.1f", bw), fmt.Sprintf("%.1f", aw), aw/max(bw, 1e-9), load)
	if len(b.again) > 0 && len(a.again) > 0 {
		compareRow(t, fmt.Sprintf("Play again → every page in the new lobby, median (n=%d / %d, every one started)", len(b.again), len(a.again)),
			ms(median(b.again)), ms(median(a.again)), float64(median(a.again))/float64(median(b.again)), load)
	}
}
