package session

import (
	"testing"
	"time"
)

// TestScoreSurvivesHostReload: the running score given to a hosted (here solo) table is saved
// with it and comes back when the page reloads and resumes the table; a new table starts blank.
func TestScoreSurvivesHostReload(t *testing.T) {
	st := &MemStore{}
	s, err := StartSolo(st, SoloConfig{Game: "arkham", Name: "Ann", Players: 5, Level: "random", BotDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	s.SetScore([]byte(`{"games":2}`))
	deadline := time.Now().Add(time.Minute)
	for {
		meta, ok, _ := loadSaved(st, Solo, "arkham")
		if ok && string(meta.Score) == `{"games":2}` {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("score never saved with the table")
		}
		time.Sleep(5 * time.Millisecond)
	}
	s.Close()
	back, _, err := ResumeHost(st, Solo, "arkham")
	if err != nil || back == nil {
		t.Fatalf("resume: %v", err)
	}
	defer back.Close()
	if got := string(back.Score()); got != `{"games":2}` {
		t.Fatalf("score after reload %q", got)
	}
	fresh, err := StartSolo(&MemStore{}, SoloConfig{Game: "arkham", Name: "Bea", Players: 5, Level: "random", BotDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	if fresh.Score() != nil {
		t.Fatal("a new table starts with a score")
	}
}

func TestGuestScoreKeptByLink(t *testing.T) {
	st := &MemStore{}
	s := &Session{store: st, joinRoom: "room.secret"}
	s.SetScore([]byte(`{"games":1}`))
	again := &Session{store: st, joinRoom: "room.secret"}
	if got := string(again.Score()); got != `{"games":1}` {
		t.Fatalf("guest score after reload %q", got)
	}
	other := &Session{store: st, joinRoom: "elsewhere.x"}
	if other.Score() != nil {
		t.Fatal("another table's guest inherits the score")
	}
}
