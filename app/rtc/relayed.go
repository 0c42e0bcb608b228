package rtc

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"miskatonic/app/signal"
)

// The relayed path (issue 22): when the host answered but no network path opened, the link's
// frames travel over the signaling transport the set-up used (our relay, MQTT, Nostr). Each
// frame Conn.Send makes (sequence number and all) is cut into chunks of signal.ChunkData,
// sealed under the link's own key (signal.LinkKey) with a per-direction chunk number, then
// sealed again like any set-up message. The broker sees sealed blobs; a replayed chunk is
// refused by the chunk number, a reordered one is put back in order by the frame's sequence
// number (Conn.deliver), and a lost one is sent again (relayed_retransmit.go); a link whose
// frames go unacknowledged, or that holds a gap, while the peer stays silent for relayStall
// (or longer on a slow broker: relayed_stall.go) is given up for dead and the guest dials again.

// Path names how a link reaches its peer.
type Path string

const (
	PathDirect  Path = "direct"  // a direct (or STUN-punched) network path
	PathTURN    Path = "turn"    // through a TURN server
	PathRelayed Path = "relayed" // over the signaling transport (slowest; always there)
)

// ErrNoPath: the host answered but no network path opened (and the relayed path was refused
// or not offered).
var ErrNoPath = errors.New("rtc: the host answered but no network path opened")

// NoPathError is ErrNoPath when this side's TURN servers were asked for and not given (the
// credentials endpoint refused or did not answer), or, in a browser, a TURN server refused
// the credentials it was given (turnrefusal_js.go): TURN is what carries a link across networks
// that block a direct path, so the person is told that too.
type NoPathError struct{ TURN error }

func (e *NoPathError) Error() string {
	return fmt.Sprintf("%v, and no TURN server was to be had (%v)", ErrNoPath, e.TURN)
}

func (e *NoPathError) Unwrap() error { return ErrNoPath }

// noPath is ErrNoPath, with turnErr when the TURN servers were left out.
func noPath(turnErr error) error {
	if turnErr == nil {
		return ErrNoPath
	}
	return &NoPathError{TURN: turnErr}
}

// TURNRefused reports whether err is a link that found no path while its TURN servers, asked
// for, were not given.
func TURNRefused(err error) bool {
	var e *NoPathError
	return errors.As(err, &e)
}

// Pacing of relayed chunks, kept under what our relay allows a connection (relay.Config.Rate:
// 10 frames/s for a guest, 4× for a host, cut off above) and what public brokers tolerate. A
// host paces all its relayed links together: they share its one signaling connection.
var (
	GuestPace = pace{rate: 8, burst: 24}
	HostPace  = pace{rate: 30, burst: 100}
)

// relayStall is how long a relayed link may hold a frame it cannot complete, or wait for the
// acknowledgement of one it sent, with nothing heard from the peer, before it is given up: the
// guest then dials again (relayed_stall.go).
var relayStall = 15 * time.Second

type pace struct{ rate, burst float64 }

// pacer is a blocking token bucket.
type pacer struct {
	p      pace
	mu     sync.Mutex
	tokens float64
	last   time.Time
}

func newPacer(p pace) *pacer { return &pacer{p: p, tokens: p.burst} }

// wait takes one token, sleeping until there is one (or done closes: false).
func (p *pacer) wait(done <-chan struct{}) bool {
	p.mu.Lock()
	now := time.Now()
	if !p.last.IsZero() {
		p.tokens = min(p.p.burst, p.tokens+now.Sub(p.last).Seconds()*p.p.rate)
	}
	p.last = now
	p.tokens--
	short := -p.tokens
	p.mu.Unlock()
	if short <= 0 {
		return true
	}
	select {
	case <-done:
		return false
	case <-time.After(time.Duration(short / p.p.rate * float64(time.Second))):
		return true
	}
}

// relayedLink carries one Conn over signaling.
type relayedLink struct {
	send    func(plain []byte) error // seals (room key) and sends one clear payload
	link    *signal.Box
	out, in signal.Dir
	sid     signal.Session
	binding []byte
	pacer   *pacer
	close   func() // ends the signaling session

	smu sync.Mutex
	seq uint64 // chunk numbers sent

	// Retransmission (relayed_retransmit.go).
	now          func() time.Time // nil: time.Now (tests set it)
	manual       bool             // tests call tick themselves
	amu          sync.Mutex
	unacked      []*outFrame // sent, not yet acknowledged, in order
	unackedBytes int
	srtt         time.Duration
	peerAcks     bool      // the peer has acknowledged something
	heard        time.Time // when the peer's last authentic chunk came (relayed_stall.go)
	progress     time.Time // when an acknowledgement last covered a frame not covered before
	gapSince     time.Time // when the frames received last began to hold a gap (zero: none)
	ackDue       time.Time // when the acknowledgement owed goes (zero: none owed)
	retransmits  int64
	conn         *Conn         // the Conn over this link, whose receipts the link acknowledges
	space        chan struct{} // poked when an acknowledgement frees room in the queue

	replay   signal.Replay
	mu       sync.Mutex
	parts    map[uint64][][]byte // frames arriving in pieces
	partsLen int
	since    time.Time // when the oldest incomplete frame started waiting (zero: none)
	sent     int64     // bytes sent and received, for the figures
	recv     int64
}

