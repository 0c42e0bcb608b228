//go:build js

package rtc

import (
	"syscall/js"
	"time"

	"github.com/pion/webrtc/v3"
)

// deadPoll is how often the browser's ICE stats are read while the path is pending: fine
// enough that a dead path is left within half a second of the rule holding, cheap (getStats
// on a connection with a handful of candidates takes well under a millisecond).
const deadPoll = 500 * time.Millisecond

// watchDeadPath reads the peer connection's stats every deadPoll from answeredAt and closes
// the returned channel once pathDead holds (deadpath.go), until stop is closed.
func watchDeadPath(pc *webrtc.PeerConnection, answeredAt time.Time, remote *lastSeen, stop <-chan struct{}) <-chan struct{} {
	dead := make(chan struct{})
	go func() {
		tick := time.NewTicker(deadPoll)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			s, ok := iceStats(pc, stop)
			if !ok {
				return
			}
			now := time.Now()
			if pathDead(s, now.Sub(answeredAt), remote.since(answeredAt, now)) {
				close(dead)
				return
			}
		}
	}()
	return dead
}

// iceStats takes a snapshot from RTCPeerConnection.getStats; ok is false when stop closed
// first or the browser refused (the connection closed), and the watch then ends.
func iceStats(pc *webrtc.PeerConnection, stop <-chan struct{}) (s iceSnapshot, ok bool) {
	v := pc.JSValue()
	s.gatheringComplete = v.Get("iceGatheringState").String() == "complete"
	type result struct {
		report js.Value
		ok     bool
	}
	got := make(chan result, 1)
	var then, catch js.Func
	// Each callback releases both: the promise settles once, and a released callback must
	// never be called, so neither is released before it has.
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		got <- result{report: args[0], ok: true}
		then.Release()
		catch.Release()
		return nil
	})
	catch = js.FuncOf(func(js.Value, []js.Value) any {
		got <- result{}
		then.Release()
		catch.Release()
		return nil
	})
	v.Call("getStats").Call("then", then, catch)
	var r result
	select {
	case r = <-got:
	case <-stop:
		return s, false
	}
	if !r.ok {
		return s, false
	}
	each := js.FuncOf(func(_ js.Value, args []js.Value) any {
		st := args[0]
		if st.Get("type").String() == "candidate-pair" {
			s.pairs = append(s.pairs, pairStat{state: st.Get("state").String(),
				sent: jsInt(st.Get("requestsSent")), responses: jsInt(st.Get("responsesReceived")),
				peerChecks: jsInt(st.Get("requestsReceived"))})
		}
		return nil
	})
	r.report.Call("forEach", each)
	each.Release()
	return s, true
}

// jsInt reads a stats counter; a missing one counts as 0.
func jsInt(v js.Value) int {
	if v.Type() != js.TypeNumber {
		return 0
	}
	return v.Int()
}
