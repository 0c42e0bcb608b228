//go:build !js

package rtc

import (
	"time"

	"github.com/pion/ice/v2"
	"github.com/pion/logging"
	"github.com/pion/webrtc/v3"
)

// newAPI applies the native settings. With Loopback, these are the settings measured to let
// two pion peers on one machine connect at once: loopback candidates on, mDNS off, UDP4 only,
// and no wait before accepting a peer-reflexive candidate.
func newAPI(c Config) *webrtc.API {
	var s webrtc.SettingEngine
	// pion logs routine teardown (an SCTP stream gone after close) as errors; keep quiet
	// unless asked through pion's PION_LOG_* environment variables.
	lf := logging.NewDefaultLoggerFactory()
	lf.DefaultLogLevel = logging.LogLevelDisabled
	s.LoggerFactory = lf
	s.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	// Pion gives up on a link still checking only after disconnected+failed (5 s + 25 s by
	// default), where a browser fails once every candidate pair has (about 1.5 s): a native
	// guest with no path would wait half a minute before taking the relayed one. 3 s + 4 s,
	// with a keepalive every 2 s so a quiet open link is not taken for a dead one.
	s.SetICETimeouts(3*time.Second, 4*time.Second, 2*time.Second)
	if c.Loopback {
		s.SetIncludeLoopbackCandidate(true)
		s.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
		s.SetPrflxAcceptanceMinWait(0)
		s.SetInterfaceFilter(func(name string) bool { return name == "lo" || name == "lo0" })
	}
	return webrtc.NewAPI(webrtc.WithSettingEngine(s))
}
