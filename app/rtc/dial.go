package rtc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"miskatonic/app/signal"
)

// AnswerWait is how long Dial waits for the host's first word through the relay. A host that is
// there answers an offer in well under a second; silence this long means nobody hosts the room.
var AnswerWait = 6 * time.Second

// ErrNoHost: nobody answered in the invite's room within AnswerWait.
var ErrNoHost = errors.New("rtc: nobody is hosting this table")

// Dial joins the table of invite through the relay: it sends a sealed offer to the host, waits
// to be admitted and returns the open connection. A refusal is a *RefusedError (see
// RefusedReason). A guest whose connection broke simply dials again; the table recognises it by
// its identity key.
func Dial(ctx context.Context, relayURL string, inv signal.Invite, name string, cfg Config) (*Conn, error) {
	box, err := signal.NewBox(inv)
	if err != nil {
		return nil, err
	}
	cfg = cfg.ForRoom(inv.Room)
	if len(name) > signal.MaxName {
		name = name[:signal.MaxName]
	}
	client, err := signal.Open(ctx, relayURL, inv.Room, signal.RoleGuest, "")
	if err != nil {
		return nil, err
	}
	sid, err := signal.NewSession()
	if err != nil {
		return nil, err
	}
	in := make(chan signal.Message, 64)
	var replay signal.Replay
	hostGone := make(chan struct{})
	impostor := make(chan error, 1)
	octx, giveUp := context.WithCancel(ctx)
	defer giveUp()
	// The signaling reader outlives ctx on the relayed path (ctx bounds the set-up only), so
	// it runs under its own context, cancelled with ctx until the relayed link is agreed.
	rctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	detach := context.AfterFunc(ctx, stop)
	// On the relayed path the signaling stays up for the life of the link: kept says so.
	kept := false
	defer func() {
		if !kept {
			stop()
			client.CloseNow()
		}
	}()
	// A room nobody hosts never answers: give up after AnswerWait rather than the whole ctx,
	// so the page says so in seconds (issue 18) and offers a retry.
	heard, noHost := make(chan struct{}), make(chan struct{})
	var heardOnce sync.Once
	wait := time.AfterFunc(AnswerWait, func() {
		select {
		case <-heard:
		default:
			close(noHost)
			giveUp()
		}
	})
	defer wait.Stop()
	// sink takes relayed chunks once the relayed path is agreed; those that come first (the
	// host sends right after agreeing) wait in it.
	var sink chunkSink
	var wg sync.WaitGroup
	// ended says why signaling ended when every transport gave out, each with its reason (a
	// signal.NoAnswerError; not a wait for the host that ran out): which were out of reach and
	// which refused us is what the guest is told.
	ended := make(chan error, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(in)
		for {
			f, err := client.Recv(rctx)
			if err != nil {
				if na := (*signal.NoAnswerError)(nil); errors.As(err, &na) && na.GaveOut() {
					ended <- err
				}
				return
			}
			switch f.Type {
			case signal.FrameLeave:
				close(hostGone)
				return
			case signal.FrameData:
				s, seq, plain, err := box.Open(signal.ToGuest, f.Payload)
				if err != nil || s != sid || replay.Check(s, seq) != nil {
					continue
				}
				if signal.IsChunk(plain) {
					sink.take(plain)
					continue
				}
				m, err := signal.DecodeMessage(plain)
				if err != nil {
					continue
				}
				heardOnce.Do(func() { close(heard) })
				if signal.Signed(m.Kind) {
					if err := signal.VerifyHost(inv, sid, m); err != nil {
						// Whoever holds the room knows its secret but not the host's key:
						// give up on it at once (Redial tries again later).
						select {
						case impostor <- err:
						default:
						}
						giveUp()
						return
					}
				}
				select {
				case in <- m:
				default:
				}
			}
		}
	}()
	var smu sync.Mutex
	var seq uint64
	sendSealed := func(b []byte, light bool) error {
		smu.Lock()
		defer smu.Unlock()
		seq++
		sctx, cancel := context.WithTimeout(rctx, 5*time.Second)
		defer cancel()
		f := signal.Frame{Type: signal.FrameData, Payload: box.Seal(signal.ToHost, sid, seq, b)}
		if light {
			return signal.SendLight(sctx, client, f)
		}
		return client.Send(sctx, f)
	}
	sendPlain := func(b []byte) error { return sendSealed(b, false) }
	sendChunk := func(b []byte) error { return sendSealed(b, true) }
	send := func(m signal.Message) error {
		b, err := m.Encode()
		if err != nil {
			return err
		}
		return sendPlain(b)
	}
	p := pipe{send: send, in: in}
	c, err := offer(octx, cfg, p, name)
	if errors.Is(err, ErrNoPath) && !cfg.NoRelayed {
		wait.Stop() // the host has answered
		direct := err
		c, err = askRelayed(ctx, inv.Room, sid, p, sendChunk, &sink, func() {
			stop()
			client.Close() // a bus guest says goodbye; our relay tells the host itself
		})
		if err != nil && TURNRefused(direct) {
			err = fmt.Errorf("%w; %w", err, direct) // still say why TURN did not help
		}
		if err == nil && !detach() {
			c.Close() // ctx ended as the relayed path was agreed
			c, err = nil, fmt.Errorf("%w: %v", ErrNoPath, ctx.Err())
		}
		if err == nil {
			kept = true
			go watchRelayed(p, c)
			return c, nil
		}
	}
	if err != nil {
		select {
		case ierr := <-impostor:
			return nil, fmt.Errorf("rtc: refused the room's host: %w", ierr)
		default:
		}
		select {
		case eerr := <-ended:
			return nil, fmt.Errorf("%w; %w", err, eerr)
		default:
		}
		select {
		case <-noHost:
			return nil, fmt.Errorf("%w (nothing in %v): %v", ErrNoHost, AnswerWait, err)
		default:
		}
		select {
		case <-hostGone:
			return nil, fmt.Errorf("rtc: the host left the relay while we were connecting: %w", err)
		default:
		}
		return nil, err
	}
	stop()
	client.CloseNow()
	wg.Wait()
	return c, nil
}

