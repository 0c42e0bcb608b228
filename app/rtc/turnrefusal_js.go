//go:build js

package rtc

import (
	"fmt"
	"strings"
	"sync"
	"syscall/js"

	"github.com/pion/webrtc/v3"
)

// watchTURNRefusal listens for the browser's own word that a TURN server refused this peer
// connection: its "icecandidateerror" event, which names the server and its STUN error (for
// credentials it does not accept 401, or 400 from pion/turn; 486 over quota; 701 when it never
// answered). That is the only place a page learns it: pion's wasm binding reports nothing,
// and the path then simply finds no pair. refused returns the first such refusal, or nil when
// there was none or a relay candidate was gathered anyway (another of the servers gave one:
// TURN was not what failed).
// stop removes the listeners, then releases them, so the browser never calls a released
// function.
func watchTURNRefusal(pc *webrtc.PeerConnection) (refused func() error, stop func()) {
	v := pc.JSValue()
	var mu sync.Mutex
	var first error
	relay := false
	onError := js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		url := e.Get("url")
		if url.Type() != js.TypeString || !strings.HasPrefix(url.String(), "turn") {
			return nil // a STUN server's silence is not TURN's refusal
		}
		mu.Lock()
		if first == nil {
			first = fmt.Errorf("rtc: the TURN server %s refused us (%d %s)", url.String(), e.Get("errorCode").Int(), e.Get("errorText").String())
		}
		mu.Unlock()
		return nil
	})
	onCandidate := js.FuncOf(func(_ js.Value, args []js.Value) any {
		c := args[0].Get("candidate")
		if c.Truthy() && strings.Contains(c.Get("candidate").String(), " typ relay") {
			mu.Lock()
			relay = true
			mu.Unlock()
		}
		return nil
	})
	v.Call("addEventListener", "icecandidateerror", onError)
	v.Call("addEventListener", "icecandidate", onCandidate)
	var once sync.Once
	stop = func() {
		once.Do(func() {
			v.Call("removeEventListener", "icecandidateerror", onError)
			v.Call("removeEventListener", "icecandidate", onCandidate)
			onError.Release()
			onCandidate.Release()
		})
	}
	refused = func() error {
		mu.Lock()
		defer mu.Unlock()
		if relay {
			return nil
		}
		return first
	}
	return refused, stop
}
