//go:build browser

package e2e

import (
	"testing"
	"time"
)

// threeAtTable opens an Arkham table with open dealing at url and seats three players, each in
// a Chromium of its own, as the three-browser figures have them: Ann hosting on a laptop, Bea
// on a phone, Cy on a laptop. Their browsers are named prefix + host, bea-phone, cy.
func threeAtTable(t *testing.T, url, prefix string) (host *Browser, players []*Browser) {
	t.Helper()
	host = NewBrowser(t, prefix+"host", Laptop)
	bea, cy := NewBrowser(t, prefix+"bea-phone", Phone), NewBrowser(t, prefix+"cy", Laptop)
	link := hostTable(t, host, url, "Ann")
	joinTable(t, bea, link, "Bea")
	joinTable(t, cy, link, "Cy")
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	return host, []*Browser{host, bea, cy}
}

// watchGame starts watchJS on b for a game just started, its seqs' stamps forgotten: each game's
// seqs start again from the first.
func watchGame(t *testing.T, b *Browser) {
	t.Helper()
	watch(t, b)
	if _, err := Eval[bool](b, `(window.__seq = {}, true)`); err != nil {
		t.Fatal(err)
	}
}

// playOut plays the game under way on players' pages (each watched: watchGame) to its end by clicking (timedStep), and
// calls moved with each move's latency (move → every page shows it) and tick, if not nil,
// before each round of steps. It fails the test when the game stops moving for 25 s (with what
// each page shows), lasts over 8 minutes, or a page shows its own card before the reveal.
func playOut(t *testing.T, players []*Browser, what string, tick func(), moved func(time.Duration)) {
	t.Helper()
	deadline, lastProgress := time.Now().Add(8*time.Minute), time.Now()
	for over := 0; over < len(players); {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not end in 8 minutes", what)
		}
		if tick != nil {
			tick()
		}
		over = 0
		progressed := false
		for _, b := range players {
			switch st, d := timedStep(t, b, players); {
			case st == "over":
				over++
			case d > 0:
				if moved != nil {
					moved(d)
				}
				progressed = true
			}
		}
		if progressed {
			lastProgress = time.Now()
		} else {
			time.Sleep(20 * time.Millisecond)
		}
		if time.Since(lastProgress) > 25*time.Second {
			stuck(t, players)
		}
		checkNoLeak(t, players...)
	}
}
