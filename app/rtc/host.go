package rtc

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"miskatonic/app/signal"
)

// maxSessions bounds set-ups in progress at one host; more joiners are told the host is busy.
const maxSessions = 64

// Host receives joiners for one room through the relay. Each joiner is offered on Joiners();
// the app admits it (Accept → a Conn for the table) or turns it away (Refuse). The host keeps
// its relay connection up for as long as it is hosting, reconnecting if the relay drops it, so
// a guest whose link broke can always dial again.
type Host struct {
	relayURL string
	inv      signal.Invite
	cfg      Config
	box      *signal.Box
	replay   signal.Replay
	pacer    *pacer // relayed chunks of every link share the host's signaling connection
	joiners  chan *Joiner
	ctx      context.Context
	cancel   context.CancelFunc
	done     chan struct{}
	reach    signal.Reach // whether invitations reach this host now (OnReach)

	mu       sync.Mutex
	client   signal.Conn
	sessions map[signal.Session]*session
	closed   bool
}

type session struct {
	id signal.Session
	// peers are the ids the guest reached us through, one per transport (a guest sends through
	// every transport it has): every answer goes through each of them, so one relay that drops
	// answers cannot cut the guest off from the host while another carries them.
	peers []uint32
	sent  [][]byte // the sealed frames sent so far, for a path found later (up to maxResent)
	seq   uint64   // last sequence number sent (guarded by Host.mu)
	in    chan signal.Message
	ended bool
	sink  func([]byte) // takes relayed chunks once the relayed path is agreed
}

// Joiner is a guest asking to sit at the table.
type Joiner struct {
	Name string // as the guest typed it (untrusted, at most signal.MaxName bytes)

	h     *Host
	s     *session
	offer string
	once  sync.Once
}

// Listen claims the room at the relay (with the invite's host token) and starts receiving
// joiners. relayURL is a transport list (see signal.Open): our relay's URL, or public buses. It fails at once if the relay cannot be reached or another host holds the room.
func Listen(ctx context.Context, relayURL string, inv signal.Invite, cfg Config) (*Host, error) {
	if inv.HostToken == "" || inv.HostSeed == "" {
		return nil, errors.New("rtc: hosting needs the invite's host token and signing key")
	}
	box, err := signal.NewBox(inv)
	if err != nil {
		return nil, err
	}
	client, err := signal.Open(ctx, relayURL, inv.Room, signal.RoleHost, inv.HostToken)
	if err != nil {
		return nil, err
	}
	cfg = cfg.ForRoom(inv.Room)
	hctx, cancel := context.WithCancel(context.Background())
	h := &Host{
		relayURL: relayURL, inv: inv, cfg: cfg, box: box, pacer: newPacer(HostPace),
		joiners: make(chan *Joiner, 16), ctx: hctx, cancel: cancel, done: make(chan struct{}),
		client: client, sessions: map[signal.Session]*session{},
	}
	if r, ok := client.(signal.Reacher); ok {
		r.OnReach(h.reach.Set) // public buses: the transports reconnect by themselves
	}
	go h.run(client)
	return h, nil
}

// OnReach calls f with false when invitations can no longer reach this host (every try to
// reconnect its signaling failed: the relay is down, or this device lost the internet), and
// with true once they can again, so the host's page can say why nobody new arrives. Links
// already open are not affected, except those relayed over that signaling.
func (h *Host) OnReach(f func(up bool)) { h.reach.OnChange(f) }

// Joiners delivers each guest asking to join. It is closed when the host closes.
func (h *Host) Joiners() <-chan *Joiner { return h.joiners }

// Close stops hosting: joiners still waiting are refused, the relay connection is closed.
// Established Conns are not affected.
func (h *Host) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	h.mu.Unlock()
	h.cancel()
	<-h.done
	return nil
}

func (h *Host) run(client signal.Conn) {
	defer close(h.done)
	defer close(h.joiners)
	backoff := 100 * time.Millisecond
	for {
		start := time.Now()
		h.serve(client)
		client.CloseNow()
		h.endAll()
		if h.ctx.Err() != nil {
			return
		}
		if time.Since(start) > 10*time.Second {
			backoff = 100 * time.Millisecond
		}
		// The relay dropped us (restart, idle room, network): come back so guests can redial.
		for {
			select {
			case <-h.ctx.Done():
				return
			case <-time.After(backoff):
			}
			if backoff < 5*time.Second {
				backoff *= 2
			}
			ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
			c, err := signal.Open(ctx, h.relayURL, h.inv.Room, signal.RoleHost, h.inv.HostToken)
			cancel()
			if err == nil {
				client = c
				h.mu.Lock()
				h.client = c
				h.mu.Unlock()
				if r, ok := c.(signal.Reacher); ok {
					r.OnReach(h.reach.Set)
				}
				h.reach.Set(true)
				break
			}
			if h.ctx.Err() == nil {
				h.reach.Set(false)
			}
		}
	}
}

