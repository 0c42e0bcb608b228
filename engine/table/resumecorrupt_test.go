package table

import (
	"encoding/json"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/fair/toy"
)

// midGameSnapshot plays a table until seq reaches at and returns the host's last saved table.
func midGameSnapshot(t testing.TB, rules engine.Rules, at int) []byte {
	t.Helper()
	saved := &memBox{}
	tt := newTable(t, tableOpts{rules: rules, guests: 3, bots: 1, seed: 41, save: saved.save})
	tt.play()
	tt.waitFor("some moves", func() bool { return tt.host.State().Seq >= at })
	tt.close()
	return saved.get()
}

// TestCorruptSnapshotRefused: a host page's saved table that was damaged (a storage fault, an
// edit by hand) is refused by Resume with a malformed error, instead of resuming into a table
// that can only stall: seats missing from a started game, a deal whose roster lost seats, the
// moves and the deals out of step, bytes that are not a table. The honest save resumes.
func TestCorruptSnapshotRefused(t *testing.T) {
	defer checkNoLeak(t)()
	snap := midGameSnapshot(t, toy.Rules{}, 5)
	deal := func(m map[string]any) map[string]any { return m["deals"].([]any)[0].(map[string]any) }
	edits := []struct {
		name string
		edit func(m map[string]any)
	}{
		{"one seat left", func(m map[string]any) { m["seats"] = m["seats"].([]any)[:1] }},
		{"no seats", func(m map[string]any) { m["seats"] = []any{} }},
		{"a seat more", func(m map[string]any) { m["seats"] = append(m["seats"].([]any), map[string]any{"name": "x"}) }},
		{"a seat null", func(m map[string]any) { m["seats"].([]any)[2] = nil }},
		{"a roster short", func(m map[string]any) { deal(m)["roster"] = deal(m)["roster"].([]any)[:1] }},
		{"no roster", func(m map[string]any) { deal(m)["roster"] = []any{} }},
		{"a deal's secret cut", func(m map[string]any) { deal(m)["h"] = "AAAA" }},
		{"no moves", func(m map[string]any) { m["moves"] = []any{} }},
		{"a deal not applied", func(m map[string]any) { deal(m)["applied"] = false }},
		{"more players than the game takes", func(m map[string]any) { m["config"].(map[string]any)["seats"] = 9 }},
		{"another game", func(m map[string]any) { m["game"] = "arkham" }},
		{"another version", func(m map[string]any) { m["v"] = 99 }},
		{"an unknown field", func(m map[string]any) { m["extra"] = 1 }},
	}
	resume := func(b []byte) error {
		h, err := Resume(toy.Rules{}, b, HostConfig{Rand: newRand(3)})
		if err == nil {
			h.Close()
		}
		return err
	}
	if err := resume(snap); err != nil {
		t.Fatalf("the honest save: %v", err)
	}
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal(snap, &m); err != nil {
				t.Fatal(err)
			}
			e.edit(m)
			b, _ := json.Marshal(m)
			if err := resume(b); engine.KindOf(err) != engine.KindMalformed {
				t.Fatalf("resumed with %v, want a malformed table refused", err)
			}
		})
	}
	for _, cut := range []int{0, 1, len(snap) / 2, len(snap) - 1} {
		if err := resume(snap[:cut]); engine.KindOf(err) != engine.KindMalformed {
			t.Fatalf("the save cut at %d bytes: %v", cut, err)
		}
	}
}

// FuzzResume: any bytes as a host page's saved table. Resume refuses them or gives a host that
// answers and closes; it never panics.
func FuzzResume(f *testing.F) {
	snap := midGameSnapshot(f, toy.Rules{}, 3)
	f.Add(snap)
	f.Add([]byte(`{"v":1,"game":"toy","table":"AAAA","started":true,"config":{"seats":2},"seats":[{"name":"a"},{"name":"b"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := Resume(toy.Rules{}, data, HostConfig{Rand: newRand(3)})
		if err != nil {
			if engine.KindOf(err) != engine.KindMalformed && engine.KindOf(err) != engine.KindBadConfig {
				t.Fatalf("refused as %v", err)
			}
			return
		}
		_ = h.State()
		_, _ = h.Snapshot()
		h.Close()
	})
}
