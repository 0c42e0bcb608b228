//go:build !js

package rtc

import (
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
	if c.Loopback {
		s.SetIncludeLoopbackCandidate(true)
		s.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
		s.SetPrflxAcceptanceMinWait(0)
		s.SetInterfaceFilter(func(name string) bool { return name == "lo" || name == "lo0" })
	}
	return webrtc.NewAPI(webrtc.WithSettingEngine(s))
}
