package session

// Watching a host-blind game (issue 25 after issue 23): someone who arrives after the game
// began waits at engine/table's door (a watcher, engine.Observer) and is sent the blind game's
// Config and log like every page — the log is public or sealed to seats, nothing in it is
// sealed to a watcher — and folds it as a seatless page (blindtable.Watcher): the public table,
// live, every signature checked, stopped with the verdict if the log breaks. It holds no key,
// so no card it may not see opens for it (blindtable's TestCuriousWatcher).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"miskatonic/engine/blindtable"
	"miskatonic/engine/table"
)

// watchGame folds the host's blind game over fc as a watcher of the table gs was welcomed to.
func (b *blind) watchGame(m blindStartMsg, f []byte, fc *qconn, gs table.GuestState) error {
	if err := checkWatchConfig(m, gs); err != nil {
		return err
	}
	w, err := blindtable.Watch(m.Config, fc)
	if err != nil {
		return err
	}
	cfg := m.Config
	b.mu.Lock()
	old := b.watch
	b.raw, b.rec = nil, nil // the log is folded from its start again
	b.watch, b.cfg, b.round, b.start = w, &cfg, m.Round, f
	b.mu.Unlock()
	if old != nil {
		_ = old.Close()
	}
	b.s.wg.Add(1)
	go b.watchPump(w)
	b.s.notify()
	return nil
}

// checkWatchConfig says whether a host's Config is a game of the table this watcher was
// welcomed to: its id binds it to this table and round; when the watcher was shown the lobby,
// its seats and people's keys are the lobby's. (A watcher is not shown a roster otherwise:
// a host could show it a game of its own making, but never any card of the real one.)
func checkWatchConfig(m blindStartMsg, gs table.GuestState) error {
	if !bytes.Equal(m.Config.Table, blindTableID(gs.Table, m.Round)) {
		return errors.New("the blind table's id is not this table's")
	}
	if len(gs.Lobby.Seats) == 0 {
		return nil
	}
	if m.Config.Game.Seats != len(gs.Lobby.Seats) {
		return fmt.Errorf("the blind table has %d seats, the lobby %d", m.Config.Game.Seats, len(gs.Lobby.Seats))
	}
	for _, x := range gs.Lobby.Seats {
		k, ok := m.Config.Identities[x.Seat]
		if x.Bot == ok || ok && !bytes.Equal(k, x.Key) {
			return fmt.Errorf("seat %d is not the one the lobby showed", x.Seat)
		}
	}
	return nil
}

// watchPump turns the watched game's changes into notifications.
func (b *blind) watchPump(w *blindtable.Watcher) {
	defer b.s.wg.Done()
	for {
		select {
		case <-b.s.quit:
			return
		case <-w.Done():
			return
		case <-w.Updates():
			b.s.notify()
		}
	}
}

// watching says this page watches a blind game without a seat.
func (b *blind) watching() bool {
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.watch != nil
}

// dropWatch stops watching (the host closed the game, or the link ended).
func (b *blind) dropWatch() {
	b.mu.Lock()
	w := b.watch
	b.watch = nil
	if w != nil && b.client == nil {
		b.cfg, b.start = nil, nil
		b.closed = b.round + 1
	}
	b.mu.Unlock()
	if w != nil {
		_ = w.Close()
	}
}

// watchSnapshot puts the watched game's public table into what the screens show: the public
// view, no legal moves, and the verdict when the log broke.
func (b *blind) watchSnapshot(snap *Snapshot, w *blindtable.Watcher, cfg *blindtable.Config) {
	w.Do(func(st *blindtable.State) {
		v := st.Blind().PublicView()
		snap.View = v
		snap.ViewJSON, _ = json.Marshal(v)
		snap.Status = st.Blind().Status()
		snap.Seq = st.Ply()
	})
	if vd := w.Verdict(); vd != nil {
		snap.Fault = &table.Fault{Code: "blind." + vd.Code, Args: []string{seatName(snap.Lobby, vd.Seat)}, Problem: vd.Error()}
	}
	snap.Legal = nil
	snap.Started, snap.HasView, snap.Waiting = true, true, false
	snap.Lobby.Started = true
	snap.Config = cfg.Game.Config
}
