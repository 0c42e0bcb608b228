package bot

// A bot at a live table: PlaySeat drives one guest seat: it says ready in the lobby and
// moves whenever the seat may. The `miskatonic bot` command and the connection tests use it; Play
// is its offline twin (one game, every seat, no table).

import (
	"context"
	"errors"

	"miskatonic/engine"
	"miskatonic/engine/table"
)

// ErrStopped is returned by PlaySeat when ctx ended before the game did.
var ErrStopped = errors.New("bot: seat stopped before the game ended")

// PlaySeat moves for g's seat until the game is over, then returns its outcome. observe (optional)
// sees every state the seat passes through, before any move is made from it; sent (optional)
// is told of each move just before it goes to the host.
func PlaySeat(ctx context.Context, g *table.Guest, bot Func, observe func(table.GuestState), sent func(table.GuestState, engine.Move)) (engine.Outcome, error) {
	readySent := 0 // link generation we last said ready on (re-said after a reconnect)
	connected := false
	for {
		st := g.State()
		if observe != nil {
			observe(st)
		}
		if st.Status.Over && st.Status.Result != nil {
			return *st.Status.Result, nil
		}
		if st.Connected && !connected {
			readySent++
		}
		connected = st.Connected
		if st.Connected && !st.Started && readySent > 0 {
			g.SetReady(true)
			readySent = 0
		}
		if st.Started && st.HasView && !st.Waiting && len(st.Legal) > 0 && !st.Status.Over {
			m, err := bot(st.View, st.Legal)
			if err != nil {
				return engine.Outcome{}, err
			}
			if sent != nil {
				sent(st, m)
			}
			// A refusal here means the view moved on under us (or the link is down and the
			// guest will catch up after reconnecting): look again at the next update.
			_ = g.Send(m)
		}
		select {
		case <-ctx.Done():
			return engine.Outcome{}, ErrStopped
		case <-g.Updates():
		}
	}
}
