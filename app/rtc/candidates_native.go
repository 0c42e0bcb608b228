//go:build !js

package rtc

import (
	"github.com/pion/webrtc/v3"

	"miskatonic/app/signal"
)

// onLocalCandidate calls found with each candidate pion gathers for pc, as the browser's
// RTCIceCandidate.toJSON would write it. pion releases nothing natively: stop does nothing.
func onLocalCandidate(pc *webrtc.PeerConnection, found func(signal.Candidate)) (stop func()) {
	pc.OnICECandidate(func(c *webrtc.ICECandidate) {
		if c == nil {
			return // gathering finished
		}
		init := c.ToJSON()
		found(signal.Candidate{Candidate: init.Candidate, SDPMid: init.SDPMid, SDPMLineIndex: init.SDPMLineIndex, UsernameFragment: init.UsernameFragment})
	})
	return func() {}
}

// gatheringDone is closed once pc has gathered every candidate.
func gatheringDone(pc *webrtc.PeerConnection) <-chan struct{} {
	return webrtc.GatheringCompletePromise(pc)
}
