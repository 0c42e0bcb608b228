package rtc

import (
	"encoding/binary"
	"fmt"
	"time"

	"miskatonic/app/signal"
)

// Retransmission on the relayed path. A broker may lose a chunk (a public MQTT or Nostr relay
// promises nothing; ours drops when a connection's queue is full), and a lost chunk used to
// stall the link until the guest redialled. Now each side acknowledges the frames it has
// (signal.AckChunk: the last frame with none missing before it, and a bitmap of the frames
// received past a gap), and the sender keeps each frame until it is acknowledged, sending it
// again after a timeout (selective repeat: only what is missing goes again). Every copy is
// sealed afresh with the next chunk number, so the replay check still refuses a chunk the
// broker repeats; the receiver drops a frame it already has (Conn.deliver) and acknowledges it
// again, since its first acknowledgement may be what was lost.
//
// Bounds: frames go out at most relayWindow past the oldest unacknowledged one (so the peer
// never gets more than maxAhead frames past a gap; the rest wait, at most relayQueue and
// relayQueueBytes), acknowledgements ride on frames going the other way or go alone at most
// one per ackDelay, and everything goes through the link's pacer.
const (
	relayWindow     = 32      // frames sent from the oldest unacknowledged one on, under maxAhead
	relayQueue      = 256     // frames held, sent or waiting for the window
	relayQueueBytes = 4 << 20 // their bytes
	// An acknowledgement waits ackDelay, so one covers many frames (a host's pace is shared
	// by all its links), or ackGapDelay when a frame is missing: that one says what is.
	ackDelay    = 400 * time.Millisecond
	ackGapDelay = 30 * time.Millisecond
	rtoInitial  = 1500 * time.Millisecond
	rtoMin      = 600 * time.Millisecond
	rtoMax      = 4 * time.Second
	relayTick   = 50 * time.Millisecond
)

// A frame is kept until the peer acknowledges it, however many copies that takes, and one
// unacknowledged while the peer stays silent for relayStall ends the link (relayed_stall.go).
// Builds from before acknowledgements (whose
// frames left the window after a few copies) speak an older table protocol and are told so
// at the hello; a frame dropped that way at the start of a new link — a redial, whose first
// acknowledgements a busy broker or a host's shared pace may hold back a few seconds — left
// the peer a gap nothing would fill, and the link hung on it until relayStall, then redialled:
// tens of seconds for one lost chunk.

// outFrame is a frame not yet acknowledged (tries 0: not sent yet, waiting for the window).
type outFrame struct {
	seq         uint64
	b           []byte // sequence number and frame, as Conn.Send made it
	first, last time.Time
	tries       int
	fast        bool // an acknowledgement showed frames after it came: send again now
}

// clock returns the link's time (tests set now).
func (l *relayedLink) clock() time.Time {
	if l.now != nil {
		return l.now()
	}
	return time.Now()
}

// enqueue keeps b until it is acknowledged. It does not wait for the window (a host sends
// every guest's frames in turn, and one gone silent must not hold up the others): frames past
// it wait in the queue, which flush sends as acknowledgements open the window. Only a queue of
// relayQueue frames or relayQueueBytes makes the sender wait, for a peer that is slow but
// acknowledging; a silent one is given up (relayStall) long before that.
func (l *relayedLink) enqueue(done <-chan struct{}, seq uint64, b []byte) error {
	for {
		l.amu.Lock()
		if len(l.unacked) < relayQueue && l.unackedBytes+len(b) <= relayQueueBytes {
			now := l.clock()
			l.unacked = append(l.unacked, &outFrame{seq: seq, b: b, first: now, last: now})
			l.unackedBytes += len(b)
			l.amu.Unlock()
			return nil
		}
		l.amu.Unlock()
		select {
		case <-l.space:
		case <-done:
			return ErrClosed
		}
	}
}

