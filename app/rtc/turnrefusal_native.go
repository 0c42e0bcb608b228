//go:build !js

package rtc

import "github.com/pion/webrtc/v3"

// watchTURNRefusal: native pion says nothing of a TURN server refusing its credentials (the
// allocation fails in its logs), so there is nothing to watch; refused is always nil.
func watchTURNRefusal(*webrtc.PeerConnection) (refused func() error, stop func()) {
	return func() error { return nil }, func() {}
}
