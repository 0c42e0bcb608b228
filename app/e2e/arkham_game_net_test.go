//go:build browser

package e2e

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"miskatonic/app/ui/arkhamboard"
)

// watchJS installs, once per page load, an observer that stamps the moment each game seq first
// shows on the page (for latency figures) and notes any own card shown mid-round (a leak).
const watchJS = `(() => {
  if (window.__watch) return true;
  window.__watch = true; window.__seq = {}; window.__leak = ''; window.__click = 0;
  document.addEventListener('click', () => { window.__click = performance.timeOrigin + performance.now(); performance.mark('click'); }, true);
  const mark = () => {
    const a = document.querySelector('.ark');
    if (!a) return;
    const s = a.dataset.seq;
    if (!(s in window.__seq)) { window.__seq[s] = performance.timeOrigin + performance.now(); performance.mark('seq ' + s); }
    if (a.dataset.over === 'true' && window.__overRecord === undefined) window.__overRecord = !!document.querySelector('#record-panel');
    const mine = document.querySelector('.me .seat.you .card');
    if (a.dataset.reveal !== 'true' && mine && mine.dataset.card !== 'hidden' && !window.__leak) window.__leak = mine.dataset.card;
  };
  new MutationObserver(mark).observe(document.body, {subtree: true, attributes: true, childList: true, characterData: true});
  mark();
  return true;
})()`

func watch(t *testing.T, b *Browser) {
	t.Helper()
	if _, err := Eval[bool](b, watchJS); err != nil {
		t.Fatalf("%s: watch: %v", b.Name, err)
	}
}

func checkNoLeak(t *testing.T, bs ...*Browser) {
	t.Helper()
	for _, b := range bs {
		if leak, _ := Eval[string](b, `window.__leak || ''`); leak != "" {
			b.Screenshot("leak")
			t.Fatalf("%s showed its own card %q before the reveal", b.Name, leak)
		}
	}
}

func seqOf(b *Browser) int { return boardSeq(b, ".ark") }

// boardSeq is the move count the board found by css shows (its data-seq), or -1.
func boardSeq(b *Browser, css string) int {
	n, err := Eval[int](b, `(() => { const a = document.querySelector(`+jsString(css)+`); return a ? +a.dataset.seq : -1; })()`)
	if err != nil {
		return -1
	}
	return n
}

// seenAt is when page b first showed seq (ms since the epoch), or 0.
func seenAt(b *Browser, seq int) float64 {
	v, _ := Eval[float64](b, fmt.Sprintf(`(window.__seq && window.__seq[%q]) || 0`, fmt.Sprint(seq)))
	return v
}

// moveLatency is how long after the click at clickAt (ms, this clock) the slowest of players
// showed seq before+1, measured from the click as the clicking page b itself saw it (CDP's own
// delay left out); false if a page never showed it within 10 s.
func moveLatency(b *Browser, players []*Browser, before int, clickAt float64) (time.Duration, bool) {
	var worst float64
	for _, o := range players {
		seen := 0.0
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); {
			if seen = seenAt(o, before+1); seen > 0 {
				break
			}
			time.Sleep(3 * time.Millisecond)
		}
		if seen == 0 {
			return 0, false
		}
		worst = max(worst, seen-clickAt)
	}
	if c, err := Eval[float64](b, `window.__click || 0`); err == nil && c > clickAt {
		worst -= c - clickAt
	}
	return time.Duration(worst * float64(time.Millisecond)), worst > 0
}

// hostTable opens a table in b as host, with open dealing chosen (engine/table's dealing, the
// one these tests check), and returns its invite link.
func hostTable(t *testing.T, b *Browser, url, name string) string {
	t.Helper()
	return hostTableDealing(t, b, url, name, "open")
}

// chooseOpenDealing stores b's choice of open dealing for the tables it hosts, as the lobby's
// Dealing select does: host-blind is Arkham's default for two or more people, so a test of
// engine/table's dealing picks open explicitly.
func chooseOpenDealing(t *testing.T, b *Browser) {
	t.Helper()
	if _, err := Eval[bool](b, `(localStorage.setItem('miskatonic.dealing', 'open'), true)`); err != nil {
		t.Fatal(err)
	}
}

// hostTableDealing opens an Arkham table in b as host with dealing "open" chosen, or "" for
// the default, and returns its invite link.
func hostTableDealing(t *testing.T, b *Browser, url, name, dealing string) string {
	t.Helper()
	return hostGame(t, b, url, "arkham", name, dealing)
}