// serve reads frames until the relay connection ends.
func (h *Host) serve(client signal.Conn) {
	stop := context.AfterFunc(h.ctx, func() { client.CloseNow() })
	defer stop()
	for {
		f, err := client.Recv(h.ctx)
		if err != nil {
			return
		}
		switch f.Type {
		case signal.FrameData:
			h.handle(f.Peer, f.Payload)
		case signal.FrameLeave:
			// A leave is not sealed: any relay can say it of any peer id it carries. It closes
			// only the path through that relay (a peer id names its transport); the session
			// ends once no path is left.
			h.mu.Lock()
			for id, s := range h.sessions {
				if s.dropPeer(f.Peer) && len(s.peers) == 0 {
					h.endLocked(id, s)
				}
			}
			h.mu.Unlock()
		}
	}
}

// handle opens one sealed payload from a guest; anything that fails a check is dropped.
func (h *Host) handle(peer uint32, payload []byte) {
	sid, seq, plain, err := h.box.Open(signal.ToHost, payload)
	if err != nil {
		return
	}
	if signal.IsChunk(plain) {
		h.mu.Lock()
		s := h.sessions[sid]
		if s == nil || s.ended || s.sink == nil || h.replay.Check(sid, seq) != nil {
			h.mu.Unlock()
			return
		}
		s.addPeer(peer) // a path the guest reaches us on (issue 23 item 9)
		sink := s.sink
		h.mu.Unlock()
		sink(plain)
		return
	}
	m, err := signal.DecodeMessage(plain)
	if err != nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sessions[sid]
	// A session starts with its offer. What comes before it (a bus may reorder) is dropped
	// unrecorded, so its resent copy still counts once the offer is in.
	if s == nil && (m.Kind != signal.KindOffer || seq != 1) {
		return
	}
	if s != nil && !s.ended && s.addPeer(peer) {
		// A copy through another transport (or a replay of one) is a path too, and it is sent
		// what went out before it was known: the answer may have gone only through a relay
		// that dropped it. The guest drops what it already has (sealed sequence numbers).
		h.resendLocked(s, peer)
	}
	if h.replay.Check(sid, seq) != nil {
		return
	}
	if s == nil {
		s = &session{id: sid, peers: []uint32{peer}, in: make(chan signal.Message, 64)}
		if len(h.sessions) >= maxSessions || h.closed {
			h.sendLocked(s, signal.Message{Kind: signal.KindRefuse, Reason: signal.ReasonTimeout})
			return
		}
		h.sessions[sid] = s
		j := &Joiner{Name: m.Name, h: h, s: s, offer: m.SDP}
		select {
		case h.joiners <- j:
		default:
			h.sendLocked(s, signal.Message{Kind: signal.KindRefuse, Reason: signal.ReasonTimeout})
			h.endLocked(sid, s)
		}
		return
	}
	if s.ended || m.Kind == signal.KindOffer {
		return
	}
	select {
	case s.in <- m:
	default: // a guest flooding candidates loses the extras
	}
}

func (h *Host) sendLocked(s *session, m signal.Message) error {
	if signal.Signed(m.Kind) {
		var err error
		if m, err = signal.SignHost(h.inv, s.id, m); err != nil {
			return err
		}
	}
	b, err := m.Encode()
	if err != nil {
		return err
	}
	return h.sendPlainLocked(s, b)
}

// sendChunk seals and sends one relayed chunk to the guest of s.
func (h *Host) sendChunk(s *session, b []byte) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if s.ended {
		return fmt.Errorf("rtc: the guest left: %w", ErrClosed)
	}
	return h.sendSealedLocked(s, b, true)
}

func (h *Host) sendPlainLocked(s *session, b []byte) error {
	return h.sendSealedLocked(s, b, false)
}

