package table

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// ErrHostSilent is Peek's error for a link that opened but on which the host said nothing in
// time: a caller may dial again.
var ErrHostSilent = errors.New("table: peek: the host said nothing")

// Peek reads what a host tells every new link before its hello (the challenge and the table's
// preview), so the invite page can say whose table it is and how full before asking for a name.
// It returns the game's name, the preview and a Conn that gives those frames again, for
// NewGuest to go on with on the same link. The host drops a link that says no hello within its
// HelloTimeout (30 s by default): a page that waits longer dials again. On an error c is
// closed.
func Peek(c Conn, timeout time.Duration) (game string, pv wire.Preview, rest Conn, err error) {
	type got struct {
		frames [][]byte
		err    error
	}
	done := make(chan got, 1)
	go func() {
		var g got
		for len(g.frames) < 2 {
			f, err := c.Recv()
			if err != nil {
				g.err = err
				break
			}
			g.frames = append(g.frames, f)
			_, m, err := wire.Decode(f)
			if err != nil {
				g.err = err
				break
			}
			switch m := m.(type) {
			case *wire.Challenge:
				game = m.Game
			case *wire.Preview:
				pv = *m
			case *wire.Bye:
				g.err = engine.Errorf(wire.KindState, "table: peek", "the host said bye: %s", m.Code)
			}
			if g.err != nil {
				break
			}
		}
		done <- g
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case g := <-done:
		if g.err == nil && game == "" {
			g.err = errors.New("table: peek: no challenge from the host")
		}
		if g.err != nil {
			c.Close()
			return "", wire.Preview{}, nil, g.err
		}
		return game, pv, &replayConn{Conn: c, frames: g.frames}, nil
	case <-t.C:
		c.Close()
		<-done
		return "", wire.Preview{}, nil, fmt.Errorf("%w in %v", ErrHostSilent, timeout)
	}
}

// replayConn gives some frames already read before the rest of its link.
type replayConn struct {
	Conn
	mu     sync.Mutex
	frames [][]byte
}

func (r *replayConn) Recv() ([]byte, error) {
	r.mu.Lock()
	if len(r.frames) > 0 {
		f := r.frames[0]
		r.frames = r.frames[1:]
		r.mu.Unlock()
		return f, nil
	}
	r.mu.Unlock()
	return r.Conn.Recv()
}

// Binding passes the link's channel binding through, so the hello is bound as on the raw link.
func (r *replayConn) Binding() []byte { return binding(r.Conn) }
