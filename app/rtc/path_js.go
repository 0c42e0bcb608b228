//go:build js

package rtc

// relayAddress: the browser's ICE stats are not read here; a peer-reflexive pair counts as
// direct (the browser's own candidate types are what the page shows).
func (c *Conn) relayAddress(string, uint16) bool { return false }
