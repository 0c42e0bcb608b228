//go:build js

package rtc

import "github.com/pion/webrtc/v3"

// newAPI: the browser makes its own ICE choices; there is nothing to set.
func newAPI(Config) *webrtc.API { return webrtc.NewAPI() }
