//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestArkhamPlayAgainLoop: a host and two guests play a game to its end and press Play again,
// over and over on the same links. Every time, the new game must start on every page and get
// under way there (issue 26: once in six runs of the three-browser test it did not, on both
// guests). A page that stops following is described (state, buttons, console) and fails.
func TestArkhamPlayAgainLoop(t *testing.T) {
	const games = 6
	srv := StartApp(t)
	host := NewBrowser(t, "host", Laptop)
	bea := NewBrowser(t, "bea-phone", Phone)
	cy := NewBrowser(t, "cy", Laptop)
	players := []*Browser{host, bea, cy}
	for _, b := range players {
		traceChannels(b) // as the three-browser test, where the bug was seen
	}

	link := hostTable(t, host, srv.URL, "Ann")
	for _, g := range []struct {
		b    *Browser
		name string
	}{{bea, "Bea"}, {cy, "Cy"}} {
		joinTable(t, g.b, link, g.name)
	}
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	host.Click("#start")
	for game := 1; ; game++ {
		waitAll(t, players, ".ark", fmt.Sprintf("game %d: the table", game))
		for _, b := range players {
			if seq := seqOf(b); seq > 20 {
				t.Fatalf("game %d: %s shows seq %d: not a new game", game, b.Name, seq)
			}
		}
		started := time.Now()
		moves := 0
		lastProgress := time.Now()
		for over := 0; over < len(players); {
			over = 0
			progressed := false
			for _, b := range players {
				before := seqOf(b)
				switch st := playStep(t, b); st {
				case "over":
					over++
				case "wait":
				default:
					if seqOf(b) != before {
						progressed = true
					}
					moves++
				}
			}
			checkNoLeak(t, players...)
			if progressed {
				lastProgress = time.Now()
			}
			if time.Since(lastProgress) > 25*time.Second {
				t.Logf("game %d stopped after %d clicks", game, moves)
				stuck(t, players)
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Logf("game %d over after %d clicks, %v", game, moves, time.Since(started).Round(time.Millisecond))
		if game == games {
			// "call to released function" (pion's DataChannel.Close releases onclose before the
			// browser fires close) comes from the invite page's peek link, closed at the join:
			// it is in every guest's console, passing runs included.
			for _, b := range players {
				for _, l := range b.Logs() {
					if strings.Contains(l, "released function") {
						t.Logf("%s console: %s", b.Name, l)
					}
				}
			}
			return
		}
		host.WaitVisible("#play-again")
		host.Click("#play-again")
		waitAll(t, players, "#new-game", fmt.Sprintf("play again %d: the new lobby", game))
		host.Click("#start")
	}
}

// waitAll waits until css is shown on every page; one that does not show it within 30 s is
// described (stuck) and fails the test.
func waitAll(t *testing.T, players []*Browser, css, what string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.offsetParent !== null; })()`, css)
	end := time.Now().Add(30 * time.Second)
	for _, b := range players {
		for {
			if ok, _ := Eval[bool](b, js); ok {
				break
			}
			if time.Now().After(end) {
				t.Logf("%s: %s never showed %s", what, b.Name, css)
				stuck(t, players)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}
