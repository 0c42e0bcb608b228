package rtc

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/pion/webrtc/v3"

	"miskatonic/app/signal"
)

// ErrRefused is wrapped when the host does not admit a guest; RefusedReason extracts why.
var ErrRefused = errors.New("rtc: the host did not let us in")

// RefusedError says why the host refused (signal.ReasonFull, ReasonKicked, ReasonClosed...).
type RefusedError struct{ Reason string }

func (e *RefusedError) Error() string {
	switch e.Reason {
	case signal.ReasonFull:
		return "rtc: the table is full"
	case signal.ReasonKicked:
		return "rtc: the host turned us away"
	case signal.ReasonClosed:
		return "rtc: the host has stopped hosting"
	}
	return "rtc: the host did not let us in (" + e.Reason + ")"
}

func (e *RefusedError) Unwrap() error { return ErrRefused }

// RefusedReason returns the reason of a refusal, or "" if err is not one.
func RefusedReason(err error) string {
	var r *RefusedError
	if errors.As(err, &r) {
		return r.Reason
	}
	return ""
}

// PathWait bounds how long a guest waits, once the host has answered, for a network path that
// neither opens nor fails; ICE's own failure usually comes far sooner (about 1.5 s natively;
// in a browser, the dead-path rule of deadpath.go, about 4 s).
var PathWait = 12 * time.Second

// pipe carries one session's set-up messages: send seals and forwards, in delivers what the
// other side sent (already opened and checked), and is closed when the session ends.
type pipe struct {
	send func(signal.Message) error
	in   <-chan signal.Message
	// relayed (host only) agrees to a guest's request for the relayed path, given the
	// guest's key, and returns the Conn; nil where the host offers none.
	relayed func(guestKey []byte) (*Conn, error)
}

// remoteCandidates applies remote ICE candidates, buffering those that arrive before the
// remote description and dropping the empty end-of-candidates marker Chromium sends.
type remoteCandidates struct {
	pc      *webrtc.PeerConnection
	mu      sync.Mutex
	ready   bool
	pending []webrtc.ICECandidateInit
}

func (r *remoteCandidates) add(c *signal.Candidate) {
	if c == nil || c.Candidate == "" {
		return // end-of-candidates: nothing to add
	}
	init := webrtc.ICECandidateInit{Candidate: c.Candidate, SDPMid: c.SDPMid, SDPMLineIndex: c.SDPMLineIndex, UsernameFragment: c.UsernameFragment}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.ready {
		if len(r.pending) < 64 {
			r.pending = append(r.pending, init)
		}
		return
	}
	_ = r.pc.AddICECandidate(init) // a bad candidate is just one path fewer
}

// described marks the remote description as set and applies the buffered candidates.
func (r *remoteCandidates) described() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ready = true
	for _, c := range r.pending {
		_ = r.pc.AddICECandidate(c)
	}
	r.pending = nil
}

// localCandidates forwards our candidates, holding them until our description has been sent so
// the other side never sees a candidate for a session it does not know yet.
type localCandidates struct {
	send    func(signal.Message) error
	mu      sync.Mutex
	open    bool
	pending []signal.Message
}

// watch forwards pc's candidates from now on (candidates_native.go, candidates_js.go); stop
// ends that for a peer connection given up or closed before its gathering finished.
func (l *localCandidates) watch(pc *webrtc.PeerConnection) (stop func()) {
	return onLocalCandidate(pc, func(c signal.Candidate) {
		if c.Candidate == "" {
			return // end-of-candidates: the other side needs no marker
		}
		m := signal.Message{Kind: signal.KindCandidate, Candidate: &c}
		l.mu.Lock()
		if !l.open {
			l.pending = append(l.pending, m)
			l.mu.Unlock()
			return
		}
		l.mu.Unlock()
		_ = l.send(m)
	})
}

func (l *localCandidates) release() {
	l.mu.Lock()
	pending := l.pending
	l.pending, l.open = nil, true
	l.mu.Unlock()
	for _, m := range pending {
		_ = l.send(m)
	}
}

// keepAdding applies candidates that trickle in after the channel opened, until the session's
// pipe closes or the conn ends.
func keepAdding(p pipe, rc *remoteCandidates, c *Conn) {
	go func() {
		for {
			select {
			case m, ok := <-p.in:
				if !ok {
					return
				}
				if m.Kind == signal.KindCandidate {
					rc.add(m.Candidate)
				}
			case <-c.Done():
				return
			}
		}
	}()
}

