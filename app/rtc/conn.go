package rtc

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/pion/webrtc/v3"
)

// MaxFrame is the largest frame Send accepts. It keeps every data-channel message well below
// 64 KiB (pion silently drops a message of exactly 64 KiB).
const MaxFrame = 60 << 10

// A peer must not be able to make us hold much: the table protocol has at most a few frames
// in flight per connection, so the reorder window is a few dozen frames, frames received but
// not yet read are bounded in number, and everything held (early and unread) is bounded in
// bytes. A peer that breaks any bound, or sends a message over the frame cap, is cut off.
const (
	maxAhead    = 64      // how far past the next expected frame one may arrive
	maxUnread   = 1024    // frames received in order but not yet read
	maxBuffered = 4 << 20 // bytes held in early and unread frames together
)

// seqLen is the size of the sequence number that prefixes every message. Pion in the browser
// delivers each message on its own goroutine, so arrival order means nothing; the sequence
// number restores the sender's order.
const seqLen = 8

// Errors a Conn returns.
var (
	ErrClosed   = errors.New("rtc: connection closed")
	ErrTooLarge = fmt.Errorf("rtc: frame larger than %d bytes", MaxFrame)
	ErrBroken   = errors.New("rtc: peer broke the framing")
	ErrFlood    = errors.New("rtc: peer sent more than we buffer")
)

// Conn is a table.Conn over one reliable, ordered data channel.
type Conn struct {
	pc  *webrtc.PeerConnection // nil on the relayed path
	dc  *webrtc.DataChannel
	via *relayedLink // the relayed path (relayed.go); nil on a data channel

	smu     sync.Mutex // orders Send: sequence numbers go out in the order they were taken
	sendSeq uint64

	mu      sync.Mutex
	next    uint64            // next sequence number to deliver
	ahead   map[uint64][]byte // arrived early
	ready   [][]byte          // in order, not yet read
	held    int               // bytes in ahead and ready
	peak    int               // most bytes ever held (for tests and reports)
	notify  chan struct{}     // poked when ready grows or the conn ends
	err     error             // why the conn ended; nil while open
	done    chan struct{}
	onClose []func()

	// dcClosed is closed when the browser said the data channel closed (its close event): only
	// then may pion release the event's handler (closeLink).
	dcClosed     chan struct{}
	dcClosedOnce sync.Once
}

// newConn wraps an open (or opening) data channel. Messages that arrive before the caller
// reads are kept in order.
func newConn(pc *webrtc.PeerConnection, dc *webrtc.DataChannel) *Conn {
	c := &Conn{pc: pc, dc: dc, next: 1, ahead: map[uint64][]byte{}, notify: make(chan struct{}, 1), done: make(chan struct{}),
		dcClosed: make(chan struct{})}
	dc.OnMessage(func(m webrtc.DataChannelMessage) { c.deliver(m.Data) })
	dc.OnClose(func() {
		c.dcClosedOnce.Do(func() { close(c.dcClosed) })
		c.fail(ErrClosed)
	})
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		switch s {
		case webrtc.PeerConnectionStateFailed, webrtc.PeerConnectionStateClosed:
			c.fail(fmt.Errorf("%w: peer connection %s", ErrClosed, s))
		}
	})
	return c
}

func (c *Conn) deliver(b []byte) {
	if len(b) < seqLen {
		c.fail(ErrBroken)
		return
	}
	if len(b) > seqLen+MaxFrame {
		// An honest peer never sends this (Send refuses it); the browser would accept up to
		// 256 KiB, so refuse before copying a byte.
		c.fail(fmt.Errorf("%w: a %d-byte message", ErrFlood, len(b)))
		return
	}
	seq := binary.BigEndian.Uint64(b[:seqLen])
	frame := append([]byte(nil), b[seqLen:]...)
	c.mu.Lock()
	if c.err != nil || seq < c.next {
		c.mu.Unlock()
		return // closed, or a duplicate
	}
	if _, dup := c.ahead[seq]; dup {
		c.mu.Unlock()
		return
	}
	if seq-c.next >= maxAhead || len(c.ready) >= maxUnread || c.held+len(frame) > maxBuffered {
		c.mu.Unlock()
		c.fail(fmt.Errorf("%w: frame %d with %d expected next, %d unread, %d bytes held", ErrFlood, seq, c.next, len(c.ready), c.held))
		return
	}
	c.ahead[seq] = frame
	c.held += len(frame)
	c.peak = max(c.peak, c.held)
	for {
		f, ok := c.ahead[c.next]
		if !ok {
			break
		}
		delete(c.ahead, c.next)
		c.ready = append(c.ready, f)
		c.next++
	}
	c.mu.Unlock()
	c.poke()
}