// RelayWait bounds how long a guest waits for the host to agree to the relayed path.
var RelayWait = 8 * time.Second

// askRelayed asks the host to carry the link over signaling and returns the relayed Conn.
func askRelayed(ctx context.Context, room string, sid signal.Session, p pipe, sendPlain func([]byte) error, sink *chunkSink, closeFn func()) (*Conn, error) {
	key, err := signal.NewLinkKey()
	if err != nil {
		return nil, err
	}
	mine := key.Public()
	if err := p.send(signal.Message{Kind: signal.KindRelayAsk, DH: mine}); err != nil {
		return nil, fmt.Errorf("%w: asking for the relayed path: %v", ErrNoPath, err)
	}
	timeout := time.After(RelayWait)
	for {
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: %v", ErrNoPath, ctx.Err())
		case <-timeout:
			return nil, fmt.Errorf("%w: the host did not take the relayed path", ErrNoPath)
		case m, ok := <-p.in:
			if !ok {
				return nil, fmt.Errorf("%w: signaling ended", ErrNoPath)
			}
			switch m.Kind {
			case signal.KindRefuse:
				return nil, &RefusedError{Reason: m.Reason}
			case signal.KindBye:
				return nil, &RefusedError{Reason: signal.ReasonClosed}
			case signal.KindRelayed:
				// Signed by the host (checked on receipt); it must carry our own key back, or
				// someone in between swapped it.
				if !bytes.Equal(m.DH[32:], mine) {
					return nil, fmt.Errorf("%w: the host agreed to another key than ours", ErrNoPath)
				}
				link, err := key.LinkBox(room, sid, m.DH[:32])
				if err != nil {
					return nil, err
				}
				l := &relayedLink{send: sendPlain, link: link, out: signal.ToHost, in: signal.ToGuest, sid: sid,
					binding: signal.RelayedBinding(room, sid, m.DH[:32], mine), pacer: newPacer(GuestPace), close: closeFn}
				c := newRelayedConn(l)
				sink.set(func(b []byte) { l.receive(c, b) })
				return c, nil
			}
		}
	}
}

// watchRelayed ends a relayed conn when its signaling session ends or the host says goodbye.
func watchRelayed(p pipe, c *Conn) {
	for {
		select {
		case <-c.Done():
			return
		case m, ok := <-p.in:
			if !ok {
				c.fail(fmt.Errorf("%w: the signaling session ended", ErrClosed))
				return
			}
			if m.Kind == signal.KindBye {
				c.fail(fmt.Errorf("%w: the host closed the relayed link", ErrClosed))
				return
			}
		}
	}
}

// chunkSink hands relayed chunks on, keeping (a few) that arrive before it knows where to.
type chunkSink struct {
	mu      sync.Mutex
	fn      func([]byte)
	pending [][]byte
}

func (k *chunkSink) take(b []byte) {
	k.mu.Lock()
	fn := k.fn
	if fn == nil {
		if len(k.pending) < maxAhead {
			k.pending = append(k.pending, append([]byte(nil), b...))
		}
		k.mu.Unlock()
		return
	}
	k.mu.Unlock()
	fn(b)
}

// set starts delivering to fn, first what waited.
func (k *chunkSink) set(fn func([]byte)) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, b := range k.pending {
		fn(b)
	}
	k.pending, k.fn = nil, fn
}
