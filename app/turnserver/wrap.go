//go:build !wasm

package turnserver

import (
	"errors"
	"net"
	"net/netip"
	"sync"

	"github.com/pion/turn/v2"
)

// guardedPacketConn puts the guard on a UDP listening socket: what the server reads has been
// judged, what it writes is learned from (or dropped for bandwidth).
type guardedPacketConn struct {
	net.PacketConn
	g  *guard
	id string // tells this socket's five-tuples from another listener's
}

func (p *guardedPacketConn) ReadFrom(b []byte) (int, net.Addr, error) {
	for {
		n, addr, err := p.PacketConn.ReadFrom(b)
		if err != nil {
			return n, addr, err
		}
		v, r := p.g.inbound(p.id+addr.String(), addrOf(addr), b[:n])
		switch v {
		case pass:
			return n, addr, nil
		case reply:
			if r != nil {
				p.PacketConn.WriteTo(r, addr) //nolint:errcheck // a lost refusal is retried by the client
			}
		}
	}
}

func (p *guardedPacketConn) WriteTo(b []byte, addr net.Addr) (int, error) {
	if !p.g.outbound(p.id+addr.String(), b) {
		return len(b), nil // dropped for bandwidth, as a congested path would
	}
	return p.PacketConn.WriteTo(b, addr)
}

// guardedListener puts the guard on a TCP or TLS listener: connections are counted per source
// and each is framed (STUN and ChannelData) so its messages are judged one by one.
type guardedListener struct {
	net.Listener
	g  *guard
	id string
}

func (l *guardedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ap := addrOf(c.RemoteAddr())
		source := sourceKey(ap.Addr())
		if !l.g.connOpened(source) {
			c.Close()
			continue
		}
		return &guardedConn{Conn: c, g: l.g, key: l.id + c.RemoteAddr().String(), src: ap, source: source, frames: turn.NewSTUNConn(c)}, nil
	}
}

// guardedConn hands the server one whole judged frame per Read (pion frames the stream again
// and finds exactly that frame) and judges each Write, which pion makes one message at a time.
type guardedConn struct {
	net.Conn
	g      *guard
	key    string
	src    netip.AddrPort
	source string
	frames *turn.STUNConn
	buf    [1 << 16]byte
	once   sync.Once
	wmu    sync.Mutex
}

func (c *guardedConn) Read(b []byte) (int, error) {
	for {
		n, _, err := c.frames.ReadFrom(c.buf[:])
		if err != nil {
			return 0, err
		}
		v, r := c.g.inbound(c.key, c.src, c.buf[:n])
		switch {
		case v == reply && r != nil:
			c.write(r) //nolint:errcheck // see guardedPacketConn
		case v == pass && n <= len(b):
			return copy(b, c.buf[:n]), nil
		}
	}
}

func (c *guardedConn) Write(b []byte) (int, error) {
	if !c.g.outbound(c.key, b) {
		return len(b), nil
	}
	return c.write(b)
}

func (c *guardedConn) write(b []byte) (int, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.Conn.Write(b)
}

func (c *guardedConn) Close() error {
	c.once.Do(func() { c.g.connClosed(c.source, c.key) })
	err := c.Conn.Close()
	if errors.Is(err, net.ErrClosed) {
		return nil
	}
	return err
}

// listenerID names a listener in five-tuple keys.
func listenerID(kind string, a net.Addr) string { return kind + "|" + a.String() + "|" }
