//go:build !js

package rtc

import (
	"time"

	"github.com/pion/webrtc/v3"
)

// watchDeadPath: native pion fails ICE itself about 1.5 s into checking when no pair works,
// so there is nothing to watch; the nil channel never fires.
func watchDeadPath(*webrtc.PeerConnection, time.Time, *lastSeen, <-chan struct{}) <-chan struct{} {
	return nil
}
