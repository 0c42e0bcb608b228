//go:build js && wasm

package session

import (
	"fmt"
	"syscall/js"
)

// tableLogf puts the table's own account of what it refused or dropped (a guest's bad hello, a
// link cut off) in the browser's console, where a player reporting a problem, or a browser
// test that failed, can read it.
var tableLogf = func(format string, args ...any) {
	js.Global().Get("console").Call("info", "miskatonic: "+fmt.Sprintf(format, args...))
}