// offer runs the dialing side: create the channel, send an offer, wait for the answer.
func offer(ctx context.Context, cfg Config, p pipe, name string) (*Conn, error) {
	pc, turnErr, err := newPeerConnectionTURN(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("rtc: new peer connection: %w", err)
	}
	ok := false
	stopCandidates := func() {}
	defer func() {
		if !ok {
			stopCandidates()
			pc.Close()
		}
	}()
	// A TURN server that refused this page's own credentials is told only to the page
	// (turnrefusal_js.go): with no path, the person is told TURN refused us.
	turnRefused, stopTURNWatch := watchTURNRefusal(pc)
	defer stopTURNWatch()
	noPathNow := func() error {
		if turnErr != nil {
			return noPath(turnErr)
		}
		return noPath(turnRefused())
	}
	ordered := true
	dc, err := pc.CreateDataChannel("miskatonic", &webrtc.DataChannelInit{Ordered: &ordered})
	if err != nil {
		return nil, fmt.Errorf("rtc: create data channel: %w", err)
	}
	opened := make(chan struct{})
	var once sync.Once
	dc.OnOpen(func() { once.Do(func() { close(opened) }) })
	c := newConn(pc, dc)
	// ICE's own verdict, in seconds: every candidate pair failed. No 30 s timer waits for it.
	iceFailed := make(chan struct{})
	var iceOnce sync.Once
	pc.OnICEConnectionStateChange(func(s webrtc.ICEConnectionState) {
		if s == webrtc.ICEConnectionStateFailed {
			iceOnce.Do(func() { close(iceFailed) })
		}
	})
	rc := &remoteCandidates{pc: pc}
	lc := &localCandidates{send: p.send}
	stopCandidates = lc.watch(pc)
	if cfg.SkipDirect {
		close(iceFailed) // go to the relayed path as soon as the host answers
	}
	// A backstop for a path that neither opens nor fails (ICE still checking): from the
	// answer, PathWait is long enough for TURN over TCP.
	var pathWait <-chan time.Time
	// In a browser, ICE with no pair left to check is read from its stats (deadpath.go).
	var deadPath <-chan struct{}
	var remoteSeen lastSeen
	stopWatch := make(chan struct{})
	defer close(stopWatch)

	sdp, err := pc.CreateOffer(nil)
	if err != nil {
		return nil, fmt.Errorf("rtc: create offer: %w", err)
	}
	if err := pc.SetLocalDescription(sdp); err != nil {
		return nil, fmt.Errorf("rtc: set local description: %w", err)
	}
	if err := p.send(signal.Message{Kind: signal.KindOffer, SDP: sdp.SDP, Name: name}); err != nil {
		return nil, fmt.Errorf("rtc: send offer: %w", err)
	}
	lc.release()

	in := p.in
	for {
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("rtc: connecting: %w", ctx.Err())
		case <-c.Done():
			if pc.RemoteDescription() != nil && pc.ICEConnectionState() == webrtc.ICEConnectionStateFailed {
				return nil, noPathNow()
			}
			return nil, c.closedErr()
		case <-iceFailed:
			if pc.RemoteDescription() != nil {
				return nil, noPathNow()
			}
			iceFailed = nil // before the answer this is the forced path; wait for it
			if cfg.SkipDirect {
				pathWait = time.After(0)
			}
		case <-pathWait:
			if pc.RemoteDescription() != nil {
				return nil, noPathNow()
			}
		case <-deadPath:
			return nil, noPathNow()
		case <-opened:
			ok = true
			c.OnClose(stopCandidates) // a link may close before gathering ends
			keepAdding(p, rc, c)
			return c, nil
		case m, more := <-in:
			if !more {
				if pc.RemoteDescription() == nil {
					return nil, fmt.Errorf("rtc: connecting: %w", ErrClosed)
				}
				in = nil // signaling is over; ICE may still finish on what it has
				continue
			}
			switch m.Kind {
			case signal.KindAnswer:
				if pc.RemoteDescription() != nil {
					continue // a second answer is ignored
				}
				if err := pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: m.SDP}); err != nil {
					return nil, fmt.Errorf("rtc: set remote description: %w", err)
				}
				rc.described()
				pathWait = time.After(PathWait)
				if cfg.SkipDirect {
					pathWait = time.After(0)
				}
				deadPath = watchDeadPath(pc, time.Now(), &remoteSeen, stopWatch)
			case signal.KindCandidate:
				remoteSeen.mark(time.Now())
				rc.add(m.Candidate)
			case signal.KindRefuse:
				return nil, &RefusedError{Reason: m.Reason}
			case signal.KindBye:
				return nil, &RefusedError{Reason: signal.ReasonClosed}
			}
		}
	}
}