func (c *Conn) poke() {
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

// fail ends the conn with err (the first reason wins) and releases pion's resources.
func (c *Conn) fail(err error) {
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err = err
	hooks := c.onClose
	c.onClose = nil
	close(c.done)
	c.mu.Unlock()
	c.poke()
	// Closing pion can block on its own goroutines; never do it on a pion callback's stack.
	go func() {
		if c.via != nil {
			c.via.close() // chunks go out as they are sent: nothing to drain
			return
		}
		if err == ErrClosed {
			c.drain() // our own Close: let what was sent last (a goodbye) reach the peer
		}
		closeLink(c)
	}()
	for _, h := range hooks {
		h()
	}
}

// drain waits (briefly) until the peer has acknowledged everything sent, so closing does not
// drop the last frames: a host's Bye before it closes a link must reach the guest.
func (c *Conn) drain() {
	for end := time.Now().Add(drainWait); c.dc.BufferedAmount() > 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
}

// drainWait bounds drain: a peer that stopped acknowledging is not waited for.
const drainWait = 2 * time.Second

// Send sends one frame. Frames arrive in the order Send was called.
func (c *Conn) Send(frame []byte) error {
	if len(frame) > MaxFrame {
		return ErrTooLarge
	}
	select {
	case <-c.done:
		return c.closedErr()
	default:
	}
	b := make([]byte, seqLen+len(frame))
	copy(b[seqLen:], frame)
	c.smu.Lock()
	defer c.smu.Unlock()
	c.sendSeq++
	binary.BigEndian.PutUint64(b[:seqLen], c.sendSeq)
	if c.via != nil {
		if err := c.via.sendFrame(c.done, b); err != nil {
			c.fail(fmt.Errorf("%w: %v", ErrClosed, err))
			return c.closedErr()
		}
		return nil
	}
	if err := c.dc.Send(b); err != nil {
		c.fail(fmt.Errorf("%w: %v", ErrClosed, err))
		return c.closedErr()
	}
	return nil
}

// Reliable says that c loses no frame while it is open (table.Reliable): a data channel is
// reliable and ordered, and the relayed path sends a lost chunk again until it is acknowledged.
// The table then sends nothing twice on it: over a slow broker the copies queued behind the
// very frames they asked about.
func (c *Conn) Reliable() bool { return true }

// Recv returns the next frame in order, or an error once the conn has ended and every frame
// received before that has been read.
func (c *Conn) Recv() ([]byte, error) {
	for {
		c.mu.Lock()
		if len(c.ready) > 0 {
			f := c.ready[0]
			c.ready[0] = nil
			c.ready = c.ready[1:]
			c.held -= len(f)
			more := len(c.ready) > 0
			c.mu.Unlock()
			if more {
				c.poke()
			}
			return f, nil
		}
		err := c.err
		c.mu.Unlock()
		if err != nil {
			return nil, err
		}
		<-c.notify
	}
}

// Buffered reports the bytes held now in early and unread frames, and the most ever held.
func (c *Conn) Buffered() (now, peak int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.held, c.peak
}

// Close ends the conn; a blocked Recv returns ErrClosed.
func (c *Conn) Close() error {
	c.fail(ErrClosed)
	return nil
}

// Done is closed when the conn has ended.
func (c *Conn) Done() <-chan struct{} { return c.done }

// OnClose registers f to run once when the conn ends (at once if it already has).
func (c *Conn) OnClose(f func()) {
	c.mu.Lock()
	if c.err == nil {
		c.onClose = append(c.onClose, f)
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	f()
}

func (c *Conn) closedErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}
