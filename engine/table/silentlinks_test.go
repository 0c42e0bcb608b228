package table

import "testing"

// TestSilentLinksDoNotLockOut (issue 23, medium): links that open and never say hello fill
// the host's MaxLinks; a player whose link dropped must still get back in. The attacker's
// change: it opens links to the host and says nothing on them.
func TestSilentLinksDoNotLockOut(t *testing.T) {
	defer checkNoLeak(t)()
	tt := newTable(t, tableOpts{guests: 2, seed: 23})
	defer tt.close()
	g := tt.guests[1]
	tt.conns[1].Close() // the player's link drops
	tt.waitFor("seat 1 shown away", func() bool {
		for _, s := range tt.host.State().Seats {
			if s.Seat == 1 {
				return !s.Connected
			}
		}
		return false
	})
	var silent []Conn
	defer func() {
		for _, c := range silent {
			c.Close()
		}
	}()
	links := func() (n int) { tt.host.do(func() { n = len(tt.host.peers) }); return n }
	for links() < tt.host.cfg.MaxLinks { // the attacker takes every free link
		a, b := Pipe()
		silent = append(silent, b)
		if err := tt.host.AddGuest(a); err != nil {
			t.Fatal(err)
		}
	}
	a, b := Pipe()
	if err := tt.host.AddGuest(a); err != nil {
		t.Fatalf("the dropped player's new link was turned away: %v", err)
	}
	g.Reconnect(b)
	tt.waitFor("the player seated again", func() bool { st := g.State(); return st.Connected && st.Seat == 1 })
	if n := links(); n > tt.host.cfg.MaxLinks {
		t.Fatalf("%d links open, the cap is %d", n, tt.host.cfg.MaxLinks)
	}
}
