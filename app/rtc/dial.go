package rtc

import (
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
	defer client.CloseNow()
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
	rctx, stop := context.WithCancel(ctx)
	defer stop()
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
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(in)
		for {
			f, err := client.Recv(rctx)
			if err != nil {
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
	send := func(m signal.Message) error {
		b, err := m.Encode()
		if err != nil {
			return err
		}
		smu.Lock()
		defer smu.Unlock()
		seq++
		sctx, cancel := context.WithTimeout(rctx, 5*time.Second)
		defer cancel()
		return client.Send(sctx, signal.Frame{Type: signal.FrameData, Payload: box.Seal(signal.ToHost, sid, seq, b)})
	}
	c, err := offer(octx, cfg, pipe{send: send, in: in}, name)
	if err != nil {
		select {
		case ierr := <-impostor:
			return nil, fmt.Errorf("rtc: refused the room's host: %w", ierr)
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