func (h *Host) sendSealedLocked(s *session, b []byte, light bool) error {
	s.seq++
	sealed := h.box.Seal(signal.ToGuest, s.id, s.seq, b)
	if len(s.sent) < maxResent {
		s.sent = append(s.sent, sealed)
	}
	ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
	defer cancel()
	var failed error
	sent := false
	for _, p := range s.peers {
		f := signal.Frame{Type: signal.FrameData, Peer: p, Payload: sealed}
		var e error
		if light {
			e = signal.SendLight(ctx, h.client, f)
		} else {
			e = h.client.Send(ctx, f)
		}
		if e != nil {
			failed = e
		} else {
			sent = true
		}
	}
	if sent {
		return nil
	}
	return failed // no path took it
}

// resendLocked sends what s was sent so far through path p alone.
func (h *Host) resendLocked(s *session, p uint32) {
	ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
	defer cancel()
	for _, sealed := range s.sent {
		if h.client.Send(ctx, signal.Frame{Type: signal.FrameData, Peer: p, Payload: sealed}) != nil {
			return
		}
	}
}

// maxPaths bounds the peer ids one session answers through, and maxResent the frames kept
// for a path found later (an answer and its candidates).
const (
	maxPaths  = 8
	maxResent = 32
)

// addPeer adds path p; true if it is new.
func (s *session) addPeer(p uint32) bool {
	for _, q := range s.peers {
		if q == p {
			return false
		}
	}
	if len(s.peers) >= maxPaths {
		return false
	}
	s.peers = append(s.peers, p)
	return true
}

// dropPeer forgets path p; true if the session had it.
func (s *session) dropPeer(p uint32) bool {
	for i, q := range s.peers {
		if q == p {
			s.peers = append(s.peers[:i], s.peers[i+1:]...)
			return true
		}
	}
	return false
}

func (h *Host) send(s *session, m signal.Message) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if s.ended {
		return fmt.Errorf("rtc: the guest left: %w", ErrClosed)
	}
	return h.sendLocked(s, m)
}

func (h *Host) endLocked(id signal.Session, s *session) {
	if !s.ended {
		s.ended = true
		close(s.in)
	}
	delete(h.sessions, id)
	h.replay.Forget(id)
}

func (h *Host) endAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, s := range h.sessions {
		h.endLocked(id, s)
	}
}

// Accept admits the joiner: it answers the guest's offer and returns the connection once the
// data channel is open (or an error if ctx ends first or the guest goes away).
func (j *Joiner) Accept(ctx context.Context) (*Conn, error) {
	err := errors.New("rtc: joiner already answered")
	var c *Conn
	j.once.Do(func() {
		p := pipe{send: func(m signal.Message) error { return j.h.send(j.s, m) }, in: j.s.in}
		if !j.h.cfg.NoRelayed {
			p.relayed = func(guestKey []byte) (*Conn, error) { return j.h.relayed(j.s, p, guestKey) }
		}
		c, err = answer(ctx, j.h.cfg, p, j.offer)
	})
	return c, err
}

// relayed agrees to carry the link of s over signaling (the guest asked: no network path
// opened) and returns the relayed Conn.
func (h *Host) relayed(s *session, p pipe, guestKey []byte) (*Conn, error) {
	key, err := signal.NewLinkKey()
	if err != nil {
		return nil, err
	}
	link, err := key.LinkBox(h.inv.Room, s.id, guestKey)
	if err != nil {
		return nil, err
	}
	mine := key.Public()
	l := &relayedLink{send: func(b []byte) error { return h.sendChunk(s, b) }, link: link, out: signal.ToGuest, in: signal.ToHost,
		sid: s.id, binding: signal.RelayedBinding(h.inv.Room, s.id, mine, guestKey), pacer: h.pacer,
		close: func() {
			_ = h.send(s, signal.Message{Kind: signal.KindBye})
			h.mu.Lock()
			h.endLocked(s.id, s)
			h.mu.Unlock()
		}}
	c := newRelayedConn(l)
	h.mu.Lock()
	s.sink = func(b []byte) { l.receive(c, b) }
	h.mu.Unlock()
	if err := h.send(s, signal.Message{Kind: signal.KindRelayed, DH: append(append([]byte(nil), mine...), guestKey...)}); err != nil {
		c.Close()
		return nil, err
	}
	go watchRelayed(p, c)
	return c, nil
}

// Refuse turns the joiner away with a reason the guest is shown (signal.ReasonFull,
// signal.ReasonKicked).
func (j *Joiner) Refuse(reason string) error {
	err := errors.New("rtc: joiner already answered")
	j.once.Do(func() {
		err = j.h.send(j.s, signal.Message{Kind: signal.KindRefuse, Reason: reason})
		j.h.mu.Lock()
		j.h.endLocked(j.s.id, j.s)
		j.h.mu.Unlock()
	})
	return err
}
