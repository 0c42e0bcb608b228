package table

// Silent links (issue 24). A tab closed or a phone gone out of range often leaves its data
// channel looking open: the browser notices only when ICE consent fails, measured at about 16 s,
// and the turn deadline could not start before. Every guest now says something at least every
// two ticks (2 s; a resync doubles as the keep-alive, guestrecv.go), so the host drops a seated
// link silent for HostConfig.SilentAfter (the app: 6 s, two keep-alives missed and 2 s of margin
// for a busy phone), looking every sixth of it: a closed tab is noticed 4–7 s after it went,
// and the away deadline starts from there. A live guest dropped by mistake (its page stalled
// for 6 s) redials and takes its seat back by key, as after a reload.

import "time"

// watchSilence looks for silent links every sixth of SilentAfter, on the match goroutine. A
// look that comes late (more than half of SilentAfter since the last) means the host's own page
// was asleep — a frozen or throttled tab (a hidden solo game's timers run once a minute) — and
// its guests' messages may still be queued: it judges nobody by that stretch.
func (h *Host) watchSilence() {
	if h.cfg.SilentAfter <= 0 {
		return
	}
	now := h.clock().Now()
	if last := h.silenceAt; !last.IsZero() && now.Sub(last) > h.cfg.SilentAfter/2 {
		for _, p := range h.peers {
			p.heard = now
		}
	}
	h.silenceAt = now
	h.dropSilent()
	h.silence = h.clock().AfterFunc(h.cfg.SilentAfter/6, func() {
		select {
		case h.events <- event{call: h.watchSilence, reply: make(chan struct{})}:
		case <-h.quit:
		}
	})
}

// dropSilent drops the seated guests of a game in play that sent nothing for SilentAfter.
func (h *Host) dropSilent() {
	if !h.started {
		return
	}
	now := h.clock().Now()
	for _, p := range h.peers {
		if p.closed || !p.welcomed || !p.seat.Valid(len(h.seats)) || h.seats[p.seat].peer != p {
			continue
		}
		if p.heard.IsZero() {
			p.heard = now // a link from before this watch (a resumed host): it gets a full spell
			continue
		}
		if quiet := now.Sub(p.heard); quiet >= h.cfg.SilentAfter {
			h.logf("table: guest %d (seat %d) silent for %v; taken as gone", p.id, p.seat, quiet.Round(time.Millisecond))
			h.dropPeer(p, nil)
		}
	}
}
