//go:build !wasm

package relay

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"miskatonic/app/signal"
)

type room struct {
	id       string
	claim    *claim // nil until a host claims the room
	host     *conn
	guests   map[uint32]*conn
	nextPeer uint32
	mailbox  [][]byte  // frames (already addressed) for a host that is away
	hostGone time.Time // since when the room has had no host connection
	bytes    bucket    // data-frame bytes through the room
}

func (r *room) members() []*conn {
	out := make([]*conn, 0, len(r.guests)+1)
	if r.host != nil {
		out = append(out, r.host)
	}
	for _, g := range r.guests {
		out = append(out, g)
	}
	return out
}

// place puts c in its room, or says (as an HTTP status) why not.
func (rl *Relay) place(c *conn, roomID, token string, now time.Time) (int, string) {
	rl.mu.Lock()
	if rl.closed {
		rl.mu.Unlock()
		return http.StatusServiceUnavailable, "relay shutting down"
	}
	if rl.conns >= rl.cfg.MaxConns {
		rl.mu.Unlock()
		return http.StatusServiceUnavailable, "relay full"
	}
	src := rl.sources[c.source]
	if src == nil {
		src = &source{}
		src.claims.init(rl.cfg.SourceClaims/60, rl.cfg.SourceClaims, false)
		src.bytes.init(rl.cfg.SourceBytes, 4*rl.cfg.SourceBytes, false)
	}
	if src.conns >= rl.cfg.SourceConns {
		rl.mu.Unlock()
		return http.StatusTooManyRequests, "too many connections from your address"
	}
	r := rl.rooms[roomID]
	if r == nil && len(rl.rooms) >= rl.cfg.MaxRooms {
		rl.mu.Unlock()
		return http.StatusServiceUnavailable, "too many rooms"
	}
	var old *conn
	if c.host {
		h := sha256.Sum256([]byte(token))
		held := rl.grace[roomID]
		if r != nil && r.claim != nil {
			held = *r.claim
		}
		switch {
		case held.source != "" && subtle.ConstantTimeCompare(h[:], held.hash[:]) != 1:
			rl.mu.Unlock()
			return http.StatusForbidden, "room is hosted by someone else"
		case held.source == "":
			// A new claim: this is what a claim-and-leave attacker repeats, so it is
			// what each source is limited in.
			if src.rooms >= rl.cfg.SourceRooms {
				rl.mu.Unlock()
				return http.StatusTooManyRequests, "your address holds too many rooms"
			}
			if !src.claims.take(now) {
				rl.mu.Unlock()
				return http.StatusTooManyRequests, "too many new rooms from your address; wait a minute"
			}
			src.rooms++
			held = claim{hash: h, source: c.source}
		}
		delete(rl.grace, roomID)
		held.until = time.Time{}
		if r == nil {
			r = rl.newRoom(roomID)
		}
		r.claim = &held
		old = r.host
		r.host = c
		c.room = r
		// Tell the new host who is here, then hand it the mail that waited for it.
		for id := range r.guests {
			c.enqueue(signal.Frame{Type: signal.FrameJoin, Peer: id}.Marshal())
		}
		for _, m := range r.mailbox {
			c.enqueue(m)
		}
		rl.dropMail(r)
		for _, g := range r.guests {
			g.enqueue(signal.Frame{Type: signal.FrameHost}.Marshal())
		}
	} else {
		if r == nil {
			r = rl.newRoom(roomID)
		}
		if len(r.guests) >= rl.cfg.MaxPeers {
			rl.dropRoomIfEmpty(r)
			rl.mu.Unlock()
			return http.StatusServiceUnavailable, "room full"
		}
		r.nextPeer++
		if r.nextPeer == 0 {
			r.nextPeer = 1
		}
		c.peer = r.nextPeer
		c.room = r
		c.active = now
		r.guests[c.peer] = c
		if r.host != nil {
			r.host.enqueue(signal.Frame{Type: signal.FrameJoin, Peer: c.peer}.Marshal())
			c.enqueue(signal.Frame{Type: signal.FrameHost}.Marshal())
		}
	}
	src.conns++
	rl.sources[c.source] = src
	rl.conns++
	if old != nil {
		old.room = nil // it no longer speaks for the room
	}
	rl.mu.Unlock()
	if old != nil {
		old.cut(websocket.StatusPolicyViolation, "replaced by a newer host connection")
	}
	return 0, ""
}

