package table

// A bot at a live table: Autoplay drives one guest seat: it says ready in the lobby and moves
// whenever the seat may. The `miskatonic bot` command and the connection tests use it with a
// chooser of engine/bot; bot.Play is its offline twin (one game, every seat, no table). It lives
// here, not in engine/bot, so the bots know nothing of the table protocol.

import (
	"context"
	"errors"

	"miskatonic/engine"
)

// ErrStopped is returned by Autoplay when ctx ended before the game did.
var ErrStopped = errors.New("table: seat stopped before the game ended")

// Autoplay moves for g's seat, choosing with choose (a bot.Func), until the game is over, then returns its outcome. observe (optional)
// sees every state the seat passes through, before any move is made from it; sent (optional)
// is told of each move just before it goes to the host.
func (g *Guest) Autoplay(ctx context.Context, choose func(engine.View, []engine.Move) (engine.Move, error), observe func(GuestState), sent func(GuestState, engine.Move)) (engine.Outcome, error) {
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
			m, err := choose(st.View, st.Legal)
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
