package table

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"miskatonic/engine/rng"
)

// ErrClosed is returned by a pipe end once either end is closed.
var ErrClosed = errors.New("table: connection closed")

// queue is one direction of a pipe: an unbounded FIFO, so Send never blocks.
type queue struct {
	mu     sync.Mutex
	items  [][]byte
	ready  chan struct{} // has a value while items is non-empty or closed
	closed bool
}

func newQueue() *queue { return &queue{ready: make(chan struct{}, 1)} }

func (q *queue) signal() {
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

func (q *queue) push(f []byte) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return ErrClosed
	}
	q.items = append(q.items, f)
	q.signal()
	return nil
}

func (q *queue) pop() ([]byte, error) {
	for {
		q.mu.Lock()
		if len(q.items) > 0 {
			f := q.items[0]
			q.items[0] = nil
			q.items = q.items[1:]
			if len(q.items) > 0 {
				q.signal()
			}
			q.mu.Unlock()
			return f, nil
		}
		if q.closed {
			q.signal()
			q.mu.Unlock()
			return nil, ErrClosed
		}
		q.mu.Unlock()
		<-q.ready
	}
}

// close ends the queue for writers; a reader still gets what was sent before (a bye).
func (q *queue) close() {
	q.mu.Lock()
	q.closed = true
	q.signal()
	q.mu.Unlock()
}

type pipeEnd struct {
	in, out *queue
	self    *atomic.Bool // this end was closed: its own Recv ends at once
	once    *sync.Once
}

func (p pipeEnd) Send(f []byte) error { return p.out.push(append([]byte(nil), f...)) }

func (p pipeEnd) Recv() ([]byte, error) {
	if p.self.Load() {
		return nil, ErrClosed
	}
	f, err := p.in.pop()
	if p.self.Load() {
		return nil, ErrClosed
	}
	return f, err
}

func (p pipeEnd) Close() error {
	p.self.Store(true)
	p.once.Do(func() { p.in.close(); p.out.close() })
	return nil
}

func (p pipeEnd) isClosed() bool {
	p.out.mu.Lock()
	defer p.out.mu.Unlock()
	return p.out.closed
}

func newPipeEnds() (pipeEnd, pipeEnd) {
	x, y, o := newQueue(), newQueue(), &sync.Once{}
	return pipeEnd{x, y, &atomic.Bool{}, o}, pipeEnd{y, x, &atomic.Bool{}, o}
}

// Pipe returns the two ends of a reliable, ordered in-memory connection: the host's own player
// in the browser talks to the host through one, and tests use them everywhere. Send never
// blocks; closing either end closes both.
func Pipe() (Conn, Conn) {
	a, b := newPipeEnds()
	return a, b
}

// Faults describes how a FaultyPipe misbehaves, each direction independently.
type Faults struct {
	Drop     float64       // chance a frame is lost
	Dup      float64       // chance a frame is delivered twice
	MaxDelay time.Duration // each frame is delayed uniformly in [0, MaxDelay], which reorders
}

// faulty wraps one end's Send with losses, duplicates and delays.
type faulty struct {
	pipeEnd
	f  Faults
	mu *sync.Mutex
	r  *rng.Rand
}

func (c faulty) Send(frame []byte) error {
	if c.isClosed() {
		return ErrClosed
	}
	f := append([]byte(nil), frame...)
	c.mu.Lock()
	drop := c.r.Intn(1000) < int(c.f.Drop*1000)
	copies := 1
	if c.r.Intn(1000) < int(c.f.Dup*1000) {
		copies = 2
	}
	delays := make([]time.Duration, copies)
	for i := range delays {
		if c.f.MaxDelay > 0 {
			delays[i] = time.Duration(c.r.Intn(int(c.f.MaxDelay) + 1))
		}
	}
	c.mu.Unlock()
	if drop {
		return nil
	}
	for _, d := range delays {
		if d == 0 {
			c.out.push(f)
			continue
		}
		time.AfterFunc(d, func() { c.out.push(f) })
	}
	return nil
}

// FaultyPipe is a Pipe that drops, duplicates, delays and reorders frames as f says, drawing
// its choices from seed: the protocol must survive it (tests only; a real Conn is reliable).
func FaultyPipe(seed uint64, f Faults) (Conn, Conn) {
	a, b := newPipeEnds()
	mu := &sync.Mutex{}
	r := rng.FromInt(seed)
	return faulty{a, f, mu, r}, faulty{b, f, mu, r}
}
