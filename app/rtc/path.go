package rtc

// Path reports how the link reaches its peer: relayed over signaling, through a TURN server
// (either end's selected candidate is a relay one), or direct.
func (c *Conn) Path() Path {
	if c.via != nil {
		return PathRelayed
	}
	pair, ok := c.selectedPair()
	if !ok {
		return PathDirect
	}
	if pair.localType == "relay" || pair.remoteType == "relay" {
		return PathTURN
	}
	// The peer's checks from its TURN allocation can arrive before its relay candidate does
	// (candidates trickle through signaling): ICE then names that remote peer-reflexive, though
	// it is a relay address. It is one when the peer has since sent it as a relay candidate, or
	// when it sits on the IP our own relay candidates have (the same TURN server).
	if pair.remoteType == "prflx" && c.relayAddress(pair.remoteAddress, pair.remotePort) {
		return PathTURN
	}
	return PathDirect
}

// candidatePair is the ICE candidate pair a link sends on: each end's candidate type as ICE
// names it ("host", "srflx", "prflx", "relay") and the remote end's address.
type candidatePair struct {
	localType, remoteType string
	remoteAddress         string
	remotePort            uint16
}
