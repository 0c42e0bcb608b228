package session

// One table link carries two streams: engine/table's frames (JSON, always starting with '{')
// and a host-blind table's (blind.go), each prefixed with blindTag. Splitting them here keeps
// engine/table's links, lobby, keys, talk and reconnects exactly as they are while the game of
// a host-blind table runs on engine/blindtable over the same data channel.

import (
	"errors"
	"sync"

	"miskatonic/engine/table"
)

// blindTag starts every frame of the blind stream; no engine/table frame starts with it.
const blindTag = 'B'

// maxBlindFrame bounds one blind frame (7 seats' chain step is ~4 KiB; the config ~2 KiB).
const maxBlindFrame = 256 << 10

var errLinkClosed = errors.New("session: link closed")

// mux splits one Conn into its table stream and its blind stream.
type mux struct {
	inner table.Conn
	table *qconn
	blind *qconn

	mu    sync.Mutex
	hello []byte // host: the identity key the guest's hello on this link named (blindpeer.go)
}

func newMux(c table.Conn) *mux {
	m := &mux{inner: c}
	bind := func() []byte {
		if b, ok := c.(table.Bound); ok {
			return b.Binding()
		}
		return nil
	}
	m.table = newQconn(c.Send, c.Close)
	m.table.bind = bind
	if r, ok := c.(table.Reliable); ok {
		m.table.reliable = r.Reliable() // the split loses nothing of the table stream
	}
	m.blind = newQconn(func(f []byte) error { return c.Send(append([]byte{blindTag}, f...)) }, nil)
	m.blind.peerKey = m.helloKey
	go m.read()
	return m
}

func (m *mux) read() {
	for {
		f, err := m.inner.Recv()
		if err != nil {
			m.table.close()
			m.blind.close()
			return
		}
		if len(f) > 0 && f[0] == blindTag {
			if len(f) <= maxBlindFrame {
				m.blind.push(f[1:])
			}
			continue
		}
		m.sniff(f)
		m.table.push(f)
	}
}

// qconn is a table.Conn fed by push: one stream of a mux, or a blind stream's game frames.
type qconn struct {
	send    func([]byte) error
	onClose func() error
	bind    func() []byte
	peerKey func() []byte // a blind stream's: the key its link's hello named (nil: none yet)
	// reliable: the link under it loses no frame (table.Reliable), so neither does this stream.
	reliable bool
	mu       sync.Mutex
	q        [][]byte
	closed   bool
	ready    chan struct{}
}

func newQconn(send func([]byte) error, onClose func() error) *qconn {
	return &qconn{send: send, onClose: onClose, ready: make(chan struct{}, 1)}
}

func (c *qconn) push(f []byte) {
	c.mu.Lock()
	if !c.closed {
		c.q = append(c.q, f)
	}
	c.mu.Unlock()
	c.wake()
}

func (c *qconn) wake() {
	select {
	case c.ready <- struct{}{}:
	default:
	}
}

func (c *qconn) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.wake()
}

func (c *qconn) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// Reliable says whether the table stream loses no frame (table.Reliable).
func (c *qconn) Reliable() bool { return c.reliable }

func (c *qconn) Send(f []byte) error {
	if c.isClosed() {
		return errLinkClosed
	}
	return c.send(f)
}

func (c *qconn) Recv() ([]byte, error) {
	for {
		c.mu.Lock()
		if len(c.q) > 0 {
			f := c.q[0]
			c.q = c.q[1:]
			c.mu.Unlock()
			return f, nil
		}
		if c.closed {
			c.mu.Unlock()
			return nil, errLinkClosed
		}
		c.mu.Unlock()
		<-c.ready
	}
}

func (c *qconn) Close() error {
	c.close()
	if c.onClose != nil {
		return c.onClose()
	}
	return nil
}

// Binding is the link's channel binding (table.Bound), so a guest's signed hello still names
// the data channel it came on.
func (c *qconn) Binding() []byte {
	if c.bind != nil {
		return c.bind()
	}
	return nil
}
