package rtc

import (
	"context"
	"errors"
	"time"
)

// Redial keeps a guest connected. Whenever c ends it dials again, waiting longer after each
// failed attempt (up to 10 s), and hands each new conn to reconnect (table.Guest.Reconnect fits).
// It returns nil when ctx ends or done reports true (the game is over; done may be nil), and
// the error when the host refuses us (kicked, or the table is full).
func Redial(ctx context.Context, c *Conn, dial func(context.Context) (*Conn, error), reconnect func(*Conn), done func() bool) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-c.Done():
		}
		backoff := 250 * time.Millisecond
		for {
			if ctx.Err() != nil || (done != nil && done()) {
				return nil
			}
			nc, err := dial(ctx)
			if err == nil {
				reconnect(nc)
				c = nc
				break
			}
			if errors.Is(err, ErrRefused) {
				return err
			}
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, 10*time.Second)
		}
	}
}
