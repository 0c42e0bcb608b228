//go:build js && wasm

package session

import (
	"encoding/json"
	"syscall/js"
)

// keyDebugState (local storage, set by the browser tests only) installs window.__mkState: a
// function returning, as JSON, what this page's session holds of the game — its Snapshot (the
// screens' state) and its host-blind game's saved state — so a test can check that the host's
// page holds no card its person may not see. Unset (every real page), nothing is installed.
const keyDebugState = "miskatonic.debugState"

func init() {
	if v, ok := (LocalStore{}).Get(keyDebugState); !ok || v != "1" {
		return
	}
	js.Global().Set("__mkState", js.FuncOf(func(js.Value, []js.Value) any {
		s := Current()
		if s == nil {
			return "{}"
		}
		b, err := json.Marshal(struct {
			Snapshot Snapshot        `json:"snapshot"`
			Blind    json.RawMessage `json:"blind,omitempty"`
		}{s.Snapshot(), s.blind.save()})
		if err != nil {
			return `{"error":` + jsonString(err.Error()) + `}`
		}
		return string(b)
	}))
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
