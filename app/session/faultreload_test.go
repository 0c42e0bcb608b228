//go:build !wasm

package session

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"miskatonic/app/rtc"
	"miskatonic/app/signal"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
	"miskatonic/engine/table/tabletest"
	"miskatonic/engine/wire"
)

// lateLobby is the dishonest host's moment on one guest's link (tabletest.LobbyKey): once
// armed, the next chat line it relays becomes the changed lobby.
func lateLobby(armed *atomic.Bool) func(wire.Message) bool {
	return func(m wire.Message) bool {
		_, chat := m.(*wire.Chat)
		return chat && armed.Load()
	}
}

// TestFaultStaysAfterReload: a joined guest finds the host broke a rule once every deal was
// verified (a lobby giving its seat another key); the page reloads (a new session on the same
// storage, joining the same table over WebRTC, the host now showing the right lobby) and the
// table's verdict is still there, so the red stop stays.
func TestFaultStaysAfterReload(t *testing.T) {
	n := testNet(t)
	rules, _ := games.Lookup("highcard")
	h := tabletest.NewHost(t, rules, table.HostConfig{BotDelay: 5 * time.Millisecond}, "Robo")
	inv, l := listen(t, n)
	var armed, sent atomic.Bool
	go func() {
		for j := range l.Joiners() {
			go func(j *rtc.Joiner) {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				c, err := j.Accept(ctx)
				if err != nil {
					return
				}
				if err := h.AddGuest(&tabletest.LobbyKey{Conn: c, When: lateLobby(&armed), Sent: &sent}); err != nil {
					c.Close()
				}
			}(j)
		}
	}()
	st := &MemStore{}
	link := inv.Guest().Link(n.Origin)
	guest, err := Join(st, JoinConfig{Name: "Dee", Link: link, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(time.Minute); h.Start() != nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the table never started")
		}
	}
	playAll(t, []*Session{guest}, time.Minute)
	waitVerdicts(t, []*Session{guest})
	for _, d := range guest.Snapshot().Deals {
		if d.State != table.DealVerified {
			t.Fatalf("deal %d: %s (%s)", d.Epoch, d.State, d.Problem)
		}
	}
	armed.Store(true)
	if err := guest.Say("good game"); err != nil {
		t.Fatal(err)
	}
	if !waitFor(guest.guest, time.Minute, func(s table.GuestState) bool { return s.Fault != nil }) {
		t.Fatalf("no table verdict (lobby sent: %v)", sent.Load())
	}
	if f := guest.Snapshot().Fault; f.Code != wire.DealKeyChanged {
		t.Fatalf("fault %+v", f)
	}
	// The page reloads: its session ends, a new one joins from what it saved.
	// The verdict's save is on the guest's goroutine: wait for it in storage (a fixed sleep
	// judged the goroutine's speed).
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(5 * time.Millisecond) {
		raw, _ := st.Get(keyMemory)
		var m table.Memory
		if json.Unmarshal([]byte(raw), &m) == nil && m.Fault != nil {
			break
		}
		if time.Now().After(end) { // a guard against a save that never comes, not a timing
			t.Fatalf("the table's verdict was never saved: %q", raw)
		}
	}
	guest.Close()
	again, err := Join(st, JoinConfig{Name: "Dee", Link: link, Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Forget()
	if !waitFor(again.guest, time.Minute, func(s table.GuestState) bool { return s.Connected && s.Started }) {
		t.Fatal("the reloaded page was not welcomed back")
	}
	f := again.Snapshot().Fault
	if f == nil || f.Code != wire.DealKeyChanged {
		t.Fatalf("after the reload the table's verdict is %+v, want %s", f, wire.DealKeyChanged)
	}
}

// listen opens a real WebRTC listener for a new invite through n's relay.
func listen(t *testing.T, n Net) (signal.Invite, *rtc.Host) {
	t.Helper()
	inv, err := signal.NewInvite()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	l, err := rtc.Listen(ctx, n.RelayURL, inv, n.RTC)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return inv, l
}
