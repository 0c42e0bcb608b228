//go:build js

package rtc

import "syscall/js"

// selectedPair reads the pair from the browser's RTCIceTransport directly: pion's
// GetSelectedCandidatePair parses each candidate into pion/ice's types, which links pion's ICE
// code into the page for two type names (issue 26).
func (c *Conn) selectedPair() (p candidatePair, ok bool) {
	defer func() {
		if recover() != nil { // a browser without the call (or a closed transport) throws
			p, ok = candidatePair{}, false
		}
	}()
	t := c.pc.JSValue().Get("sctp")
	for _, f := range []string{"transport", "iceTransport"} {
		if t.IsNull() || t.IsUndefined() {
			return p, false
		}
		t = t.Get(f)
	}
	if t.IsNull() || t.IsUndefined() || t.Get("getSelectedCandidatePair").Type() != js.TypeFunction {
		return p, false
	}
	pair := t.Call("getSelectedCandidatePair")
	if pair.IsNull() || pair.IsUndefined() {
		return p, false
	}
	local, remote := pair.Get("local"), pair.Get("remote")
	if local.IsNull() || local.IsUndefined() || remote.IsNull() || remote.IsUndefined() {
		return p, false
	}
	// The remote address stays empty: relayAddress below does not look at it in a browser.
	return candidatePair{localType: jsString(local.Get("type")), remoteType: jsString(remote.Get("type"))}, true
}

// jsString is v as a string, or "" when it is not one (null for a field the browser hides).
func jsString(v js.Value) string {
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}

// relayAddress: the browser's ICE stats are not read here; a peer-reflexive pair counts as
// direct (the browser's own candidate types are what the page shows).
func (c *Conn) relayAddress(string, uint16) bool { return false }
