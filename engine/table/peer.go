package table

import (
	"errors"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

const (
	outQueue  = 2048 // frames waiting for a slow link before the guest is dropped
	outboxLen = 512  // frames kept per connection for resends (older: welcome again)
	// outboxBytes and resendBytes bound the bytes kept for resends and sent again per request,
	// so a 50-byte resync cannot make the host send (or keep) megabytes.
	outboxBytes = 1 << 20
	resendBytes = 256 << 10
	seenWin     = 1024 // how far back a guest's seqs are remembered for de-duplication
	resendGap   = 20 * time.Millisecond
	// closeDrain bounds how long a dropped guest's link may carry what was queued for it (its
	// bye last) before it is closed. A slow link (the relayed path over a busy broker, a few
	// frames a second) took minutes to drain a backlog, and all that time the guest played on
	// a table it was no longer at, its link alive, without redialling. Closed early, the guest
	// redials and is told again (a bye is sent on every refused hello).
	closeDrain = 3 * time.Second
)

// peer is one guest connection on the host. Fields are owned by the match goroutine except
// conn, out and quit, which the reader and writer goroutines share.
type peer struct {
	h    *Host
	id   int
	conn Conn
	out  chan []byte
	quit chan struct{}

	closed   bool
	outSeq   uint64
	outbox   []stored
	outBytes int // bytes in outbox
	seat     engine.Seat
	key      []byte
	nonce    []byte
	table    []byte // the table id the challenge named (a rematch may change h.table since)
	welcomed bool
	strikes  int
	maxIn    uint64
	seenIn   map[uint64]bool

	heard      time.Time // the last frame from this guest (silence.go)
	lastResend time.Time
	lastNeed   time.Time
	lastRecord time.Time // the last record sent (record.go)
	helloTimer *time.Timer

	// A watcher's name (whether the host agreed to seat it at the next game is Host.admitted,
	// by identity key, so that it outlives this link and a reload of the host).
	watchName string
}

type stored struct {
	seq   uint64
	frame []byte
}

func newPeer(h *Host, id int, c Conn) *peer {
	return &peer{h: h, id: id, conn: c, out: make(chan []byte, outQueue), quit: make(chan struct{}), seat: engine.Observer, seenIn: map[uint64]bool{},
		heard: h.clock().Now()}
}

func (p *peer) start() {
	p.h.wg.Add(2)
	go p.reader()
	go p.writer()
}

// reader decodes frames and hands them to the match goroutine, refusing floods before decoding.
func (p *peer) reader() {
	defer p.h.wg.Done()
	rate, burst := p.h.cfg.RatePerSecond, float64(p.h.cfg.Burst)
	tokens, last := burst, time.Now()
	for {
		f, err := p.conn.Recv()
		if err != nil {
			p.post(event{peer: p, gone: true})
			return
		}
		now := time.Now()
		tokens = min(burst, tokens+now.Sub(last).Seconds()*rate)
		last = now
		if tokens < 1 {
			if !p.post(event{peer: p, err: engine.Errorf(wire.KindFlood, "table", "more than %.0f messages a second", rate)}) {
				return
			}
			continue
		}
		tokens--
		seq, msg, err := wire.Decode(f)
		if err != nil {
			ev := event{peer: p, seq: seq, err: err}
			if errors.Is(err, wire.ErrVersion) {
				ev.version = max(wire.FrameVersion(f), 1)
			}
			if !p.post(ev) {
				return
			}
			continue
		}
		if !p.post(event{peer: p, seq: seq, msg: msg}) {
			return
		}
	}
}

func (p *peer) post(ev event) bool {
	select {
	case p.h.events <- ev:
		return true
	case <-p.h.quit:
		return false
	case <-p.quit:
		return false
	}
}

// writer sends queued frames; on close it flushes what is queued (a bye) and closes the link.
func (p *peer) writer() {
	defer p.h.wg.Done()
	for {
		select {
		case f := <-p.out:
			_ = p.conn.Send(f) // a broken link is noticed by the reader
		case <-p.quit:
			for {
				select {
				case f := <-p.out:
					_ = p.conn.Send(f)
				default:
					p.conn.Close()
					return
				}
			}
		}
	}
}

func (p *peer) queue(f []byte) bool {
	select {
	case p.out <- f:
		return true
	default:
		return false
	}
}

func (p *peer) close() {
	if !p.closed {
		p.closed = true
		close(p.quit)
		time.AfterFunc(closeDrain, func() { p.conn.Close() }) // the writer closes it sooner once drained
		if p.helloTimer != nil {
			p.helloTimer.Stop()
		}
	}
}

// fresh reports whether a guest's message seq is new, remembering it.
func (p *peer) fresh(seq uint64) bool {
	if seq+seenWin <= p.maxIn || p.seenIn[seq] {
		return false
	}
	p.seenIn[seq] = true
	if seq > p.maxIn {
		p.maxIn = seq
	}
	if len(p.seenIn) > 2*seenWin {
		for s := range p.seenIn {
			if s+seenWin <= p.maxIn {
				delete(p.seenIn, s)
			}
		}
	}
	return true
}

func (p *peer) remember(seq uint64, f []byte) {
	for len(p.outbox) > 0 && (len(p.outbox) >= outboxLen || p.outBytes+len(f) > outboxBytes) {
		drop := max(1, len(p.outbox)/2)
		for _, s := range p.outbox[:drop] {
			p.outBytes -= len(s.frame)
		}
		p.outbox = append(p.outbox[:0], p.outbox[drop:]...)
	}
	p.outbox = append(p.outbox, stored{seq, f})
	p.outBytes += len(f)
}

// resend sends again every frame from seq next on. When next is older than the frames kept,
// the guest is welcomed again from scratch instead (a welcome resets its stream).
func (p *peer) resend(next uint64) {
	if next > p.outSeq {
		return
	}
	if len(p.outbox) == 0 || next < p.outbox[0].seq {
		if p.welcomed {
			p.h.welcome(p)
		}
		return
	}
	sent := 0
	for _, s := range p.outbox[next-p.outbox[0].seq:] {
		if sent += len(s.frame); sent > resendBytes {
			return // the rest on the next request
		}
		if !p.queue(s.frame) {
			p.h.dropPeer(p, nil)
			return
		}
	}
}