// hostGame opens a table of game in b as host (dealing as hostTableDealing) and returns its
// invite link.
func hostGame(t *testing.T, b *Browser, url, game, name, dealing string) string {
	t.Helper()
	b.Open(url + "/new?game=" + game)
	b.WaitApp()
	if dealing == "open" {
		chooseOpenDealing(t, b)
	}
	b.WaitVisible("#new-table")
	typeInto(b, "#player-name", name)
	b.Click("#open-table")
	b.WaitVisible("#invite-link")
	link, err := Eval[string](b, `document.querySelector('#invite-link').value`)
	if err != nil || !strings.Contains(link, "#/join/") {
		t.Fatalf("invite link %q (%v)", link, err)
	}
	return link
}

// joinTable opens link in b, joins as name and returns how long from opening the link to being
// seated in the lobby, and from clicking join to being seated.
func joinTable(t *testing.T, b *Browser, link, name string) (total, afterClick time.Duration) {
	t.Helper()
	start := time.Now()
	b.Open(link)
	b.WaitApp()
	b.WaitVisible("#join")
	typeInto(b, "#player-name", name)
	clicked := time.Now()
	b.ClickJoin()
	b.WaitVisible("#lobby")
	return time.Since(start), time.Since(clicked)
}

func pct(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

// TestArkhamThreeBrowsers: a host and two guests in separate Chromium profiles play a whole
// game over real WebRTC, joined through the real relay, every move by clicking. No page may
// ever show its own player's card before the reveal.
func TestArkhamThreeBrowsers(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "host", Laptop)
	bea := NewBrowser(t, "bea-phone", Phone)
	cy := NewBrowser(t, "cy", Laptop)
	players := []*Browser{host, bea, cy}
	for _, b := range players {
		traceChannels(b)
	}
	traceGoTime(host)

	link := hostTable(t, host, srv.URL, "Ann")
	host.Screenshot("lobby-empty")
	for _, g := range []struct {
		b    *Browser
		name string
	}{{bea, "Bea"}, {cy, "Cy"}} {
		total, click := joinTable(t, g.b, link, g.name)
		t.Logf("FIGURE invite link → seated (%s): %v from opening the link, %v from clicking join", g.name, total.Round(time.Millisecond), click.Round(time.Millisecond))
	}
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	// The lobby warms the board's pictures while it waits (app/ui/warm.go): before any card is
	// drawn, the host's page has fetched every one of them (and only public files: the list is
	// the catalog's, whatever is dealt).
	const cardPictures = `new Set(performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((p) => p.startsWith("/web/cards/"))).size`
	want := len(arkhamboard.Game.Pictures)
	if err := host.Try(poll(fmt.Sprintf("%s >= %d", cardPictures, want), 50*time.Millisecond)); err != nil {
		n, _ := Eval[int](host, cardPictures)
		t.Errorf("the lobby had fetched %d card pictures before the game, want all %d: %v", n, want, err)
	}
	host.Screenshot("lobby")
	bea.Screenshot("lobby")
	host.Click("#start")
	for _, b := range players {
		b.WaitVisible(".ark")
		watch(t, b)
	}
	stopProfiles := profilePages(t, players...)
	var stopTraces []func(int)
	for _, b := range players { // E2E_TRACE: each page's own trace (the guests' first moves are slow on the mover's page)
		stopTraces = append(stopTraces, tracePage(t, b))
	}
	hostCPU := newCPUMeter(host)
	var meters []*pageMeter
	for _, b := range players {
		meters = append(meters, newPageMeter(b))
	}

	// Table talk reaches everyone, a guest's line said in the game's first moments included
	// (once seen lost: issue 10; the guest now sends it until the host relays it back).
	typeInto(cy, ".chat-input", "Who holds the Orb?")
	cy.Click(".chat-form button")
	for _, b := range players {
		b.WaitText(".chat-lines", "Who holds the Orb?")
	}

	var lat, hostGo []time.Duration
	var slow []slowMove
	var firsts, ends []time.Duration // the first game's first moves; the moves that end a round or the game
	var spans []span                 // each measured move's click → shown everywhere
	stg := &stages{}
	draws0 := map[*Browser]int{}
	for _, b := range players {
		draws0[b] = drawsOf(b)
	}
	seqs := 0 // moves played in the games measured
	shots := map[string]bool{}
	// A three-player game can end within a handful of moves (a Great Old One in the first
	// round), too few to measure; then the host plays again and the new game is measured too,
	// up to 30 moves (a p99 of a handful of moves says little) or three games.
	for game := 1; ; game++ {
		deadline := time.Now().Add(12 * time.Minute)
		over := 0
		lastProgress := time.Now()
		for time.Now().Before(deadline) && over < len(players) {
			over = 0
			progressed := false
			for _, b := range players {
				before := seqOf(b)
				clickAt := float64(time.Now().UnixNano()) / 1e6
				st := playStepThen(t, b, func(st string) {
					switch {
					case st == "click:#continue" && !shots["round-end-"+b.Name]:
						shots["round-end-"+b.Name] = true
						b.Screenshot("round-end")
					case strings.HasPrefix(st, "click:[data-e2e") && !shots["move-"+b.Name]:
						// The first time each player may act: the active player's or a follower's view.
						shots["move-"+b.Name] = true
						b.Screenshot("your-move")
					}
					clickAt = float64(time.Now().UnixNano()) / 1e6 // just before the click
				})
				switch {
				case st == "over":
					over++
				case strings.HasPrefix(st, "click:[data-e2e") && before >= 0:
					// A move: wait until every page shows a later seq and take the slowest.
					if d, ok := moveLatency(b, players, before, clickAt); ok {
						lat = append(lat, d)
						what := pageLags(b, players, before+1)
						slow = append(slow, slowMove{d, fmt.Sprintf("game %d seq %d by %s: %s", game, before+1, b.Name, what)})
						if game == 1 && len(firsts) < 4 {
							firsts = append(firsts, d.Round(time.Millisecond))
						}
						if strings.Contains(what, "reveal") || strings.Contains(what, "over") {
							ends = append(ends, d)
						}
						progressed = true
						if c, err := Eval[float64](b, `window.__click || 0`); err == nil && c > 0 {
							stg.measure(players, b, c, before+1)
							spans = append(spans, span{c, c + float64(d)/float64(time.Millisecond)})
						}
					}
				}
			}
			if !progressed {
				time.Sleep(20 * time.Millisecond)
			} else {
				lastProgress = time.Now()
			}
			if time.Since(lastProgress) > 25*time.Second {
				stuck(t, players)
			}
			checkNoLeak(t, players...)
			if len(lat) == 3 && !shots["table"] {
				shots["table"] = true
				for _, b := range players {
					b.Screenshot("table")
				}
			}
		}
		for _, b := range players {
			b.WaitVisible("#game-over")
			b.Screenshot("game-over")
		}
		checkNoLeak(t, players...)
		// The game's record (JSON, its link's compression, the kept copy) is made after the page
		// has drawn the game's end, never in the task that draws the last move: the panel is not
		// there yet when the end is first shown, and comes after.
		if game == 1 {
			if withEnd, err := Eval[bool](host, `window.__overRecord === true`); err != nil || withEnd {
				t.Errorf("the host's record panel was drawn with the game's last move (%v)", err)
			}
			host.WaitVisible("#record-panel")
		}
		if game == 1 { // window.__seq keeps the first game's stamps: later games' seqs repeat them
			hostGo = goTimeBetween(host, 1, seqOf(host))
		}
		if _, traced := stg.drawnAtOnce(); (len(lat) >= 30 && traced >= 5) || game == 3 {
			break
		}
		t.Logf("game %d measured %d moves (%d traced from a guest's page): playing again", game, len(lat), len(stg.d[stageOrder[7]]))
		seqs += max(0, seqOf(host))
		rematch(host, players)
	}
	seqs += max(0, seqOf(host))
	stopProfiles(seqs)
	for _, stop := range stopTraces {
		stop(seqs)
	}
	hostCPU.log(t, "host page's main thread", seqs)
	for _, m := range meters {
		m.log(t, seqs)
	}
	var perPage []string
	for _, b := range players {
		perPage = append(perPage, fmt.Sprintf("%s %.2f", b.Name, float64(drawsOf(b)-draws0[b])/float64(max(1, seqs))))
	}
	t.Logf("FIGURE drawings of the game screen per move (%d moves): %s", seqs, strings.Join(perPage, ", "))
	// The host's page draws once a move, and a little more for its own moves and the rounds'
	// ends: 1.1 to 1.2 in runs on a loaded machine. It drew 1.7 to 1.9 while a click anywhere
	// on the table made go-app draw the whole screen again, and twice for a func among the
	// screen's fields (TestPagesHandTheSameScreen, TestTableRootTakesNoGoAppEvent).
	if hostDraws := float64(drawsOf(host)-draws0[host]) / float64(max(1, seqs)); seqs >= 20 && hostDraws > 1.5 {
		t.Errorf("the host's page drew its game screen %.1f times per move (at most 1.5 expected)", hostDraws)
	}
	if len(lat) < 5 {
		t.Fatalf("only %d moves measured", len(lat))
	}
	t.Logf("FIGURE move → all 3 browsers' views: n=%d p50=%v p99=%v max=%v (load %s)", len(lat),
		pct(lat, .5).Round(time.Millisecond), pct(lat, .99).Round(time.Millisecond), pct(lat, 1).Round(time.Millisecond), loadAvg())
	logSlowMoves(t, slow, 6)
	// The moves that pay first-use costs (the first showing of each card picture, code run for
	// the first time) and the ones that build the reveal: their own figures, to compare builds.
	t.Logf("FIGURE the first game's first moves: %v; moves ending a round or the game: n=%d p50=%v max=%v",
		firsts, len(ends), pct(ends, .5).Round(time.Millisecond), pct(ends, 1).Round(time.Millisecond))
	logRehearsals(t, players...)
	logGoTime(t, "host page's main thread in Go per move, click → shown everywhere (3 browsers)", goTimeIn(host, spans))
	logSigChecks(t, players...)
	logGoTime(t, "host page's main thread in Go per move, seq to seq (3 browsers, first game)", hostGo)
	// The floor, in the same run: a raw data-channel message between two of these pages (half
	// a round trip), and the move's latency as a multiple of it.
	rtt := rawPing(t, host, bea, 100, 64)
	p50, p99 := pct(rtt, .5)/2, pct(rtt, .99)/2
	t.Logf("FIGURE raw data-channel message (half a round trip): p50=%v p99=%v; move/raw: p50 %.1f×, p99 %.1f×",
		p50.Round(10*time.Microsecond), p99.Round(10*time.Microsecond),
		float64(pct(lat, .5))/float64(max(p50, 1)), float64(pct(lat, .99))/float64(max(p99, 1)))
	// A view is not 64 bytes: every view frame is padded to one size per position (so its size
	// tells a watcher nothing). The same raw ping with a message of a view's size.
	if size := stg.viewBytes(); size > 64 {
		rtt := rawPing(t, host, bea, 100, size)
		t.Logf("FIGURE raw data-channel message of %d B (a view's median size): p50=%v p99=%v", size,
			(pct(rtt, .5) / 2).Round(10*time.Microsecond), (pct(rtt, .99) / 2).Round(10*time.Microsecond))
	}

	stg.log(t, "move → all 3 browsers' views")
	// The guests' screens are drawn as each move arrives, not on go-app's next frame: a page
	// where uiloop.Now stopped working would show no drawing of its own after the Snapshot.
	if drawn, traced := stg.drawnAtOnce(); traced < 5 || drawn*2 < traced {
		t.Fatalf("guest pages drew %d of %d traced moves at once (uiloop.Now)", drawn, traced)
	}

	playAgain(t, host, []*Browser{bea, cy}, link)
}

