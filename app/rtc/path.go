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
	return PathDirect
}
