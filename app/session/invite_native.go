//go:build !(js && wasm)

package session

// Natively there is no address bar: nothing to hide, nothing kept.
func hideInvite(string) {}

func keptInvite() (string, bool) { return "", false }
