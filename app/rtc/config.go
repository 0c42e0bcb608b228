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
	"context"

	"github.com/pion/webrtc/v3"
)

// ICEServer is a STUN or TURN server, as a browser's RTCIceServer names it.
type ICEServer struct {
	URLs       []string `json:"urls"`
	Username   string   `json:"username,omitempty"`   // TURN only
	Credential string   `json:"credential,omitempty"` // TURN only
}

// Config is how peer connections find each other: the ICE servers every link of a page uses
// (host and guests alike, and the code connection), baked into the page by the deployment
// (`serve -ice`, `static -ice`, MISKATONIC_ICE; see ParseICE).
type Config struct {
	Servers []ICEServer `json:"servers,omitempty"`
	// Credentials is the URL of a TURN REST endpoint (our relay's /turn, app/turnserver) that
	// hands out short-lived TURN credentials and the TURN URLs they are good for. Each new peer
	// connection asks it (answers are kept until near their expiry) for Room; if it does not
	// answer, the link goes ahead with Servers alone. Empty: no TURN from a relay.
	Credentials string `json:"credentials,omitempty"`
	// Room is the table the credentials are asked for (the invite's room id): Dial and Listen
	// fill it in. The TURN server counts its quotas per room and keeps each room's relayed
	// traffic to that room's own allocations.
	Room string `json:"-"`
	// RelayOnly gathers relay (TURN) candidates only: a test of a TURN path, or a person who
	// does not want peers to learn their address.
	RelayOnly bool `json:"relay_only,omitempty"`
	// Loopback (native only) gathers loopback UDP4 candidates only, with mDNS off and no wait
	// for better candidates: for tests and for bots on the host's machine. Ignored in the browser.
	Loopback bool `json:"loopback,omitempty"`
	// SkipDirect (tests and diagnostics) does not wait for a network path: a guest asks for
	// the relayed path (relayed.go) as soon as the host answers.
	SkipDirect bool `json:"skip_direct,omitempty"`
	// NoRelayed turns the relayed fallback off: a guest with no network path fails with
	// ErrNoPath (for tests that measure the direct and TURN paths alone).
	NoRelayed bool `json:"no_relayed,omitempty"`
}

// DefaultConfig uses a public STUN server; TURN is opt-in (a TURN server of the deployment's,
// with credentials, or our relay's TURN through Credentials).
func DefaultConfig() Config {
	return Config{Servers: DefaultServers()}
}

// DefaultServers are the ICE servers of a deployment that names none: one public STUN server.
func DefaultServers() []ICEServer {
	return []ICEServer{{URLs: []string{"stun:stun.l.google.com:19302"}}}
}

// LoopbackConfig is for peers on one machine with no network: tests and local bots.
func LoopbackConfig() Config { return Config{Loopback: true} }

// ForRoom is c with its TURN credentials asked for room (unless c names a room already).
func (c Config) ForRoom(room string) Config {
	if c.Room == "" {
		c.Room = room
	}
	return c
}

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
	if c.RelayOnly {
		out.ICETransportPolicy = webrtc.ICETransportPolicyRelay
	}
	return out
}

// newPeerConnection makes a peer connection with c's servers, and the relay's TURN servers
// when c names a credentials endpoint (fetched under ctx; a failure only leaves them out).
func newPeerConnection(ctx context.Context, c Config) (*webrtc.PeerConnection, error) {
	pc, _, err := newPeerConnectionTURN(ctx, c)
	return pc, err
}

// newPeerConnectionTURN is newPeerConnection that also says why the relay's TURN servers were
// left out (nil when they are in, or none were asked for): a guest whose link then finds no
// path is told so (NoPathError).
func newPeerConnectionTURN(ctx context.Context, c Config) (*webrtc.PeerConnection, error, error) {
	c, turnErr := withRelayTURN(ctx, c)
	pc, err := newAPI(c).NewPeerConnection(c.pion())
	return pc, turnErr, err
}
