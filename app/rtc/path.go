package rtc

import "github.com/pion/webrtc/v3"

// Path reports how the link reaches its peer: relayed over signaling, through a TURN server
// (either end's selected candidate is a relay one), or direct.
func (c *Conn) Path() Path {
	if c.via != nil {
		return PathRelayed
	}
	sctp := c.pc.SCTP()
	if sctp == nil || sctp.Transport() == nil || sctp.Transport().ICETransport() == nil {
		return PathDirect
	}
	pair, err := sctp.Transport().ICETransport().GetSelectedCandidatePair()
	if err != nil || pair == nil || pair.Local == nil || pair.Remote == nil {
		return PathDirect
	}
	if pair.Local.Typ == webrtc.ICECandidateTypeRelay || pair.Remote.Typ == webrtc.ICECandidateTypeRelay {
		return PathTURN
	}
	// The peer's checks from its TURN allocation can arrive before its relay candidate does
	// (candidates trickle through signaling): ICE then names that remote peer-reflexive, though
	// it is a relay address. It is one when the peer has since sent it as a relay candidate, or
	// when it sits on the IP our own relay candidates have (the same TURN server).
	if pair.Remote.Typ == webrtc.ICECandidateTypePrflx && c.relayAddress(pair.Remote.Address, pair.Remote.Port) {
		return PathTURN
	}
	return PathDirect
}
