package signal

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"sync"
	"time"
)

// A room on a bus is two topics: Topic(room)+"/h", where guests publish to the host, and
// Topic(room)+"/g", where the host publishes to guests. Each message is one relay frame. A
// guest names itself with a random peer id (there is no relay to hand them out) and keeps only
// the host's frames for that id; the sealed session id inside is what really binds a reply to
// its attempt, so a colliding or forged peer id costs nothing but a dropped frame.
const (
	topicToHost   = "/h"
	topicToGuests = "/g"
	// peerBits bounds bus peer ids, leaving the top bits to multi's endpoint index.
	peerBits = 28
	peerMask = 1<<peerBits - 1
)

// Resend is when a bus frame is published again after its first send. Public buses deliver at
// most once and may drop under load; the sealed payload's sequence number makes every copy
// after the first a no-op at the receiver (see Replay), so a dropped frame costs latency only.
var Resend = []time.Duration{250 * time.Millisecond, 1 * time.Second, 3 * time.Second}

// busConn is a Conn over a Bus for one room.
type busConn struct {
	bus      Bus
	role     Role
	me       uint32 // a guest's random peer id
	sub, pub string
	ctx      context.Context // ends resends when the conn closes
	cancel   context.CancelFunc
	once     sync.Once
}

// NewBusConn subscribes to room's topic for role on b and returns it as a Conn. Closing the
// Conn closes b.
func NewBusConn(ctx context.Context, b Bus, room string, role Role) (Conn, error) {
	t := Topic(room)
	c := &busConn{bus: b, role: role, sub: t + topicToGuests, pub: t + topicToHost}
	if role == RoleHost {
		c.sub, c.pub = c.pub, c.sub
	} else {
		var id [4]byte
		for c.me == 0 {
			if _, err := rand.Read(id[:]); err != nil {
				return nil, err
			}
			c.me = binary.BigEndian.Uint32(id[:]) & peerMask
		}
	}
	if err := b.Subscribe(ctx, c.sub); err != nil {
		return nil, err
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	return c, nil
}

// Send publishes a data frame, then again at each Resend delay while the conn is open. A
// guest's frames carry its peer id; a host's carry the recipient's. A guest's FrameLeave tells
// the host the attempt is over (a bus has no presence of its own).
func (c *busConn) Send(ctx context.Context, f Frame) error {
	if c.role == RoleGuest {
		f.Peer = c.me
	}
	if f.Type != FrameData && (f.Type != FrameLeave || c.role != RoleGuest) {
		return nil
	}
	b := f.Marshal()
	if err := c.bus.Publish(ctx, c.pub, b); err != nil {
		return err
	}
	go func() {
		var waited time.Duration
		for _, d := range Resend {
			select {
			case <-c.ctx.Done():
				return
			case <-time.After(d - waited):
			}
			waited = d
			pctx, cancel := context.WithTimeout(c.ctx, 5*time.Second)
			err := c.bus.Publish(pctx, c.pub, b)
			cancel()
			if err != nil {
				return
			}
		}
	}()
	return nil
}

// ChunkResend is when a relayed chunk (SendLight) is published again: once, not at every
// Resend delay, since a relayed table sends many and public buses meter what they carry; a
// chunk lost twice stalls its link, which is then dialled again (app/rtc).
var ChunkResend = time.Second

// SendLight publishes a data frame and once more after ChunkResend.
func (c *busConn) SendLight(ctx context.Context, f Frame) error {
	if c.role == RoleGuest {
		f.Peer = c.me
	}
	b := f.Marshal()
	if err := c.bus.Publish(ctx, c.pub, b); err != nil {
		return err
	}
	go func() {
		select {
		case <-c.ctx.Done():
			return
		case <-time.After(ChunkResend):
		}
		pctx, cancel := context.WithTimeout(c.ctx, 5*time.Second)
		_ = c.bus.Publish(pctx, c.pub, b)
		cancel()
	}()
	return nil
}

// Recv returns the next frame meant for us, dropping the rest.
func (c *busConn) Recv(ctx context.Context) (Frame, error) {
	for {
		topic, b, err := c.bus.Next(ctx)
		if err != nil {
			return Frame{}, err
		}
		if topic != c.sub || len(b) > MaxFrame {
			continue
		}
		f, err := ParseFrame(b)
		if err != nil {
			continue
		}
		switch c.role {
		case RoleGuest:
			if f.Type != FrameData || f.Peer != c.me {
				continue
			}
			f.Peer = 0
		default:
			if (f.Type != FrameData && f.Type != FrameLeave) || f.Peer == 0 || f.Peer > peerMask {
				continue
			}
		}
		return f, nil
	}
}

// Close ends the connection; a guest says goodbye first, so the host forgets the attempt (a
// bus has no presence to tell it).
func (c *busConn) Close() error { return c.CloseNow() }

// CloseNow ends the connection without waiting for the goodbye to go out.
func (c *busConn) CloseNow() error {
	err := errors.New("signal: already closed")
	c.once.Do(func() {
		c.cancel()
		err = nil
		if c.role != RoleGuest {
			err = c.bus.Close()
			return
		}
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			_ = c.bus.Publish(ctx, c.pub, Frame{Type: FrameLeave, Peer: c.me}.Marshal())
			cancel()
			c.bus.Close()
		}()
	})
	return err
}