// newRelayedConn returns a Conn over l; hand it chunks with l.receive.
func newRelayedConn(l *relayedLink) *Conn {
	c := &Conn{via: l, next: 1, ahead: map[uint64][]byte{}, notify: make(chan struct{}, 1), done: make(chan struct{})}
	l.conn = c
	l.heard = l.clock() // the set-up just came from the peer
	l.space = make(chan struct{}, 1)
	l.parts = map[uint64][][]byte{}
	go l.watch(c)
	return c
}

// sendFrame keeps b (sequence number and frame) until the peer acknowledges it, and sends it
// if the window has room.
func (l *relayedLink) sendFrame(done <-chan struct{}, b []byte) error {
	seq := uint64(0)
	if len(b) >= seqLen {
		seq = binary.BigEndian.Uint64(b)
	}
	if err := l.enqueue(done, seq, b); err != nil {
		return err
	}
	return l.flush(done)
}

// receive takes one chunk's clear payload (already opened from the room seal).
func (l *relayedLink) receive(c *Conn, plain []byte) {
	seq, ch, err := signal.OpenChunk(l.link, l.in, l.sid, plain)
	if err != nil || l.replay.Check(l.sid, seq) != nil {
		return // forged, altered or replayed: dropped, as on the set-up path
	}
	l.mu.Lock()
	l.recv += int64(len(plain))
	l.mu.Unlock()
	l.hear(l.clock())
	if cum, sack, ok := ch.Ack(); ok {
		l.acked(cum, sack)
		if !ch.Carried {
			return // an acknowledgement alone
		}
	}
	have, gap := c.has(ch.Seq)
	l.owe(gap)
	if have {
		return // a copy sent again because our acknowledgement was lost
	}
	l.mu.Lock()
	if ch.Parts == 1 {
		l.mu.Unlock()
		c.deliver(append([]byte(nil), ch.Data...))
		return
	}
	ps := l.parts[ch.Seq]
	if ps == nil {
		if len(l.parts) >= maxAhead || l.partsLen+len(ch.Data) > maxBuffered {
			l.mu.Unlock()
			c.fail(fmt.Errorf("%w: relayed pieces", ErrFlood))
			return
		}
		ps = make([][]byte, ch.Parts)
		l.parts[ch.Seq] = ps
		if l.since.IsZero() {
			l.since = l.clock()
		}
	}
	if len(ps) != ch.Parts || ps[ch.Part] != nil {
		l.mu.Unlock()
		return
	}
	ps[ch.Part] = append([]byte(nil), ch.Data...)
	l.partsLen += len(ch.Data)
	var whole []byte
	for _, p := range ps {
		if p == nil {
			l.mu.Unlock()
			return
		}
		whole = append(whole, p...)
	}
	delete(l.parts, ch.Seq)
	l.partsLen -= len(whole)
	l.since = time.Time{}
	if len(l.parts) > 0 {
		l.since = l.clock()
	}
	l.mu.Unlock()
	c.deliver(whole)
}

// has reports whether frame seq has been delivered or is waiting past a gap, and whether a
// frame before it is missing.
func (c *Conn) has(seq uint64) (have, gap bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ahead := c.ahead[seq]
	return seq < c.next || ahead, seq > c.next || len(c.ahead) > 0
}

// watch sends acknowledgements and retransmissions when due, and gives up a link whose peer
// has gone silent while it waits on it (tick, relayed_stall.go).
func (l *relayedLink) watch(c *Conn) {
	if l.manual {
		return
	}
	t := time.NewTicker(relayTick)
	defer t.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-t.C:
		}
		l.tick(c, l.clock())
	}
}

// Bytes reports what a relayed link has sent and received (sealed chunk sizes), for figures.
func (c *Conn) Bytes() (sent, recv int64) {
	if c.via == nil {
		return 0, 0
	}
	c.via.mu.Lock()
	defer c.via.mu.Unlock()
	return c.via.sent, c.via.recv
}
