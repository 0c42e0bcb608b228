//go:build !wasm

package session

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
	"time"

	"miskatonic/engine/table"
)

// startSaved starts a solo table of game, plays a few moves and closes it once it is saved, as
// a page that goes back home would. It returns where the table stood.
func startSaved(t *testing.T, st Store, cfg SoloConfig) table.GuestState {
	t.Helper()
	s, err := StartSolo(st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	mid := playUntil(t, s, 30*time.Second, func(g table.GuestState) bool { return g.Seq >= 6 || g.Status.Over })
	savedCaughtUp(t, s)
	s.Close()
	return mid
}

// resumeGame resumes the solo table of game and checks it is that game's, at its own table.
func resumeGame(t *testing.T, st Store, game string, was table.GuestState) {
	t.Helper()
	r, meta, err := ResumeHost(st, Solo, game)
	if err != nil || r == nil {
		t.Fatalf("resume %s: %v", game, err)
	}
	defer r.Close()
	if meta.Game != game || r.Game() != game {
		t.Fatalf("resuming %s brought back %s (session %s)", game, meta.Game, r.Game())
	}
	back := playUntil(t, r, 10*time.Second, func(g table.GuestState) bool { return g.HasView })
	if back.Game != game || back.Table != was.Table || back.Seq < was.Seq {
		t.Fatalf("%s resumed game %s table %s seq %d; was table %s seq %d", game, back.Game, back.Table, back.Seq, was.Table, was.Seq)
	}
}

// Issue 24: after a solo Arkham game, Ring of Shadows' "Play against bots" opened the Arkham
// table. Now both are saved at once, each game resumes its own table, and abandoning one
// leaves the other.
func TestSavedTablePerGame(t *testing.T) {
	st := &MemStore{}
	ark := startSaved(t, st, SoloConfig{Name: "Ann", Game: "arkham", Players: 4, Level: "random"})
	if HasSaved(st, Solo, "shadows") {
		t.Fatal("an Arkham save is offered for Ring of Shadows")
	}
	if r, _, err := ResumeHost(st, Solo, "shadows"); r != nil || err != nil {
		t.Fatalf("Ring of Shadows resumed %v (%v) with only Arkham saved", r != nil, err)
	}
	sha := startSaved(t, st, SoloConfig{Name: "Ann", Game: "shadows", Players: 2, Hands: 2, Level: "heuristic"})
	if !HasSaved(st, Solo, "arkham") {
		t.Fatal("starting Ring of Shadows dropped the Arkham save")
	}
	want := []SavedTable{{Solo, "arkham"}, {Solo, "shadows"}}
	if got := SavedTables(st); !slices.Equal(got, want) {
		t.Fatalf("saved tables %v, want %v", got, want)
	}
	// Each game brings back its own table, in either order, twice.
	for range 2 {
		resumeGame(t, st, "shadows", sha)
		resumeGame(t, st, "arkham", ark)
	}

	// Abandoning Ring of Shadows while it is this page's table ends it and keeps Arkham.
	r, _, err := ResumeHost(st, Solo, "shadows")
	if err != nil {
		t.Fatal(err)
	}
	SetCurrent(r)
	Abandon(st, Solo, "shadows")
	if Current() != nil {
		t.Fatal("the abandoned table is still this page's")
	}
	time.Sleep(50 * time.Millisecond) // a saver still running would write it back now
	if HasSaved(st, Solo, "shadows") {
		t.Fatal("the abandoned table is still saved")
	}
	if got := SavedTables(st); !slices.Equal(got, []SavedTable{{Solo, "arkham"}}) {
		t.Fatalf("after abandoning Ring of Shadows: %v", got)
	}
	resumeGame(t, st, "arkham", ark)
	// Abandoning a game with nothing saved touches nothing.
	Abandon(st, Solo, "rituals")
	Abandon(st, Host, "arkham")
	if !HasSaved(st, Solo, "arkham") {
		t.Fatal("abandoning other tables dropped the Arkham solo save")
	}
}

// A table saved by the version before per-game slots (one key per kind; the browser storage
// it left, identity included, is testdata/legacy_solo_shadows.json) moves to its game's slot
// on first read and resumes there; it is never offered to another game.
func TestLegacySaveMigrates(t *testing.T) {
	b, err := os.ReadFile("testdata/legacy_solo_shadows.json")
	if err != nil {
		t.Fatal(err)
	}
	var storage map[string]string
	if err := json.Unmarshal(b, &storage); err != nil {
		t.Fatal(err)
	}
	st := &MemStore{}
	for k, v := range storage {
		st.Set(k, v)
	}
	old := storage[keySolo]
	if HasSaved(st, Solo, "arkham") {
		t.Fatal("the old Ring of Shadows save was offered to Arkham")
	}
	if _, ok := st.Get(keySolo); ok {
		t.Fatal("the old key is still there after the first read")
	}
	if got, _ := st.Get(slot(Solo, "shadows")); got != old {
		t.Fatal("the old save did not move to the Ring of Shadows slot unchanged")
	}
	r, meta, err := ResumeHost(st, Solo, "shadows")
	if err != nil || r == nil {
		t.Fatalf("resume the migrated save: %v", err)
	}
	defer r.Close()
	if meta.Game != "shadows" || meta.Hands != 2 || r.Hands() != 2 {
		t.Fatalf("migrated save: game %s, hands %d/%d", meta.Game, meta.Hands, r.Hands())
	}
	back := playUntil(t, r, 10*time.Second, func(g table.GuestState) bool { return g.HasView })
	if back.Game != "shadows" || back.Seq < 8 {
		t.Fatalf("migrated save resumed %s at seq %d", back.Game, back.Seq)
	}
}

// An old save whose game already has a newer save in its slot does not replace it.
func TestLegacySaveYieldsToNewer(t *testing.T) {
	st := &MemStore{}
	newer := `{"kind":"solo","game":"arkham","name":"New","botDelay":0,"snapshot":{}}`
	st.Set(slot(Solo, "arkham"), newer)
	st.Set(keySolo, `{"kind":"solo","game":"arkham","name":"Old","botDelay":0,"snapshot":{}}`)
	st.Set(keyHost, `{"kind":"host","game":"rituals","name":"Old","botDelay":0,"snapshot":{}}`)
	if !HasSaved(st, Solo, "arkham") {
		t.Fatal("no Arkham save")
	}
	if got, _ := st.Get(slot(Solo, "arkham")); got != newer {
		t.Fatalf("the old save replaced the newer one: %s", got)
	}
	for _, k := range []string{keySolo, keyHost} {
		if _, ok := st.Get(k); ok {
			t.Errorf("old key %s left", k)
		}
	}
	if !HasSaved(st, Host, "rituals") {
		t.Fatal("the old hosted table did not move to its game's slot")
	}
}

// A save that does not read gives a clear error (ProblemSavedBroken) and loses nothing else:
// the other games' saves stay and resume.
func TestCorruptSaveLosesNothingElse(t *testing.T) {
	st := &MemStore{}
	ark := startSaved(t, st, SoloConfig{Name: "Ann", Game: "arkham", Players: 4, Level: "random"})
	good := `{"kind":"host","game":"rituals","name":"Ann","botDelay":0,"snapshot":{}}`
	st.Set(slot(Host, "rituals"), good)
	cases := []struct {
		name, key, blob string
		kind            Kind
		game            string
	}{
		{"not JSON", slot(Solo, "shadows"), `{{{`, Solo, "shadows"},
		{"not a table", slot(Solo, "shadows"), `{"kind":"solo","game":"shadows","snapshot":"not a table"}`, Solo, "shadows"},
		{"another game's table", slot(Solo, "shadows"), `{"kind":"solo","game":"arkham","snapshot":{}}`, Solo, "shadows"},
		{"a hosted table in a solo slot", slot(Solo, "shadows"), `{"kind":"host","game":"shadows","snapshot":{}}`, Solo, "shadows"},
		{"old key not JSON", keySolo, `not json`, Solo, "shadows"},
		{"old key of no game", keyHost, `{"kind":"host","snapshot":{}}`, Host, "shadows"},
		{"old key of no kind", keySolo, `{"game":"arkham","snapshot":{}}`, Solo, "shadows"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st.Set(c.key, c.blob)
			r, _, err := ResumeHost(st, c.kind, c.game)
			if r != nil {
				r.Close()
				t.Fatal("a broken save resumed")
			}
			if ProblemOf(err) != ProblemSavedBroken {
				t.Fatalf("problem %q (%v), want %s", ProblemOf(err), err, ProblemSavedBroken)
			}
			if _, ok := st.Get(c.key); ok {
				t.Fatal("the broken save is kept, to fail again on every visit")
			}
			if got, _ := st.Get(slot(Host, "rituals")); got != good {
				t.Fatalf("the hosted Rituals save changed: %q", got)
			}
			if got := SavedTables(st); !slices.Equal(got, []SavedTable{{Host, "rituals"}, {Solo, "arkham"}}) {
				t.Fatalf("saved tables now %v", got)
			}
		})
	}
	resumeGame(t, st, "arkham", ark)
}
