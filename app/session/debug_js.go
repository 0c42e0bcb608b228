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
	// It answers with a Promise, worked out on a goroutine of its own: the state is read from
	// the table's goroutines, which may be waiting on the page's event loop (a WebCrypto
	// signature check), and a js.Func that waited for them would hold that loop: a deadlock.
	js.Global().Set("__mkState", js.FuncOf(func(js.Value, []js.Value) any {
		var resolve js.Value
		exec := js.FuncOf(func(_ js.Value, a []js.Value) any { resolve = a[0]; return nil })
		p := js.Global().Get("Promise").New(exec)
		exec.Release()
		go func() { resolve.Invoke(debugState()) }()
		return p
	}))
}

// debugState is __mkState's answer: the session's Snapshot and host-blind state as JSON.
func debugState() string {
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
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
