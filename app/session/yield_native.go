//go:build !(js && wasm)

package session

// pageYield is nil outside the browser: the guest's own default (a goroutine yield) serves.
var pageYield func()

// PageTurn waits for one turn of the page's event loop in the browser; natively there is no
// page, and it returns at once.
func PageTurn() {}