// flush sends the frames queued within the window, in order.
func (l *relayedLink) flush(done <-chan struct{}) error {
	for {
		l.amu.Lock()
		var f *outFrame
		for _, q := range l.unacked {
			if q.seq-l.unacked[0].seq >= relayWindow {
				break
			}
			if q.tries == 0 {
				f = q
				break
			}
		}
		if f != nil {
			f.tries = 1         // claimed: a second flush does not send it too
			f.first = l.clock() // its round trip, and the peer's silence, count from now
		}
		l.amu.Unlock()
		if f == nil {
			return nil
		}
		if err := l.transmit(done, f.b); err != nil {
			return err
		}
		l.sentAt(f)
	}
}

// sentAt restarts f's timeout once its copy has left: the pacer may hold a copy a while, and a
// timeout counted from before that would send it again for nothing.
func (l *relayedLink) sentAt(f *outFrame) {
	l.amu.Lock()
	f.last = l.clock()
	l.amu.Unlock()
}

// acked drops what an acknowledgement covers and learns the round trip from frames sent once.
func (l *relayedLink) acked(cum, sack uint64) {
	now := l.clock()
	l.amu.Lock()
	l.peerAcks = true
	kept := l.unacked[:0]
	// The highest frame the peer has past its gap: what is missing below it is lost (or
	// overtaken), so it goes again at once, unless it went again within a round trip.
	var top uint64
	for i := 63; i >= 0; i-- {
		if sack&(1<<i) != 0 {
			top = cum + 2 + uint64(i)
			break
		}
	}
	for _, f := range l.unacked {
		covered := f.seq <= cum || (f.seq >= cum+2 && f.seq-cum-2 < 64 && sack&(1<<(f.seq-cum-2)) != 0)
		if !covered {
			if f.seq < top && now.Sub(f.last) > l.srtt+ackGapDelay {
				f.fast = true
			}
			kept = append(kept, f)
			continue
		}
		l.unackedBytes -= len(f.b)
		l.progress = now
		if f.tries == 1 { // Karn: a retransmitted frame's ack says nothing of the round trip
			sample := now.Sub(f.first)
			if l.srtt == 0 {
				l.srtt = sample
			} else {
				l.srtt = (7*l.srtt + sample) / 8
			}
		}
	}
	clear(l.unacked[len(kept):])
	l.unacked = kept
	l.amu.Unlock()
	select {
	case l.space <- struct{}{}: // the queue may have room
	default:
	}
}

// rto is how long a frame sent tries times waits for its acknowledgement.
func (l *relayedLink) rto(tries int) time.Duration {
	d := rtoInitial
	if l.srtt > 0 {
		// srtt already holds the acknowledgement's own delay.
		d = min(rtoMax, max(rtoMin, l.srtt+l.srtt/2+100*time.Millisecond))
	}
	for i := 1; i < tries && d < rtoMax; i++ {
		d *= 2
	}
	return min(d, rtoMax)
}

// owe notes that an acknowledgement is due (a data chunk came, new or again), soon when gap
// says a frame is missing.
func (l *relayedLink) owe(gap bool) {
	l.amu.Lock()
	d := ackDelay
	if gap {
		d = ackGapDelay
	}
	if due := l.clock().Add(d); l.ackDue.IsZero() || due.Before(l.ackDue) {
		l.ackDue = due
	}
	l.amu.Unlock()
}

