//go:build !(js && wasm)

package session

// pageYield is nil outside the browser: the guest's own default (a goroutine yield) serves.
var pageYield func()
