package signal

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// How long the pieces of a multi-transport connection may take.
var (
	// ConnectWait bounds one endpoint's connection attempt.
	ConnectWait = 5 * time.Second
	// AnswerWait is how long a guest waits for any reply from the host before giving up (the
	// host answers an offer in milliseconds; a bus has no presence to say it is not there).
	AnswerWait = 8 * time.Second
)

// ErrNoAnswer is wrapped when no endpoint could be reached, or none brought a reply in time.
var ErrNoAnswer = errors.New("signal: no transport answered")

// NoAnswerError lists the endpoints that were tried and what went wrong with each.
type NoAnswerError struct {
	Tried []Endpoint
	Errs  []error // per endpoint; nil where it connected but the host stayed silent
}

func (e *NoAnswerError) Error() string {
	parts := make([]string, len(e.Tried))
	for i, t := range e.Tried {
		parts[i] = t.String()
		if i < len(e.Errs) && e.Errs[i] != nil {
			parts[i] += " (" + e.Errs[i].Error() + ")"
		}
	}
	return "signal: no answer through " + strings.Join(parts, ", ")
}

func (e *NoAnswerError) Unwrap() error { return ErrNoAnswer }

// GaveOut reports whether every endpoint failed for a reason of its own (out of reach, or
// refused us), so none was up merely waiting for the host.
func (e *NoAnswerError) GaveOut() bool {
	for _, err := range e.Errs {
		if err == nil {
			return false
		}
	}
	return len(e.Errs) > 0
}

// Refused reports whether every endpoint gave out and at least one refused our messages
// (ErrRefused) rather than being out of reach.
func (e *NoAnswerError) Refused() bool {
	if !e.GaveOut() {
		return false
	}
	for _, err := range e.Errs {
		if errors.Is(err, ErrRefused) {
			return true
		}
	}
	return false
}

// multi is one Conn over several endpoints, all tried at once. A guest sends every frame
// through each endpoint that is up (an endpoint that comes up late is sent what went before)
// and takes the first copy of each reply: the sealed sequence numbers make the others no-ops.
// A host listens on every endpoint, keeps each up (reconnecting with backoff), and answers a
// guest through the endpoint it came from: the top bits of a peer id name that endpoint.
type multi struct {
	eps   []Endpoint
	room  string
	role  Role
	token string

	in     chan Frame
	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	conns   []Conn
	errs    []error
	pending int      // endpoints still being tried (guest) or kept (host)
	sent    [][]byte // a guest's frames so far, for endpoints that come up late
	first   chan struct{}
	dead    chan struct{} // closed when no endpoint is up or coming
	heard   chan struct{} // closed at the first data frame (a guest's "answer")
	once    sync.Once
	// A host keeps retrying, but Open fails as soon as every endpoint's first try has.
	firstFails int
	allFailed  chan struct{}
	reach      Reach // a host's: whether any endpoint is up (reach.go)
}

// OnReach reports, for a host, when every endpoint has failed a try to reconnect and when one
// is back (see Reach).
func (m *multi) OnReach(f func(up bool)) { m.reach.OnChange(f) }

const maxSent = 64

func openMulti(ctx context.Context, eps []Endpoint, room string, role Role, token string) (Conn, error) {
	if len(eps) > 1<<(32-peerBits) {
		return nil, fmt.Errorf("signal: at most %d transports", 1<<(32-peerBits))
	}
	m := &multi{
		eps: eps, room: room, role: role, token: token,
		in:    make(chan Frame, 64),
		conns: make([]Conn, len(eps)), errs: make([]error, len(eps)), pending: len(eps),
		first: make(chan struct{}), dead: make(chan struct{}), heard: make(chan struct{}),
		allFailed: make(chan struct{}),
	}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	for i := range eps {
		go m.keep(i)
	}
	select {
	case <-m.first:
		return m, nil
	case <-m.allFailed:
		m.CloseNow()
		return nil, m.noAnswer()
	case <-ctx.Done():
		m.CloseNow()
		return nil, fmt.Errorf("%w: %v", m.noAnswer(), ctx.Err())
	}
}

func (m *multi) noAnswer() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return &NoAnswerError{Tried: m.eps, Errs: append([]error(nil), m.errs...)}
}

// keep connects endpoint i and forwards what it receives. A guest tries once; a host keeps
// the endpoint up until the conn closes.
func (m *multi) keep(i int) {
	backoff := 250 * time.Millisecond
	for try := 0; ; try++ {
		ctx, cancel := context.WithTimeout(m.ctx, ConnectWait)
		c, err := openOne(ctx, m.eps[i], m.room, m.role, m.token)
		cancel()
		if err == nil {
			backoff = 250 * time.Millisecond
			m.attach(i, c)
			ferr := m.forward(i, c)
			c.CloseNow()
			m.mu.Lock()
			m.conns[i] = nil
			if errors.Is(ferr, ErrRefused) {
				m.errs[i] = ferr // it was up, but carried nothing of ours: not a silent host
			}
			m.mu.Unlock()
		} else {
			m.mu.Lock()
			m.errs[i] = err
			if try == 0 {
				m.firstFails++
				if m.firstFails == len(m.eps) {
					close(m.allFailed)
				}
			}
			down := m.allDownLocked()
			m.mu.Unlock()
			if down && m.role == RoleHost {
				m.reach.Set(false)
			}
		}
		if m.role != RoleHost || m.ctx.Err() != nil {
			break
		}
		select {
		case <-m.ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 10*time.Second)
	}
	m.mu.Lock()
	m.pending--
	if m.pending == 0 {
		close(m.dead)
	}
	m.mu.Unlock()
}

