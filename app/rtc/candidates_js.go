//go:build js

package rtc

import (
	"sync"
	"syscall/js"

	"github.com/pion/webrtc/v3"

	"miskatonic/app/signal"
)

// In the browser the candidates are read from the RTCPeerConnection itself, not through pion:
// pion's OnICECandidate, GatheringCompletePromise and ICECandidate.ToJSON parse each
// browser candidate into pion/ice's Go types and print it back, which links pion's ICE, STUN
// and mDNS code into the page (~0.3 MB of the wasm, issue 26) to forward a string the browser
// already wrote. The candidate goes on as the browser wrote it.

// onLocalCandidate calls found with each candidate the browser gathers for pc. Its handler is
// removed from the connection, then released, when gathering ends or stop is called (so the
// browser never calls a released function).
func onLocalCandidate(pc *webrtc.PeerConnection, found func(signal.Candidate)) (stop func()) {
	v := pc.JSValue()
	var fn js.Func
	var once sync.Once
	stop = func() {
		once.Do(func() {
			v.Set("onicecandidate", js.Null())
			fn.Release()
		})
	}
	fn = js.FuncOf(func(_ js.Value, args []js.Value) any {
		c := args[0].Get("candidate")
		if c.IsNull() || c.IsUndefined() {
			stop() // gathering finished
			return nil
		}
		got := signal.Candidate{Candidate: c.Get("candidate").String()}
		if mid := c.Get("sdpMid"); mid.Type() == js.TypeString {
			s := mid.String()
			got.SDPMid = &s
		}
		if i := c.Get("sdpMLineIndex"); i.Type() == js.TypeNumber && i.Int() >= 0 && i.Int() <= 0xffff {
			n := uint16(i.Int())
			got.SDPMLineIndex = &n
		}
		if u := c.Get("usernameFragment"); u.Type() == js.TypeString {
			s := u.String()
			got.UsernameFragment = &s
		}
		go found(got)
		return nil
	})
	v.Set("onicecandidate", fn)
	return stop
}

// gatheringDone is closed once the browser has gathered every candidate for pc (its
// icegatheringstatechange to "complete"; checked at once too, in case it already is).
func gatheringDone(pc *webrtc.PeerConnection) <-chan struct{} {
	done := make(chan struct{})
	var once sync.Once
	complete := func() bool { return pc.ICEGatheringState() == webrtc.ICEGatheringStateComplete }
	pc.OnICEGatheringStateChange(func() {
		if complete() {
			once.Do(func() { close(done) })
		}
	})
	if complete() {
		once.Do(func() { close(done) })
	}
	return done
}
