package table

// The fuzzing host's oracle, its view check (fuzzhost_oracle_test.go is the rest): a view a
// guest accepted against the one the rules give its seat, with the first difference named.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// sameView compares what the host showed seat at v.Seq with the replayed game, as the guest's
// own audit does: the view, the legal moves and the status.
func sameView(game engine.Game, seat engine.Seat, v *wire.View) string {
	want, err := json.Marshal(game.View(seat))
	if err != nil {
		return err.Error()
	}
	// Compared as values: a key order the game's encoder would not write shows the same.
	var got, exp any
	if json.Unmarshal(v.View, &got) != nil || json.Unmarshal(want, &exp) != nil || !reflect.DeepEqual(got, exp) {
		return "view: " + jsonDiff(v.View, want)
	}
	legal := game.Legal(seat)
	if legal == nil {
		legal = []engine.Move{}
	}
	shown := v.Legal
	if shown == nil {
		shown = []engine.Move{}
	}
	a, _ := json.Marshal(shown)
	b, _ := json.Marshal(legal)
	if !bytes.Equal(a, b) {
		return "legal moves: " + jsonDiff(a, b)
	}
	a, _ = json.Marshal(v.Status)
	b, _ = json.Marshal(game.Status())
	if !bytes.Equal(a, b) {
		return "status: " + jsonDiff(a, b)
	}
	return ""
}

func clipped(b []byte) string {
	if len(b) > 160 {
		return string(b[:160]) + "…"
	}
	return string(b)
}

// jsonDiff names the first place two JSON documents differ, with both values there.
func jsonDiff(got, want []byte) string {
	var a, b any
	if json.Unmarshal(got, &a) != nil || json.Unmarshal(want, &b) != nil {
		return fmt.Sprintf("%s, the game's %s", clipped(got), clipped(want))
	}
	if p := diffAt("", a, b); p != "" {
		return p
	}
	return "the same values in another layout: " + clipped(got)
}

func diffAt(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := map[string]bool{}
		for k := range x {
			keys[k] = true
		}
		for k := range y {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			if p := diffAt(path+"."+k, x[k], y[k]); p != "" {
				return p
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			break
		}
		for i := range x {
			if p := diffAt(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); p != "" {
				return p
			}
		}
		return ""
	}
	if reflect.DeepEqual(a, b) {
		return ""
	}
	ga, _ := json.Marshal(a)
	gb, _ := json.Marshal(b)
	return fmt.Sprintf("%s is %s, the game's %s", path, clipped(ga), clipped(gb))
}