func (rl *Relay) newRoom(id string) *room {
	r := &room{id: id, guests: map[uint32]*conn{}, hostGone: time.Now()}
	r.bytes.init(rl.cfg.RoomBytes, 4*rl.cfg.RoomBytes, false)
	rl.rooms[id] = r
	rl.startSweeper()
	return r
}

// leave removes c from its room (if it is still there) and tells the others.
func (rl *Relay) leave(c *conn) {
	rl.mu.Lock()
	rl.conns--
	if src := rl.sources[c.source]; src != nil {
		src.conns--
		rl.forgetSource(c.source, src)
	}
	r := c.room
	c.room = nil
	if r != nil {
		if c.host {
			if r.host == c {
				r.host = nil
				r.hostGone = time.Now()
				for _, g := range r.guests {
					g.enqueue(signal.Frame{Type: signal.FrameLeave}.Marshal())
				}
			}
		} else if r.guests[c.peer] == c {
			delete(r.guests, c.peer)
			if r.host != nil {
				r.host.enqueue(signal.Frame{Type: signal.FrameLeave, Peer: c.peer}.Marshal())
			}
		}
		rl.dropRoomIfEmpty(r)
	}
	rl.mu.Unlock()
	c.cut(websocket.StatusNormalClosure, "")
}

// forgetSource drops a source that holds nothing and has its full allowance of claims back
// (forgetting it earlier would hand a churning source a fresh allowance; the sweeper retries).
func (rl *Relay) forgetSource(key string, src *source) {
	now := time.Now()
	if src.conns <= 0 && src.rooms <= 0 && src.claims.full(now) && src.bytes.full(now) {
		delete(rl.sources, key)
	}
}

// route forwards one data frame from c. It says why when c broke the protocol or a bound.
func (rl *Relay) route(c *conn, f signal.Frame) string {
	if f.Type != signal.FrameData {
		return "not a relay frame"
	}
	rl.mu.Lock()
	defer rl.mu.Unlock()
	r := c.room
	if r == nil {
		return "" // replaced or closing; drop quietly
	}
	now, n := time.Now(), float64(len(f.Payload))
	if src := rl.sources[c.source]; src != nil && !src.bytes.takeN(now, n) {
		return "too many bytes from your address"
	}
	if !r.bytes.takeN(now, n) {
		return "too many bytes through this room"
	}
	rl.routed += int64(len(f.Payload))
	if c.host {
		if g := r.guests[f.Peer]; g != nil {
			g.enqueue(signal.Frame{Type: signal.FrameData, Payload: f.Payload}.Marshal())
		}
		return ""
	}
	c.active = time.Now()
	out := signal.Frame{Type: signal.FrameData, Peer: c.peer, Payload: f.Payload}.Marshal()
	if r.host != nil {
		r.host.enqueue(out)
		return ""
	}
	if len(r.mailbox) >= rl.cfg.Mailbox {
		rl.mailBytes -= len(r.mailbox[0])
		r.mailbox[0] = nil
		r.mailbox = r.mailbox[1:] // the oldest set-up message is the stalest
	}
	if rl.mailBytes+len(out) > rl.cfg.MailboxBytes {
		return "" // the relay is holding all it will: the guest retries later
	}
	r.mailbox = append(r.mailbox, out)
	rl.mailBytes += len(out)
	return ""
}

func (rl *Relay) dropMail(r *room) {
	for _, m := range r.mailbox {
		rl.mailBytes -= len(m)
	}
	r.mailbox = nil
}
