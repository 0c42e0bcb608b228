//go:build browser

package e2e

import (
	"testing"
	"time"
)

// playUntil plays every page's moves until cond holds (or fails the test after limit).
func playUntil(t *testing.T, limit time.Duration, players []*Browser, cond func() bool) {
	t.Helper()
	playOn(t, limit, players, false, cond)
}

// playOn is playUntil that, with again, has the host play again when a game ends before cond
// holds: a short game must not end the test before its reload points.
func playOn(t *testing.T, limit time.Duration, players []*Browser, again bool, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			for _, b := range players {
				b.Screenshot("stuck")
			}
			t.Fatal("play did not reach the expected point in time")
		}
		for _, b := range players {
			playStep(t, b)
		}
		checkNoLeak(t, players...)
		if host := players[0]; again {
			if over, _ := Eval[bool](host, `!!document.querySelector('#play-again')`); over {
				host.Click("#play-again")
				host.WaitVisible("#new-game")
				host.Click("#start")
				for _, b := range players {
					b.WaitVisible(".ark")
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// moves counts the moves a page has shown since it was first asked, across games (a new game
// starts again from seq 0).
type moves struct{ last, n int }

func (m *moves) of(b *Browser) int {
	if s := seqOf(b); s >= 0 {
		if s > m.last {
			m.n += s - m.last
		}
		m.last = s
	}
	return m.n
}

// midRound is true when b shows a round in play (not a reveal, not game over).
func midRound(b *Browser) bool {
	ok, _ := Eval[bool](b, `(() => { const a = document.querySelector('.ark');
	  return !!a && a.dataset.reveal === 'false' && a.dataset.over === 'false'; })()`)
	return ok
}

// TestArkhamReloads: a guest reloads mid-round and is put back in its seat; then the host
// reloads mid-round, its table resumes from browser storage and both guests reconnect by
// themselves; the game then plays on to its end.
func TestArkhamReloads(t *testing.T) {
	srv := StartApp(t)
	host := NewBrowser(t, "host", Laptop)
	bea := NewBrowser(t, "bea", Laptop)
	cy := NewBrowser(t, "cy", Phone)
	players := []*Browser{host, bea, cy}

	link := hostTable(t, host, srv.URL, "Ann")
	joinTable(t, bea, link, "Bea")
	joinTable(t, cy, link, "Cy")
	host.WaitText("#lobby .lobby-seats h2", "3 of 7")
	host.Click("#start")
	for _, b := range players {
		b.WaitVisible(".ark")
		watch(t, b)
	}
	seatOf := func(b *Browser) string { return b.Text(".me .seat.you .seat-name") }
	beaSeat := seatOf(bea)

	// A guest reloads mid-round.
	var seen moves
	playOn(t, 3*time.Minute, players, true, func() bool { return seen.of(host) >= 6 && midRound(host) })
	at, mark := seqOf(host), seen.of(host)
	bea.Reload()
	bea.WaitApp()
	bea.WaitVisible(".ark")
	watch(t, bea)
	if got := seatOf(bea); got != beaSeat {
		t.Fatalf("after reload bea sits as %q, was %q", got, beaSeat)
	}
	if s := seqOf(bea); s < at {
		t.Fatalf("after reload bea shows seq %d, the table was at %d", s, at)
	}
	bea.Screenshot("after-guest-reload")
	playOn(t, 3*time.Minute, players, true, func() bool { return seen.of(host) >= mark+6 && midRound(host) })

	// The host reloads mid-round.
	at = seqOf(host)
	host.Reload()
	host.WaitApp()
	host.WaitVisible(".ark")
	watch(t, host)
	if s := seqOf(host); s < at {
		t.Fatalf("after reload the host shows seq %d, the table was at %d", s, at)
	}
	host.Screenshot("after-host-reload")
	// Both guests find the resumed host by themselves and follow its moves again.
	mark = seen.of(host)
	playOn(t, 3*time.Minute, players, true, func() bool {
		h := seqOf(host)
		return seen.of(host) >= mark+4 && seqOf(bea) == h && seqOf(cy) == h
	})
	cy.Screenshot("after-host-reload")

	playUntil(t, 8*time.Minute, players, func() bool {
		for _, b := range players {
			if ok, _ := Eval[bool](b, `!!document.querySelector('#game-over')`); !ok {
				return false
			}
		}
		return true
	})
	checkNoLeak(t, players...)
}
