// Package rtc is the only importer of pion/webrtc. It turns a reliable, ordered WebRTC data
// channel into a table.Conn, and sets that channel up between a host and its guests either
// through the signaling relay (sealed payloads, app/signal) or by copy-paste / QR codes.
//
// The same code runs in the browser (pion's js build drives the browser's RTCPeerConnection)
// and natively (bots, tests). Two browser quirks are handled on every path: Chromium signals
// the end of candidates with an empty candidate (dropped), and remote candidates may arrive
// before the remote description (buffered until it is set).
package rtc

import (
	"github.com/pion/webrtc/v3"
)

// ICEServer is a STUN or TURN server.
type ICEServer struct {
	URLs       []string `json:"urls"`
	Username   string   `json:"username,omitempty"`   // TURN only
	Credential string   `json:"credential,omitempty"` // TURN only
}

// Config is how peer connections find each other.
type Config struct {
	Servers []ICEServer `json:"servers,omitempty"`
	// Loopback (native only) gathers loopback UDP4 candidates only, with mDNS off and no wait
	// for better candidates: for tests and for bots on the host's machine. Ignored in the browser.
	Loopback bool `json:"loopback,omitempty"`
	// SkipDirect (tests and diagnostics) does not wait for a network path: a guest asks for
	// the relayed path (relayed.go) as soon as the host answers.
	SkipDirect bool `json:"skipDirect,omitempty"`
	// NoRelayed turns the relayed fallback off: a guest with no network path fails with
	// ErrNoPath (for tests that measure the direct and TURN paths alone).
	NoRelayed bool `json:"noRelayed,omitempty"`
}

// DefaultConfig uses a public STUN server; TURN is opt-in (add a server with credentials).
func DefaultConfig() Config {
	return Config{Servers: []ICEServer{{URLs: []string{"stun:stun.l.google.com:19302"}}}}
}

// LoopbackConfig is for peers on one machine with no network: tests and local bots.
func LoopbackConfig() Config { return Config{Loopback: true} }

func (c Config) pion() webrtc.Configuration {
	var out webrtc.Configuration
	for _, s := range c.Servers {
		is := webrtc.ICEServer{URLs: s.URLs}
		if s.Username != "" || s.Credential != "" {
			is.Username = s.Username
			is.Credential = s.Credential
			is.CredentialType = webrtc.ICECredentialTypePassword
		}
		out.ICEServers = append(out.ICEServers, is)
	}
	return out
}

func newPeerConnection(c Config) (*webrtc.PeerConnection, error) {
	return newAPI(c).NewPeerConnection(c.pion())
}
