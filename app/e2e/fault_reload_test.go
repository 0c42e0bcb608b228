//go:build browser

package e2e

import (
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/app/i18n"
	"miskatonic/app/signal"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
	"miskatonic/engine/table/tabletest"
	"miskatonic/engine/wire"
)

// lateLobby is a dishonest host's moment on the guest's link (tabletest.LobbyKey): the first
// frame after the game's last deal is revealed becomes the changed lobby. Every deal is verified
// by then, so what the guest finds is the table's own verdict (table.Fault). Each link keeps
// its own moment.
func lateLobby() func(wire.Message) bool {
	revealed := false // asked under the link's lock
	return func(m wire.Message) bool {
		if _, ok := m.(*wire.Reveal); ok {
			revealed = true
			return false
		}
		return revealed
	}
}

// TestFaultStopsTheTableAfterReload: a High Card host plays fair until its one deal is
// revealed, then shows the guest a lobby with another key at its seat. The guest's page stops
// the table with the table's own verdict (every deal was verified: no deal carries it), and a
// reload keeps the red stop, its reason and its kind (over the lobby the finished table comes
// back to).
func TestFaultStopsTheTableAfterReload(t *testing.T) {
	srv := StartApp(t)
	rules, _ := games.Lookup("highcard")
	h := tabletest.NewHost(t, rules, table.HostConfig{BotDelay: 30 * time.Millisecond}, "Ann")
	inv, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	seatNativeGuests(t, srv.URL, inv, h, func(c table.Conn) table.Conn {
		return &tabletest.LobbyKey{Conn: c, When: lateLobby(), Sent: new(atomic.Bool)}
	})
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
