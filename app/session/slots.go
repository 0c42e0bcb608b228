package session

// Saved tables: one per game and kind (issue 24, "one saved solo game blocks the others"). A
// solo Arkham game and a solo Ring of Shadows game are kept side by side, each resumed by its
// own game's page, and each may be abandoned alone.

import (
	"encoding/json"
	"fmt"

	"miskatonic/engine/games"
)

// slot is where the table of kind for game is saved. Solo and hosted tables have their own
// slots, and so has every game, so starting one never replaces another's save.
func slot(kind Kind, game string) string {
	if kind == Solo {
		return keySolo + "." + game
	}
	return keyHost + "." + game
}

// SavedTable names a table saved in this browser.
type SavedTable struct {
	Kind Kind
	Game string
}

// SavedTables lists the tables saved in this browser, solo and hosted, in the registry's
// order of games. A save that no longer reads is dropped (and so not listed).
func SavedTables(st Store) []SavedTable {
	var out []SavedTable
	for _, kind := range []Kind{Host, Solo} {
		for _, r := range games.All() {
			if HasSaved(st, kind, r.Name()) {
				out = append(out, SavedTable{Kind: kind, Game: r.Name()})
			}
		}
	}
	return out
}

// Saved reports whether storage holds a saved table of kind for game, or why the one it held
// was dropped (a ProblemSavedBroken error), so the page can say so.
func Saved(st Store, kind Kind, game string) (bool, error) {
	_, ok, err := loadSaved(st, kind, game)
	return ok, err
}

// HasSaved reports whether storage holds a saved table of kind (Solo or Host) for game.
func HasSaved(st Store, kind Kind, game string) bool {
	_, ok, _ := loadSaved(st, kind, game)
	return ok
}

// Abandon deletes the saved table of kind for game, and only it; if it is this page's
// session, it ends (a hosted table's guests are told the host closed it).
func Abandon(st Store, kind Kind, game string) {
	if cur := Current(); cur != nil && cur.kind == kind && cur.Game() == game {
		cur.Forget()
	}
	st.Del(slot(kind, game))
}

// loadSaved reads the saved table of kind for game from its slot. A save that does not read,
// or that is not what its slot says, is dropped with a ProblemSavedBroken error: other slots
// are left as they are.
func loadSaved(st Store, kind Kind, game string) (saved, bool, error) {
	if err := migrateLegacy(st); err != nil {
		return saved{}, false, err
	}
	key := slot(kind, game)
	raw, ok := st.Get(key)
	if !ok {
		return saved{}, false, nil
	}
	var meta saved
	err := json.Unmarshal([]byte(raw), &meta)
	if err == nil && (meta.Kind != kind || meta.Game != game) {
		err = fmt.Errorf("a %s table of %q in the %s slot of %q", meta.Kind, meta.Game, kind, game)
	}
	if err != nil {
		st.Del(key)
		return meta, false, problemf(ProblemSavedBroken, "saved %s table of %q unreadable: %w", kind, game, err)
	}
	return meta, true, nil
}

// migrateLegacy moves the tables older versions saved under one key per kind (keyHost held a
// solo game too before solo tables had their own) to the slot of their game. A newer save of
// the same game already in its slot wins. An old save that does not read cannot say whose
// game it was: it is dropped, once, with a ProblemSavedBroken error; no other save is touched.
func migrateLegacy(st Store) error {
	for _, old := range []string{keyHost, keySolo} {
		raw, ok := st.Get(old)
		if !ok {
			continue
		}
		var meta saved
		err := json.Unmarshal([]byte(raw), &meta)
		if err == nil && (meta.Kind != Solo && meta.Kind != Host || meta.Game == "") {
			err = fmt.Errorf("kind %q, game %q", meta.Kind, meta.Game)
		}
		if err != nil {
			st.Del(old)
			return problemf(ProblemSavedBroken, "old saved table unreadable: %w", err)
		}
		to := slot(meta.Kind, meta.Game)
		if _, taken := st.Get(to); !taken && st.Set(to, raw) != nil {
			continue // keep it where it is rather than lose it
		}
		st.Del(old)
	}
	return nil
}
