package signal

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
)

// Conn is one side's connection to a room through some transport: our relay, a public MQTT
// broker, a Nostr relay, or several of them at once. It carries relay frames whose payloads are
// sealed (see Box), so whatever carries them learns nothing but sizes and timing; replay
// protection, direction binding and host authentication are done above it, the same over
// every transport.
//
// Frames follow the relay's conventions: a host sends FrameData to a peer and receives
// FrameData (and FrameLeave) from peers; a guest sends and receives FrameData with peer 0.
type Conn interface {
	Send(ctx context.Context, f Frame) error
	Recv(ctx context.Context) (Frame, error)
	Close() error
	CloseNow() error
}

var _ Conn = (*Client)(nil)

// Bus is a connection to a public publish/subscribe service that carries opaque blobs on
// topics (an MQTT broker, a Nostr relay). It knows nothing of rooms: BusConn turns one into a
// Conn for a room.
type Bus interface {
	// Subscribe starts delivering what is published on topic; it returns once the service
	// has taken the subscription, so nothing published afterwards is missed.
	Subscribe(ctx context.Context, topic string) error
	// Publish sends payload on topic. Delivery is best effort (at most once, maybe reordered).
	Publish(ctx context.Context, topic string, payload []byte) error
	// Next returns the next delivery on a subscribed topic; it fails once the connection ends.
	Next(ctx context.Context) (topic string, payload []byte, err error)
	Close() error
}

// BusDialer connects to one service at url.
type BusDialer func(ctx context.Context, url string) (Bus, error)

var (
	busMu sync.RWMutex
	buses = map[string]BusDialer{}
)

// RegisterBus makes a kind of public transport available under its name ("mqtt", "nostr").
// Each lives in its own package and registers itself when imported, so a build pays only for
// the transports it links in.
func RegisterBus(kind string, d BusDialer) {
	busMu.Lock()
	defer busMu.Unlock()
	buses[kind] = d
}

func busDialer(kind string) (BusDialer, bool) {
	busMu.RLock()
	defer busMu.RUnlock()
	d, ok := buses[kind]
	return d, ok
}

// KindRelay names our own relay (`miskatonic relay`, or `serve`'s /signal).
const KindRelay = "relay"

// Endpoint is one configured transport.
type Endpoint struct {
	Kind string // KindRelay, or a registered bus kind
	URL  string // ws:// or wss://
}

func (e Endpoint) String() string { return e.Kind + ":" + e.URL }

// ParseEndpoints reads a transport list: endpoints separated by commas or spaces, each
// "kind:url" ("mqtt:wss://broker.example/mqtt", "nostr:wss://relay.example") or a bare ws(s)://
// or http(s):// URL, which names our relay (so an old relay URL is still a valid list).
func ParseEndpoints(spec string) ([]Endpoint, error) {
	var eps []Endpoint
	for _, item := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' }) {
		kind, rest, ok := strings.Cut(item, ":")
		if !ok {
			return nil, fmt.Errorf("signal: transport %q is not kind:url", item)
		}
		switch strings.ToLower(kind) {
		case "ws", "wss", "http", "https":
			kind, rest = KindRelay, item
		}
		kind = strings.ToLower(kind)
		u, err := url.Parse(rest)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("signal: transport %q has no usable address", item)
		}
		switch strings.ToLower(u.Scheme) {
		case "ws", "wss":
		case "http", "https":
			if kind != KindRelay {
				return nil, fmt.Errorf("signal: transport %q must be ws:// or wss://", item)
			}
		default:
			return nil, fmt.Errorf("signal: transport %q must be ws:// or wss://", item)
		}
		eps = append(eps, Endpoint{Kind: kind, URL: rest})
	}
	if len(eps) == 0 {
		return nil, fmt.Errorf("signal: no transport configured")
	}
	return eps, nil
}

// Origins lists the scheme://host of every endpoint in spec (for a page's connect-src),
// sorted and without repeats. A spec that does not parse yields none.
func Origins(spec string) []string {
	eps, err := ParseEndpoints(spec)
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, e := range eps {
		u, _ := url.Parse(e.URL)
		scheme := map[string]string{"http": "ws", "https": "wss"}[strings.ToLower(u.Scheme)]
		if scheme == "" {
			scheme = strings.ToLower(u.Scheme)
		}
		o := scheme + "://" + u.Host
		if !seen[o] {
			seen[o] = true
			out = append(out, o)
		}
	}
	sort.Strings(out)
	return out
}

// Open connects to room in role through the transports of spec (see ParseEndpoints). A spec
// naming our relay alone is exactly Connect. Otherwise every endpoint is tried at once and the
// room is reached through whichever answer (see multi): the invite works while any one is up.
// token is the host's claim token for our relay (buses have no claims; host authentication
// is what stops an impostor there, as it does at a relay that lost its claim).
func Open(ctx context.Context, spec, room string, role Role, token string) (Conn, error) {
	if !ValidRoom(room) {
		return nil, fmt.Errorf("%w: room id", ErrBadInvite)
	}
	eps, err := ParseEndpoints(spec)
	if err != nil {
		return nil, err
	}
	if len(eps) == 1 && eps[0].Kind == KindRelay {
		return Connect(ctx, eps[0].URL, room, role, token)
	}
	return openMulti(ctx, eps, room, role, token)
}

// openOne connects through one endpoint.
func openOne(ctx context.Context, e Endpoint, room string, role Role, token string) (Conn, error) {
	if e.Kind == KindRelay {
		return Connect(ctx, e.URL, room, role, token)
	}
	d, ok := busDialer(e.Kind)
	if !ok {
		return nil, fmt.Errorf("signal: transport kind %q is not built into this app", e.Kind)
	}
	b, err := d(ctx, e.URL)
	if err != nil {
		return nil, err
	}
	c, err := NewBusConn(ctx, b, room, role)
	if err != nil {
		b.Close()
		return nil, err
	}
	return c, nil
}

// Topic is the name a room goes by on a public bus: a hash of the room id, so the service sees
// only a random-looking name that is not even the id our relay would see.
func Topic(room string) string {
	h := sha256.Sum256([]byte("miskatonic/v1/topic\x00" + room))
	return base64.RawURLEncoding.EncodeToString(h[:16])
}

// DialWebSocket opens a WebSocket for a bus with a read limit of limit bytes per message.
func DialWebSocket(ctx context.Context, url string, limit int64, protos ...string) (*WebSocket, error) {
	return dialWebSocket(ctx, nil, url, limit, protos)
}
