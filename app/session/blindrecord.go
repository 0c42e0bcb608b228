package session

// The record of a host-blind game: its signed log under the table's Config (blindtable.Record),
// which every page holds whole — the host sequenced it, each guest was sent all of it — so a
// guest needs nothing from the host to offer it, and engine/replay/blindreplay checks it anywhere.

import (
	"encoding/json"
	"slices"

	"miskatonic/engine/blindtable"
)

// keep notes a game frame a guest was sent, for the record (decoded only when asked for).
func (b *blind) keep(f []byte) {
	b.mu.Lock()
	b.raw = append(b.raw, slices.Clone(f))
	b.mu.Unlock()
}

// PlaysBlind says whether this session's table is playing (or has just played) a host-blind game.
func (s *Session) PlaysBlind() bool { return s.blind.on() || s.blind.watching() }

// BlindRecord is the host-blind game's record as JSON (nil when the table plays no blind game).
// A finished game's is made once.
func (s *Session) BlindRecord() []byte {
	b := s.blind
	if b == nil {
		return nil
	}
	b.mu.Lock()
	done, cl := b.rec, b.client
	b.mu.Unlock()
	if done != nil {
		return done
	}
	var names []string
	for _, x := range s.Snapshot().Lobby.Seats {
		names = append(names, x.Name)
	}
	b.mu.Lock()
	h, cfg, raw := b.host, b.cfg, slices.Clone(b.raw)
	b.mu.Unlock()
	if cfg == nil {
		return nil
	}
	rec := blindtable.Record{Game: blindtable.RecordGame, Version: blindtable.Version, Config: *cfg, Names: names}
	if h != nil {
		rec = h.Record(names)
	} else {
		rec.Log = logOf(raw)
	}
	out, err := json.Marshal(rec)
	if err != nil {
		return nil
	}
	over := false
	if cl != nil {
		cl.Do(func(p *blindtable.Page) { over = p.State().Blind().Status().Over })
	}
	if over {
		b.mu.Lock()
		if b.client == cl {
			b.rec = out
		}
		b.mu.Unlock()
	}
	return out
}

// logOf is the log in the frames a guest was sent: each entry once, in order, up to the first gap.
func logOf(frames [][]byte) []blindtable.Entry {
	bySeq := map[int]blindtable.Entry{}
	for _, raw := range frames {
		if f, err := blindtable.DecodeFrame(raw); err == nil && f.Entry != nil {
			if _, dup := bySeq[f.Entry.Seq]; !dup {
				bySeq[f.Entry.Seq] = *f.Entry
			}
		}
	}
	var log []blindtable.Entry
	for n := 0; ; n++ {
		e, ok := bySeq[n]
		if !ok {
			return log
		}
		log = append(log, e)
	}
}