// playAgain: the host presses Play again after a game; everyone stays at the same table, on the
// same invite link and connections. The guests are told a new game is coming, never rejoin, and
// play on in the new game once the host starts it.
func playAgain(t *testing.T, host *Browser, guests []*Browser, link string) {
	t.Helper()
	players := append([]*Browser{host}, guests...)
	rematchAt := time.Now()
	host.Click("#play-again")
	for _, b := range players {
		b.WaitVisible("#new-game")
	}
	t.Logf("FIGURE play again → every page in the new lobby: %v", time.Since(rematchAt).Round(time.Millisecond))
	host.Screenshot("rematch-lobby")
	guests[0].Screenshot("rematch-lobby")
	if got, _ := Eval[string](host, `document.querySelector('#invite-link').value`); got != link {
		t.Fatalf("the invite link changed: %q, was %q", got, link)
	}
	host.WaitText("#lobby .lobby-seats h2", fmt.Sprintf("%d of 7", len(players)))
	for _, b := range guests {
		// Still on the invite page they came in by (its secret long gone from the address),
		// seated, with no join form and no problem.
		st, _ := Eval[string](b, `(location.hash === '#/join') + ' ' + !!document.querySelector('#join-table') + ' ' + !!document.querySelector('#problem')`)
		if st != "true false false" {
			b.Screenshot("rematch-wrong")
			hash, _ := Eval[string](b, `location.hash`)
			t.Fatalf("%s after play again: on join link, join form, problem = %s (hash %q)", b.Name, st, hash)
		}
	}
	host.Click("#start")
	for _, b := range players {
		b.WaitVisible(".ark")
		if seq := seqOf(b); seq > 20 {
			t.Fatalf("%s shows seq %d: not a new game", b.Name, seq)
		}
		if over, _ := Eval[bool](b, `!!document.querySelector('#game-over')`); over {
			t.Fatalf("%s still shows the old game over", b.Name)
		}
	}
	// Play on until every page has followed a few moves of the new game. A three-player game can
	// end within a handful of moves (a Great Old One in the first round); then the host simply
	// plays again, since the reload below needs a game under way.
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		done, over := true, false
		for _, b := range players {
			if st := playStep(t, b); st == "over" {
				over = true
			}
			done = done && seqOf(b) >= 8
		}
		if over {
			t.Logf("the new game ended within a few moves; playing again")
			rematch(host, players)
			continue
		}
		checkNoLeak(t, players...)
		if done {
			for _, b := range players {
				b.Screenshot("rematch-table")
			}
			reloadHostAfterRematch(t, host, guests)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the new game did not get under way on every page")
}

// rematch: after a game over, the host plays again and starts the new game at once; every
// page (players[0] is the host's) waits for the new lobby, then for the new table.
func rematch(host *Browser, players []*Browser) {
	host.WaitVisible("#play-again")
	host.Click("#play-again")
	for _, b := range players {
		b.WaitVisible("#new-game")
	}
	host.Click("#start")
	for _, b := range players {
		b.WaitVisible(".ark")
	}
}

// reloadHostAfterRematch: the host's saved table is the new game; after a reload it resumes
// there (not in the old game, not in the lobby) and the guests follow it again by themselves.
func reloadHostAfterRematch(t *testing.T, host *Browser, guests []*Browser) {
	t.Helper()
	players := append([]*Browser{host}, guests...)
	at := seqOf(host)
	host.Reload()
	host.WaitApp()
	host.WaitVisible(".ark")
	if s := seqOf(host); s < at {
		t.Fatalf("after reloading, the host shows seq %d of the new game, it was at %d", s, at)
	}
	for end := time.Now().Add(2 * time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		over := 0
		for _, b := range players {
			if playStep(t, b) == "over" {
				over++
			}
		}
		checkNoLeak(t, players...)
		h := seqOf(host)
		same := true
		for _, g := range guests {
			same = same && seqOf(g) == h
		}
		if same && (h >= at+3 || over == len(players)) {
			return
		}
	}
	for _, b := range players {
		b.Screenshot("stuck-after-reload")
	}
	t.Fatal("after the host's reload the guests did not follow the new game")
}

// stuck describes every page (state, buttons, console) when the game stops moving, so a hang
// fails in seconds with what each player saw instead of at the test deadline.
func stuck(t *testing.T, players []*Browser) {
	t.Helper()
	for _, b := range players {
		st, _ := Eval[string](b, `(() => { const a = document.querySelector('.ark'); const p = document.querySelector('#problem');
		  return JSON.stringify({ark: a ? Object.assign({}, a.dataset) : null, btns: [...document.querySelectorAll('.actions button')].map(x => x.textContent),
		  problem: p ? p.textContent : '', status: (document.querySelector('.status, .turn, .prompt') || {}).textContent || '', step: ''}); })()`)
		step, _ := Eval[string](b, stepJS)
		t.Logf("%s: %s step=%s", b.Name, st, step)
		for _, l := range b.Logs() {
			t.Logf("%s console: %s", b.Name, l)
		}
		b.Screenshot("stuck")
	}
	t.Fatal("the game stopped moving")
}

// A slowMove is one measured move's latency and where its time went, for the slowest few.
type slowMove struct {
	d    time.Duration
	what string
}

// pageLags says, for each page, when it showed seq after the mover's click (the mover's own
// stamp of the click, page clock = machine clock).
func pageLags(mover *Browser, players []*Browser, seq int) string {
	c, _ := Eval[float64](mover, `window.__click || 0`)
	var parts []string
	for _, o := range players {
		parts = append(parts, fmt.Sprintf("%s %.0f ms", o.Name, seenAt(o, seq)-c))
	}
	kind, _ := Eval[string](players[0], `(() => { const a = document.querySelector('.ark'); return a ? 'round ' + a.dataset.round + (a.dataset.reveal === 'true' ? ', reveal' : '') + (a.dataset.over === 'true' ? ', over' : '') : ''; })()`)
	return strings.Join(parts, ", ") + " (" + kind + ")"
}

// logSlowMoves logs the n slowest moves, slowest first, with each page's share.
func logSlowMoves(t *testing.T, moves []slowMove, n int) {
	sort.Slice(moves, func(i, j int) bool { return moves[i].d > moves[j].d })
	for _, m := range moves[:min(n, len(moves))] {
		t.Logf("FIGURE slow move %v: %s", m.d.Round(time.Millisecond), m.what)
	}
}
