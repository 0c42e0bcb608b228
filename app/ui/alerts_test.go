package ui

import (
	"strings"
	"testing"

	"miskatonic/app/session"
	"miskatonic/engine"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

func snapOf(tableID string, seat engine.Seat, legal int, over bool, winners []engine.Seat, chat ...wire.Chat) session.Snapshot {
	st := table.GuestState{Seat: seat, Table: tableID, Started: true, HasView: true, Chat: chat,
		Lobby: wire.Lobby{Seats: []wire.SeatInfo{{Seat: 0, Name: "Ann"}, {Seat: 1, Name: "Bea"}, {Seat: 2, Name: "Cy", Bot: true}}}}
	st.Legal = make([]engine.Move, legal)
	st.Status.Over = over
	if over {
		st.Status.Result = &engine.Outcome{Winners: winners}
	}
	return session.Snapshot{GuestState: st}
}

// The title says "your move" exactly while the viewer has moves, and the alert rings once when
// the turn comes, not again for a second move of the same turn.
func TestAlertTitleFollowsTurn(t *testing.T) {
	var a alerts
	if a.update("Arkham Ritual", snapOf("g1", 1, 0, false, nil)) || strings.Contains(a.title(), "●") {
		t.Fatalf("not our move: %q", a.title())
	}
	if !a.update("Arkham Ritual", snapOf("g1", 1, 2, false, nil)) || a.title() != "● Your move — Arkham Ritual" {
		t.Fatalf("our move: %q", a.title())
	}
	if a.update("Arkham Ritual", snapOf("g1", 1, 3, false, nil)) {
		t.Error("rang twice in one turn")
	}
	if a.update("Arkham Ritual", snapOf("g1", 1, 2, true, nil)); strings.Contains(a.title(), "●") {
		t.Errorf("game over still says your move: %q", a.title())
	}
}

// Lines from others are unread until seen; the viewer's own lines never are.
func TestAlertUnreadTalk(t *testing.T) {
	var a alerts
	a.update("Arkham Ritual", snapOf("g1", 1, 0, false, nil, wire.Chat{From: 1, Name: "Bea", Text: "hi"}))
	if a.unread() != 0 {
		t.Fatalf("own line unread: %d", a.unread())
	}
	a.update("Arkham Ritual", snapOf("g1", 1, 0, false, nil, wire.Chat{From: 1, Name: "Bea", Text: "hi"}, wire.Chat{Name: "Ann", Text: "yo"}))
	if a.unread() != 1 || !strings.HasPrefix(a.title(), "(1) ") {
		t.Fatalf("unread %d, title %q", a.unread(), a.title())
	}
	a.seen()
	if a.unread() != 0 {
		t.Fatal("seen talk still unread")
	}
}

// The running score counts each finished game once, across rematches.
func TestRunningScore(t *testing.T) {
	var s tally
	s.note(snapOf("g1", 0, 0, false, nil))
	if s.scores() != nil {
		t.Fatal("a score before any game ended")
	}
	s.note(snapOf("g1", 0, 0, true, []engine.Seat{1, 2}))
	s.note(snapOf("g1", 0, 0, true, []engine.Seat{1, 2})) // the same end seen twice
	s.note(snapOf("g2", 0, 0, true, []engine.Seat{0, 1}))
	got := s.scores()
	if len(got) != 3 || got[0].Name != "Bea" || got[0].Wins != 2 || got[0].Games != 2 || got[1].Wins != 1 {
		t.Fatalf("scores %+v", got)
	}
}