// tick sends what is due at now: an owed acknowledgement, frames whose acknowledgement is
// late. It fails c when the peer has gone silent while the link waits on it (stalled).
func (l *relayedLink) tick(c *Conn, now time.Time) {
	if why := l.stalled(c, now); why != "" {
		c.fail(fmt.Errorf("%w: %s", ErrClosed, why))
		return
	}
	l.amu.Lock()
	ack := !l.ackDue.IsZero() && !now.Before(l.ackDue)
	if ack {
		l.ackDue = time.Time{}
	}
	var due []*outFrame
	kept := l.unacked[:0]
	for _, f := range l.unacked {
		kept = append(kept, f)
		if f.tries == 0 {
			continue // not sent yet: flush sends it when the window opens
		}
		// A late frame goes again only once acknowledgements have stopped coming too: while
		// they cover other frames, the broker is slow, not losing (a loss among them shows in
		// their bitmap and is sent again at once, fast), and a copy would only load it more.
		if rto := l.rto(f.tries); f.fast || (now.Sub(f.last) >= rto && now.Sub(l.progress) >= rto) {
			f.fast = false
			f.last = now
			f.tries++
			l.retransmits++
			due = append(due, f)
		}
	}
	clear(l.unacked[len(kept):])
	l.unacked = kept
	l.amu.Unlock()
	if ack {
		cum, sack := c.received()
		if err := l.transmitAck(c.done, cum, sack); err != nil {
			c.fail(fmt.Errorf("%w: %v", ErrClosed, err))
			return
		}
	}
	for _, f := range due {
		if err := l.transmit(c.done, f.b); err != nil {
			c.fail(fmt.Errorf("%w: %v", ErrClosed, err))
			return
		}
		l.sentAt(f)
	}
	if err := l.flush(c.done); err != nil { // acknowledgements may have opened the window
		c.fail(fmt.Errorf("%w: %v", ErrClosed, err))
	}
}

// received is what c acknowledges: the last frame delivered in order, and which of the next
// 64 after the gap have come.
func (c *Conn) received() (cum, sack uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cum = c.next - 1
	for s := range c.ahead {
		if s >= cum+2 && s-cum-2 < 64 {
			sack |= 1 << (s - cum - 2)
		}
	}
	return cum, sack
}

// carry is the acknowledgement a piece going out carries, once the peer has shown it reads
// them (an older peer would drop the piece): that one settles what we owe.
func (l *relayedLink) carry() (ok bool, cum, sack uint64) {
	l.amu.Lock()
	ok = l.peerAcks
	if ok {
		l.ackDue = time.Time{}
	}
	l.amu.Unlock()
	if !ok {
		return false, 0, 0
	}
	cum, sack = l.conn.received()
	return true, cum, sack
}

// transmitAck sends an acknowledgement as the link's next chunk.
func (l *relayedLink) transmitAck(done <-chan struct{}, cum, sack uint64) error {
	l.smu.Lock()
	defer l.smu.Unlock()
	if !l.pacer.wait(done) {
		return ErrClosed
	}
	l.seq++
	return l.put(signal.SealChunk(l.link, l.out, l.sid, l.seq, signal.AckChunk(cum, sack)))
}

// transmit cuts b (sequence number and frame) into chunks and sends them in order, each
// sealed with the link's next chunk number.
func (l *relayedLink) transmit(done <-chan struct{}, b []byte) error {
	parts := (len(b) + signal.ChunkData - 1) / signal.ChunkData
	seq := uint64(0)
	if len(b) >= seqLen {
		seq = binary.BigEndian.Uint64(b)
	}
	l.smu.Lock()
	defer l.smu.Unlock()
	for i := range parts {
		data := b[i*signal.ChunkData : min(len(b), (i+1)*signal.ChunkData)]
		if !l.pacer.wait(done) {
			return ErrClosed
		}
		l.seq++
		ch := signal.Chunk{Seq: seq, Part: i, Parts: parts, Data: data}
		ch.Carried, ch.Cum, ch.Sack = l.carry()
		if err := l.put(signal.SealChunk(l.link, l.out, l.sid, l.seq, ch)); err != nil {
			return err
		}
	}
	return nil
}

// put sends one sealed chunk and counts it.
func (l *relayedLink) put(p []byte) error {
	if err := l.send(p); err != nil {
		return err
	}
	l.mu.Lock()
	l.sent += int64(len(p))
	l.mu.Unlock()
	return nil
}

// Retransmits reports how many frames a relayed link has sent again, for figures.
func (c *Conn) Retransmits() int64 {
	if c.via == nil {
		return 0
	}
	c.via.amu.Lock()
	defer c.via.amu.Unlock()
	return c.via.retransmits
}
