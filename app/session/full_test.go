//go:build !wasm

package session

import (
	"errors"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/games"
	"miskatonic/engine/table"
)

// TestJoinFullTable: every seat of the lobby is taken (the host and bots), so a friend who
// opens the link is told the table is full (fatal: the join page offers no retry) and the
// lobby is unchanged. Then the host frees a seat and the same friend is seated.
func TestJoinFullTable(t *testing.T) {
	n := testNet(t)
	host, err := StartHost(&MemStore{}, HostConfig{Name: "Ann", Game: "arkham", Net: n})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	rules, _ := games.Lookup("arkham")
	_, most := rules.Seats()
	for i := 1; i < most; i++ {
		if err := host.AddBot("easy"); err != nil {
			t.Fatalf("bot %d: %v", i, err)
		}
	}
	if !waitFor(host.guest, time.Minute, func(g table.GuestState) bool { return len(g.Lobby.Seats) == most }) {
		t.Fatalf("the lobby never filled its %d seats", most)
	}
	_, err = Join(&MemStore{}, JoinConfig{Name: "Dan", Link: host.Snapshot().Invite, Net: n})
	var je *JoinError
	if !errors.As(err, &je) || je.Problem != ProblemFull {
		t.Fatalf("joining a full table: %v, want %s", err, ProblemFull)
	}
	if got := len(host.Snapshot().Lobby.Seats); got != most {
		t.Fatalf("a refused join changed the lobby: %d seats", got)
	}
	if err := host.Remove(engine.Seat(most - 1)); err != nil {
		t.Fatal(err)
	}
	dan, err := Join(&MemStore{}, JoinConfig{Name: "Dan", Link: host.Snapshot().Invite, Net: n})
	if err != nil {
		t.Fatalf("a seat was freed but Dan could not join: %v", err)
	}
	defer dan.Forget()
	if dan.Snapshot().Seat < 0 {
		t.Fatal("Dan joined a freed seat but sits nowhere")
	}
}
