//go:build browser

package e2e

import (
	"crypto/rand"
	"slices"
	"sync"
	"testing"
	"time"

	"miskatonic/app/i18n"
	"miskatonic/app/signal"
	"miskatonic/engine/bot"
	"miskatonic/engine/fair"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// lateLobby is a dishonest host's change on its end of the guest's link: the first frame after
// the game's last deal is revealed becomes a lobby with another key at the guest's seat. Every
// deal is verified by then, so what the guest finds is the table's own verdict (table.Fault).
type lateLobby struct {
	table.Conn
	mu       sync.Mutex
	lobby    *wire.Lobby
	seat     int
	revealed bool
	sent     bool
}

// Binding passes the link's channel binding on: the guest's hello is bound to it.
func (c *lateLobby) Binding() []byte {
	if b, ok := c.Conn.(table.Bound); ok {
		return b.Binding()
	}
	return nil
}

func (c *lateLobby) Send(f []byte) error {
	seq, m, err := wire.Decode(f)
	if err != nil {
		return c.Conn.Send(f)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch x := m.(type) {
	case *wire.Lobby:
		c.lobby = x
	case *wire.Welcome:
		c.seat = int(x.Seat)
	case *wire.Reveal:
		c.revealed = true
		return c.Conn.Send(f)
	}
	if c.revealed && !c.sent && c.lobby != nil && c.seat < len(c.lobby.Seats) {
		c.sent = true
		l := *c.lobby
		l.Seats = slices.Clone(l.Seats)
		l.Seats[c.seat].Key = fair.NewIdentity([32]byte{77}).Public()
		if nf, err := wire.Encode(seq, &l); err == nil {
			f = nf
		}
	}
	return c.Conn.Send(f)
}

// TestFaultStopsTheTableAfterReload: a High Card host plays fair until its one deal is
// revealed, then shows the guest a lobby with another key at its seat. The guest's page stops
// the table with the table's own verdict (every deal was verified: no deal carries it), and a
// reload keeps the red stop, its reason and its kind (over the lobby the finished table comes
// back to).
func TestFaultStopsTheTableAfterReload(t *testing.T) {
	srv := StartApp(t)
	rules, _ := games.Lookup("highcard")
	var seed [32]byte
	_, _ = rand.Read(seed[:])
	h, err := table.NewHost(rules, table.HostConfig{Rand: rand.Reader, Signer: fair.NewIdentity(seed), BotDelay: 30 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	fn, err := bot.New("highcard", bot.Levels("highcard")[0], 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.AddBot("Ann", bot.Levels("highcard")[0], fn); err != nil {
		t.Fatal(err)
	}
	inv, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	seatNativeGuests(t, srv.URL, inv, h, func(c table.Conn) table.Conn { return &lateLobby{Conn: c} })
	b := NewBrowser(t, "guest-fault", Laptop)
	joinTable(t, b, inv.Guest().Link(srv.URL), "Dee")
	for end := time.Now().Add(30 * time.Second); h.Start() != nil; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the table never started")
		}
	}
	playUntilStopped(t, b, 4*time.Minute, "fault-no-verdict", func() { hcStep(t, b) })
	check := func(when string) {
		t.Helper()
		checkStop(t, b, when, wire.DealKeyChanged, i18n.In(i18n.English, "frame.stop_title"), i18n.Why(i18n.English, wire.DealKeyChanged, nil, ""))
		// The table is stopped; a page reloaded after the game's end comes back to the lobby,
		// with the red stop above it and no table to play on.
		if stopped, _ := Eval[string](b, `(document.querySelector('#frame') || {dataset: {stopped: 'no table'}}).dataset.stopped`); stopped != "yes" && stopped != "no table" {
			t.Errorf("%s: the table is not stopped: %q", when, stopped)
		}
	}
	time.Sleep(300 * time.Millisecond)
	b.Screenshot("fault-stopped")
	check("at once")
	reloadKeepsStop(t, b, "fault-reloaded-no-stop")
	check("after a reload")
	b.Screenshot("fault-stopped-reloaded")
}
