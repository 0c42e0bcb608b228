package session

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// TestCheckBlindConfig: a guest plays the host's blind table only if it is the table the guest
// was shown: a host that changes the roster, the options, the seat count or the table id is
// refused before any key of the guest's is made.
func TestCheckBlindConfig(t *testing.T) {
	keys := make([]ed25519.PublicKey, 3)
	for i := range keys {
		keys[i] = ed25519.NewKeyFromSeed(bytes.Repeat([]byte{byte(i + 1)}, 32)).Public().(ed25519.PublicKey)
	}
	gs := table.GuestState{Seat: 1, Table: "ab12", Lobby: wire.Lobby{
		Seats:   []wire.SeatInfo{{Seat: 0, Key: keys[0]}, {Seat: 1, Key: keys[1]}, {Seat: 2, Bot: true}},
		Options: map[string]string{"event": "orb"},
	}}
	good := func() blindStartMsg {
		people := map[engine.Seat]ed25519.PublicKey{0: keys[0], 1: keys[1]}
		cfg, err := blindtable.NewConfig(blindTableID("ab12", 2), 3, map[string]string{"event": "orb"}, people, 0)
		if err != nil {
			t.Fatal(err)
		}
		return blindStartMsg{Round: 2, Config: cfg}
	}
	if err := checkBlindConfig(good(), gs); err != nil {
		t.Fatalf("the honest table refused: %v", err)
	}
	cases := []struct {
		name   string
		change func(m *blindStartMsg)
		want   string
	}{
		{"another table's id", func(m *blindStartMsg) { m.Config.Table = blindTableID("ffff", 2) }, "id"},
		{"another round than the id's", func(m *blindStartMsg) { m.Round = 3 }, "id"},
		{"a seat more", func(m *blindStartMsg) { m.Config.Game.Seats = 4 }, "seats"},
		{"an option changed", func(m *blindStartMsg) { m.Config.Game.Options = map[string]string{"event": "trapezohedron"} }, "option"},
		{"an option left out", func(m *blindStartMsg) { m.Config.Game.Options = nil }, "option"},
		{"an option added", func(m *blindStartMsg) { m.Config.Game.Options["doom"] = "on" }, "option"},
		{"the host's key at my seat", func(m *blindStartMsg) { m.Config.Identities[1] = keys[0] }, "seat 1"},
		{"a person at a bot's seat", func(m *blindStartMsg) { m.Config.Identities[2] = keys[2] }, "seat 2"},
		{"my seat made a bot", func(m *blindStartMsg) { delete(m.Config.Identities, 1) }, "seat 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := good()
			c.change(&m)
			err := checkBlindConfig(m, gs)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one naming %q", err, c.want)
			}
		})
	}
}

// TestMuxStreams: the table's frames and the blind game's share one link without mixing; an
// oversized blind frame is dropped whole (nothing reaches either stream); the table stream
// keeps the link's channel binding; closing the link ends both streams.
func TestMuxStreams(t *testing.T) {
	a, b := table.Pipe()
	ma, mb := newMux(a), newMux(b)
	if err := ma.table.Send([]byte(`{"v":4}`)); err != nil {
		t.Fatal(err)
	}
	if err := ma.blind.Send([]byte("Cconfig")); err != nil {
		t.Fatal(err)
	}
	if err := a.Send(append([]byte{blindTag}, make([]byte, maxBlindFrame+1)...)); err != nil {
		t.Fatal(err)
	}
	if err := ma.blind.Send([]byte("Fentry")); err != nil {
		t.Fatal(err)
	}
	if f, err := mb.table.Recv(); err != nil || string(f) != `{"v":4}` {
		t.Fatalf("table stream got %q, %v", f, err)
	}
	for _, want := range []string{"Cconfig", "Fentry"} {
		if f, err := mb.blind.Recv(); err != nil || string(f) != want {
			t.Fatalf("blind stream got %q, %v; want %q", f, err, want)
		}
	}
	_ = ma.table.Close()
	if _, err := mb.table.Recv(); !errors.Is(err, errLinkClosed) {
		t.Fatalf("table stream after close: %v", err)
	}
	if _, err := mb.blind.Recv(); !errors.Is(err, errLinkClosed) {
		t.Fatalf("blind stream after close: %v", err)
	}
	if err := mb.blind.Send([]byte("x")); err == nil {
		t.Fatal("sent on a closed link")
	}
	if mb.table.Binding() != nil {
		t.Fatal("a pipe has no binding, the stream invented one")
	}
}
