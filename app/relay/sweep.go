//go:build !wasm

package relay

import (
	"time"

	"github.com/coder/websocket"
)

func (rl *Relay) startSweeper() {
	rl.sweep.Do(func() {
		every := min(rl.cfg.HostWait, rl.cfg.ClaimGrace, rl.cfg.IdleTTL) / 4
		go func() {
			t := time.NewTicker(max(every, 5*time.Millisecond))
			defer t.Stop()
			for {
				select {
				case <-rl.stop:
					return
				case now := <-t.C:
					rl.expire(now)
				}
			}
		}()
	})
}

// expire closes rooms whose host has been away for HostWait (their claims go into grace),
// lets claims lapse after ClaimGrace and cuts guests idle for IdleTTL. A room whose host is
// connected is never closed, however quiet: nothing crosses the relay during a game.
func (rl *Relay) expire(now time.Time) {
	var cut []*conn
	var idle []*conn
	rl.mu.Lock()
	for id, r := range rl.rooms {
		if r.host != nil {
			for _, g := range r.guests {
				if now.Sub(g.active) >= rl.cfg.IdleTTL {
					idle = append(idle, g)
				}
			}
			continue
		}
		if now.Sub(r.hostGone) < rl.cfg.HostWait {
			continue
		}
		for _, c := range r.members() {
			c.room = nil
			cut = append(cut, c)
		}
		rl.dropMail(r)
		rl.closeRoom(id, r, now)
	}
	for id, cl := range rl.grace {
		if now.After(cl.until) {
			rl.lapse(id, cl)
		}
	}
	for key, src := range rl.sources {
		rl.forgetSource(key, src)
	}
	rl.mu.Unlock()
	for _, c := range cut {
		c.cut(websocket.StatusGoingAway, "no host in the room")
	}
	for _, c := range idle {
		c.cut(websocket.StatusGoingAway, "idle too long")
	}
}

// closeRoom removes a room; its claim (if any) waits in grace for its host.
func (rl *Relay) closeRoom(id string, r *room, now time.Time) {
	delete(rl.rooms, id)
	if r.claim == nil {
		return
	}
	if len(rl.grace) >= rl.cfg.MaxRooms {
		// Grace is a courtesy (guests check the host's signature anyway); make room by
		// letting the claim nearest its end lapse.
		var oldest string
		for k, cl := range rl.grace {
			if oldest == "" || cl.until.Before(rl.grace[oldest].until) {
				oldest = k
			}
		}
		rl.lapse(oldest, rl.grace[oldest])
	}
	cl := *r.claim
	cl.until = now.Add(rl.cfg.ClaimGrace)
	rl.grace[id] = cl
}

func (rl *Relay) lapse(id string, cl claim) {
	delete(rl.grace, id)
	if src := rl.sources[cl.source]; src != nil {
		src.rooms--
		rl.forgetSource(cl.source, src)
	}
}

// dropRoomIfEmpty is called after a leave; an empty room with no claim goes at once, a
// claimed one goes into grace.
func (rl *Relay) dropRoomIfEmpty(r *room) {
	if r.host != nil || len(r.guests) != 0 || rl.rooms[r.id] != r {
		return
	}
	rl.dropMail(r)
	rl.closeRoom(r.id, r, time.Now())
}
