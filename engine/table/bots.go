package table

// Bot seats: the host moves for them, at a human-like pace when BotDelay is set.

import (
	"time"

	"miskatonic/engine"
)

func (h *Host) botTurn(st engine.Status) bool {
	for _, s := range st.Active {
		if !h.plays(s) {
			continue
		}
		if h.cfg.BotDelay > 0 && !h.botDue {
			h.botLater()
			return false
		}
		h.botDue = false
		legal := h.game.Legal(s)
		if len(legal) == 0 {
			continue
		}
		m, err := h.seats[s].botFn(h.game.View(s), legal)
		if err != nil || !engine.IsLegal(legal, m) {
			h.logf("table: bot at seat %d chose %v (%v); playing its first legal move", s, m, err)
			m = legal[0]
		}
		if err := h.game.Apply(m); err != nil {
			h.logf("table: bot move refused: %v", err)
			return false
		}
		h.moves, h.sigs = append(h.moves, m), append(h.sigs, nil)
		if h.seats[s].StandIn {
			h.markStandIn(len(h.moves))
		}
		h.persist()
		h.broadcastView(&m)
		h.changed()
		return true
	}
	return false
}

// botLater has the table moved on again after BotDelay (once: a timer already running will do).
func (h *Host) botLater() {
	if h.botTimer != nil {
		return
	}
	h.botTimer = time.AfterFunc(h.cfg.BotDelay, func() {
		select {
		case h.events <- event{bot: true}:
		case <-h.quit:
		}
	})
}
