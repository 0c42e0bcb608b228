//go:build js && wasm

package session

import "syscall/js"

const keyInvite = "miskatonic.invite" // in sessionStorage: the invite this tab was opened with

// hideInvite keeps link in this tab's session storage and replaces the address (and its history
// entry) with one that holds no secret.
func hideInvite(link string) {
	defer func() { _ = recover() }() // storage may be disabled; the address is still cleaned
	win := js.Global()
	win.Get("sessionStorage").Call("setItem", keyInvite, link)
	loc := win.Get("location")
	clean := loc.Get("pathname").String() + loc.Get("search").String() + "#" + joinFragment
	win.Get("history").Call("replaceState", win.Get("history").Get("state"), "", clean)
}

func keptInvite() (string, bool) {
	defer func() { _ = recover() }()
	v := js.Global().Get("sessionStorage").Call("getItem", keyInvite)
	if v.IsNull() || v.IsUndefined() {
		return "", false
	}
	return v.String(), true
}