// answer runs the host's side for one offer: answer it and wait for the guest's channel.
func answer(ctx context.Context, cfg Config, p pipe, offerSDP string) (*Conn, error) {
	pc, err := newPeerConnection(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("rtc: new peer connection: %w", err)
	}
	ok := false
	stopCandidates := func() {}
	defer func() {
		if !ok {
			stopCandidates()
			pc.Close()
		}
	}()
	got := make(chan *Conn, 1)
	failed := make(chan struct{})
	var once sync.Once
	pc.OnDataChannel(func(dc *webrtc.DataChannel) {
		c := newConn(pc, dc) // takes over the state handler below; report its end the same way
		c.OnClose(func() { once.Do(func() { close(failed) }) })
		opened := func() {
			select {
			case got <- c:
			default:
			}
		}
		dc.OnOpen(opened)
		openedAlready(dc, opened)
	})
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateFailed || s == webrtc.PeerConnectionStateClosed {
			once.Do(func() { close(failed) })
		}
	})
	rc := &remoteCandidates{pc: pc}
	lc := &localCandidates{send: p.send}
	stopCandidates = lc.watch(pc)
	if err := pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: offerSDP}); err != nil {
		return nil, fmt.Errorf("rtc: the offer is not usable: %w", err)
	}
	rc.described()
	sdp, err := pc.CreateAnswer(nil)
	if err != nil {
		return nil, fmt.Errorf("rtc: create answer: %w", err)
	}
	if err := pc.SetLocalDescription(sdp); err != nil {
		return nil, fmt.Errorf("rtc: set local description: %w", err)
	}
	if err := p.send(signal.Message{Kind: signal.KindAnswer, SDP: sdp.SDP}); err != nil {
		return nil, fmt.Errorf("rtc: send answer: %w", err)
	}
	lc.release()
	in := p.in
	pathFailed := false
	for {
		select {
		case <-ctx.Done():
			if pathFailed {
				return nil, fmt.Errorf("%w (%v)", ErrNoPath, ctx.Err())
			}
			return nil, fmt.Errorf("rtc: connecting: %w", ctx.Err())
		case <-failed:
			// No network path: the guest will ask for the relayed one (it sees the same
			// failure); wait for that until ctx ends.
			failed, pathFailed = nil, true
			if p.relayed == nil {
				return nil, fmt.Errorf("rtc: connecting: %w", ErrNoPath)
			}
		case c := <-got:
			ok = true
			c.OnClose(stopCandidates) // a link may close before gathering ends
			keepAdding(p, rc, c)
			return c, nil
		case m, more := <-in:
			if !more {
				if pathFailed {
					return nil, fmt.Errorf("%w: the guest went away", ErrNoPath)
				}
				in = nil // the guest may close its signaling as soon as its side is open
				continue
			}
			switch m.Kind {
			case signal.KindCandidate:
				rc.add(m.Candidate)
			case signal.KindBye:
				return nil, fmt.Errorf("rtc: the guest gave up: %w", ErrClosed)
			case signal.KindRelayAsk:
				if p.relayed == nil {
					continue
				}
				return p.relayed(m.DH) // pc is closed on return: the link goes without it
			}
		}
	}
}

// openedAlready calls opened if dc is open by now. Pion in the browser hands a guest's channel
// to OnDataChannel on a goroutine of its own and sets the JS onopen handler only when that
// runs; a channel that opened in between fires no event for it, and the host would wait for an
// open that already happened (native pion checks this itself, its wasm binding does not).
// Callers make opened safe to call twice.
func openedAlready(dc *webrtc.DataChannel, opened func()) {
	if dc.ReadyState() == webrtc.DataChannelStateOpen {
		opened()
	}
}
