package signal

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
)

// ErrRelayRefused is wrapped when the relay turns a client away (bad room, host slot held by
// another token, room full, too many rooms).
var ErrRelayRefused = errors.New("signal: relay refused the connection")

// ErrUnreachable is wrapped when the relay cannot be reached at all (no answer, no network).
var ErrUnreachable = errors.New("signal: the relay cannot be reached")

// Client is one WebSocket connection to the relay, in a room, as host or guest. It works
// natively and in the browser (see WebSocket).
type Client struct {
	ws   *WebSocket
	wmu  sync.Mutex
	once sync.Once
}

// Connect opens a connection to the relay at relayURL (ws:// or wss://) for room in role.
// token is the host's claim token (empty for guests).
func Connect(ctx context.Context, relayURL, room string, role Role, token string) (*Client, error) {
	return ConnectWith(ctx, nil, relayURL, room, role, token)
}

// ConnectWith is Connect over the given HTTP client (nil: the default; ignored in the browser).
func ConnectWith(ctx context.Context, hc *http.Client, relayURL, room string, role Role, token string) (*Client, error) {
	if !ValidRoom(room) {
		return nil, fmt.Errorf("%w: room id", ErrBadInvite)
	}
	u, err := roomURL(relayURL, room, role)
	if err != nil {
		return nil, err
	}
	protos := []string{Subprotocol}
	if token != "" {
		protos = append(protos, ClaimProtocol+token)
	}
	// MaxFrame bounds what the relay can make a client buffer.
	ws, err := dialWebSocket(ctx, hc, u, MaxFrame, protos)
	if err != nil {
		if errors.Is(err, ErrRelayRefused) {
			return nil, err
		}
		return nil, fmt.Errorf("%w at %s: %w", ErrUnreachable, relayURL, err)
	}
	return &Client{ws: ws}, nil
}

// Send writes one frame. Safe for concurrent use.
func (c *Client) Send(ctx context.Context, f Frame) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.Write(ctx, false, f.Marshal())
}

// Recv reads the next frame. Call it from one goroutine.
func (c *Client) Recv(ctx context.Context) (Frame, error) {
	for {
		b, text, err := c.ws.Read(ctx)
		if err != nil {
			return Frame{}, err
		}
		if text {
			continue
		}
		f, err := ParseFrame(b)
		if err != nil {
			continue // the relay speaks this framing; anything else is noise
		}
		return f, nil
	}
}

// Close ends the connection.
func (c *Client) Close() error {
	var err error
	c.once.Do(func() { err = c.ws.Close() })
	return err
}

// CloseNow drops the connection without the closing handshake.
func (c *Client) CloseNow() error { return c.ws.CloseNow() }
