//go:build !js

package rtc

import "github.com/pion/webrtc/v3"

// selectedPair is the pair pion's ICE agent sends on.
func (c *Conn) selectedPair() (candidatePair, bool) {
	sctp := c.pc.SCTP()
	if sctp == nil || sctp.Transport() == nil || sctp.Transport().ICETransport() == nil {
		return candidatePair{}, false
	}
	pair, err := sctp.Transport().ICETransport().GetSelectedCandidatePair()
	if err != nil || pair == nil || pair.Local == nil || pair.Remote == nil {
		return candidatePair{}, false
	}
	return candidatePair{localType: pair.Local.Typ.String(), remoteType: pair.Remote.Typ.String(),
		remoteAddress: pair.Remote.Address, remotePort: pair.Remote.Port}, true
}

// relayAddress says whether ip:port is a relay address: a relay candidate the peer sent, or on
// the IP of one of our own relay candidates (the same TURN server), from the link's ICE stats.
func (c *Conn) relayAddress(ip string, port uint16) bool {
	for _, st := range c.pc.GetStats() {
		cs, ok := st.(webrtc.ICECandidateStats)
		if !ok || cs.CandidateType != webrtc.ICECandidateTypeRelay {
			continue
		}
		switch {
		case cs.Type == webrtc.StatsTypeRemoteCandidate && cs.IP == ip && int(cs.Port) == int(port):
			return true
		case cs.Type == webrtc.StatsTypeLocalCandidate && cs.IP == ip:
			return true
		}
	}
	return false
}
