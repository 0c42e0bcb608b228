package signal

import (
	"encoding/binary"
	"fmt"
	"net/url"
	"strings"
)

// The relay's framing. Every WebSocket message is one binary frame:
//
//	type (1 byte) | peer (4 bytes, big-endian) | payload
//
// The relay reads only type and peer; the payload is sealed and opaque to it.
type FrameType byte

const (
	// FrameData carries a sealed payload. Host → relay: peer is the recipient. Relay → host:
	// peer is the sender. Between a guest and the relay the peer is 0 (the host).
	FrameData FrameType = 1
	// FrameJoin (relay → host): a guest with this peer id connected.
	FrameJoin FrameType = 2
	// FrameLeave (relay → host): that guest left. Relay → guest (peer 0): the host left.
	FrameLeave FrameType = 3
	// FrameHost (relay → guest): a host is present in the room (sent on join and when it returns).
	FrameHost FrameType = 4
)

// FrameHeader is the size of a frame's header.
const FrameHeader = 5

// Frame is one relay message.
type Frame struct {
	Type    FrameType
	Peer    uint32
	Payload []byte
}

// Marshal encodes f.
func (f Frame) Marshal() []byte {
	b := make([]byte, FrameHeader+len(f.Payload))
	b[0] = byte(f.Type)
	binary.BigEndian.PutUint32(b[1:5], f.Peer)
	copy(b[FrameHeader:], f.Payload)
	return b
}

// ParseFrame decodes b; the payload aliases b.
func ParseFrame(b []byte) (Frame, error) {
	if len(b) < FrameHeader {
		return Frame{}, fmt.Errorf("%w: frame of %d bytes", ErrFraming, len(b))
	}
	f := Frame{Type: FrameType(b[0]), Peer: binary.BigEndian.Uint32(b[1:5]), Payload: b[FrameHeader:]}
	if f.Type < FrameData || f.Type > FrameHost {
		return Frame{}, fmt.Errorf("%w: frame type %d", ErrFraming, b[0])
	}
	return f, nil
}

// Role is how a client joins a room at the relay.
type Role string

const (
	RoleHost  Role = "host"
	RoleGuest Role = "guest"
)

// RelayURL derives the default relay address from the page's origin ("https://h" →
// "wss://h/signal"). A deployment without a relay of its own overrides it at build time.
func RelayURL(origin string) (string, error) {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("signal: cannot derive a relay address from %q", origin)
	}
	switch u.Scheme {
	case "https", "wss":
		u.Scheme = "wss"
	case "http", "ws":
		u.Scheme = "ws"
	default:
		return "", fmt.Errorf("signal: unsupported scheme %q", u.Scheme)
	}
	u.Path = "/signal"
	u.RawQuery, u.Fragment = "", ""
	return u.String(), nil
}

// Subprotocol is what the relay's WebSocket speaks. A host also offers ClaimProtocol followed by
// its claim token: the token travels in a header, never in the URL, so it stays out of access
// logs (a browser's WebSocket can set no other header). The relay selects Subprotocol alone.
const (
	Subprotocol   = "miskatonic.v1"
	ClaimProtocol = "miskatonic.claim."
)

// roomURL adds the room and role to a relay address.
func roomURL(relay, room string, role Role) (string, error) {
	u, err := url.Parse(relay)
	if err != nil {
		return "", fmt.Errorf("signal: bad relay address %q: %w", relay, err)
	}
	switch strings.ToLower(u.Scheme) {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	case "ws", "wss":
	default:
		return "", fmt.Errorf("signal: relay address %q must be ws:// or wss://", relay)
	}
	q := u.Query()
	q.Set("room", room)
	q.Set("role", string(role))
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// MaxFrame bounds one relay frame: a sealed message plus framing, with room to spare.
const MaxFrame = MaxMessage + Overhead + FrameHeader + 1024