func (m *multi) attach(i int, c Conn) {
	m.mu.Lock()
	m.conns[i] = c
	m.errs[i] = nil
	sent := append([][]byte(nil), m.sent...)
	m.mu.Unlock()
	m.once.Do(func() { close(m.first) })
	m.reach.Set(true)
	for _, b := range sent {
		f, _ := ParseFrame(b)
		ctx, cancel := context.WithTimeout(m.ctx, 5*time.Second)
		_ = c.Send(ctx, f)
		cancel()
	}
}

// allDownLocked reports whether no endpoint is up and each has failed its last try: one that
// dropped and is being tried again does not count as down yet.
func (m *multi) allDownLocked() bool {
	for i := range m.eps {
		if m.conns[i] != nil || m.errs[i] == nil {
			return false
		}
	}
	return true
}

// forward reads endpoint i until it ends, and returns why.
func (m *multi) forward(i int, c Conn) error {
	stop := context.AfterFunc(m.ctx, func() { c.CloseNow() })
	defer stop()
	for {
		f, err := c.Recv(m.ctx)
		if err != nil {
			return err
		}
		switch m.role {
		case RoleHost:
			if f.Peer == 0 || f.Peer > peerMask {
				continue
			}
			f.Peer |= uint32(i) << peerBits
		default:
			// Presence belongs to one endpoint; another may still carry the host.
			if f.Type != FrameData {
				continue
			}
			select {
			case <-m.heard:
			default:
				m.mu.Lock()
				select {
				case <-m.heard:
				default:
					close(m.heard)
				}
				m.mu.Unlock()
			}
		}
		f.Payload = append([]byte(nil), f.Payload...)
		select {
		case m.in <- f:
		case <-m.ctx.Done():
			return m.ctx.Err()
		}
	}
}

// Send goes to the endpoint a host's peer came through, or through every endpoint up for a
// guest (and is kept for those that come up later).
func (m *multi) Send(ctx context.Context, f Frame) error {
	return m.send(ctx, f, false)
}

// SendLight is Send for a relayed chunk: through each endpoint's SendLight, and not kept for
// endpoints that come up later (a relayed link is agreed through one that is up).
func (m *multi) SendLight(ctx context.Context, f Frame) error {
	return m.send(ctx, f, true)
}

func (m *multi) send(ctx context.Context, f Frame, light bool) error {
	through := func(c Conn) error {
		if light {
			return SendLight(ctx, c, f)
		}
		return c.Send(ctx, f)
	}
	if m.role == RoleHost {
		i := int(f.Peer >> peerBits)
		m.mu.Lock()
		c := m.conns[i%len(m.conns)]
		m.mu.Unlock()
		if c == nil {
			return fmt.Errorf("signal: %s is down", m.eps[i%len(m.eps)])
		}
		f.Peer &= peerMask
		return through(c)
	}
	m.mu.Lock()
	if !light && len(m.sent) < maxSent {
		m.sent = append(m.sent, f.Marshal())
	}
	conns := append([]Conn(nil), m.conns...)
	m.mu.Unlock()
	var errs []error
	sent := false
	for _, c := range conns {
		if c == nil {
			continue
		}
		if err := through(c); err != nil {
			errs = append(errs, err)
		} else {
			sent = true
		}
	}
	if !sent {
		return fmt.Errorf("signal: sent through no transport: %w", errors.Join(append(errs, ErrNoAnswer)...))
	}
	return nil
}

// SendLight sends a relayed chunk through c: with fewer resends on a public bus (see
// ChunkResend), as Send elsewhere.
func SendLight(ctx context.Context, c Conn, f Frame) error {
	if l, ok := c.(interface {
		SendLight(context.Context, Frame) error
	}); ok {
		return l.SendLight(ctx, f)
	}
	return c.Send(ctx, f)
}

// Recv returns the next frame from any endpoint. A guest gets ErrNoAnswer (a *NoAnswerError)
// when no endpoint is left, or when AnswerWait passes without a word from the host.
func (m *multi) Recv(ctx context.Context) (Frame, error) {
	var timeout <-chan time.Time
	if m.role == RoleGuest {
		select {
		case <-m.heard:
		default:
			t := time.NewTimer(AnswerWait)
			defer t.Stop()
			timeout = t.C
		}
	}
	select {
	case f := <-m.in:
		return f, nil
	case <-m.dead:
		return Frame{}, m.noAnswer()
	case <-timeout:
		select {
		case f := <-m.in:
			return f, nil
		default:
		}
		return Frame{}, m.noAnswer()
	case <-ctx.Done():
		return Frame{}, ctx.Err()
	}
}

func (m *multi) Close() error { return m.CloseNow() }

// CloseNow closes every endpoint.
func (m *multi) CloseNow() error {
	m.cancel()
	m.mu.Lock()
	conns := append([]Conn(nil), m.conns...)
	m.mu.Unlock()
	for _, c := range conns {
		if c != nil {
			c.CloseNow()
		}
	}
	return nil
}
