package table

// Watchers and joiners the host lets in by hand. Anyone who opens the invite while a game is on
// is welcomed as a watcher (engine.Observer: the public view only) and counts as asking to play
// the next game; the host sees who is watching and may seat them at the rematch. With
// HostConfig.AskToJoin, a new player in the lobby waits the same way until the host admits
// (seated at once) or refuses them. Watchers are capped by HostConfig.MaxObservers and cost the
// other guests nothing: no lobby broadcast, only the host's own UI hears of them.

import (
	"encoding/hex"
	"io"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// Watcher is one connection watching without a seat, as the host's UI shows it.
type Watcher struct {
	Key  []byte
	Name string
	// Next: the host agreed to seat them when the next game is set up (Rematch).
	Next bool
}

// preview is what a link is told right after the challenge, before it says hello.
func (h *Host) preview() *wire.Preview {
	lo, hi := h.rules.Seats()
	p := &wire.Preview{Seated: len(h.seats), Min: lo, Max: min(hi, h.maxSeats), Started: h.started || h.beside.on, Ask: h.ask, Blind: h.beside.on}
	for i, s := range h.seats {
		// The host's own player: marked by HostKey, else (the app) the first seat it took.
		if !s.Bot && (string(s.Key) == string(h.cfg.HostKey) || len(h.cfg.HostKey) == 0 && i == 0) {
			p.Host = s.Name
		}
	}
	return p
}

// askFirst reports whether a new identity key must wait for the host before taking a seat.
func (h *Host) askFirst(key []byte) bool {
	// During a game beside the lobby (beside.go) a seat would be one its roster lacks: wait.
	return (h.ask || h.beside.on) && (len(h.cfg.HostKey) == 0 || string(key) != string(h.cfg.HostKey))
}

// watching records a guest welcomed without a seat: it waits for the host, who is told.
func (h *Host) watching(p *peer, name string) {
	p.watchName = h.uniqueName(cleanName(name), engine.Observer)
	state := wire.SeatWaiting
	if h.admitted[string(p.key)] {
		state = wire.SeatNext // agreed before this link (or before the host's page reloaded)
	}
	h.send(p, &wire.Seating{State: state})
	h.changed()
}

func (h *Host) watchers() []Watcher {
	var out []Watcher
	for _, p := range h.peers {
		if p.welcomed && !p.closed && p.seat == engine.Observer {
			out = append(out, Watcher{Key: append([]byte(nil), p.key...), Name: p.watchName, Next: h.admitted[string(p.key)]})
		}
	}
	// Peers are a map: order by arrival (peer id) so the host's list does not shuffle.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && h.peerID(out[j].Key) < h.peerID(out[j-1].Key); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func (h *Host) peerID(key []byte) int {
	for _, p := range h.peers {
		if p.welcomed && p.seat == engine.Observer && string(p.key) == string(key) {
			return p.id
		}
	}
	return -1
}

func (h *Host) watcherPeer(key []byte) *peer {
	for _, p := range h.peers {
		if p.welcomed && !p.closed && p.seat == engine.Observer && string(p.key) == string(key) {
			return p
		}
	}
	return nil
}

// SetAskToJoin turns "ask me before someone joins" on or off. Turning it off does not seat
// those already waiting: the host admits or refuses them.
func (h *Host) SetAskToJoin(on bool) {
	h.do(func() {
		h.ask = on
		h.persist()
		h.changed()
	})
}

// Admit lets a watcher (identity key) play: in the lobby it is seated at once; during a game (or
// one played beside the lobby) it is told so and seated when the next game is set up.
func (h *Host) Admit(key []byte) error {
	err := error(errClosedHost)
	h.do(func() {
		p := h.watcherPeer(key)
		switch {
		case p == nil:
			err = engine.Errorf(engine.KindBadSeat, "table: admit", "nobody with that key is waiting")
		case h.started || h.beside.on:
			if h.admitted == nil {
				h.admitted = map[string]bool{}
			}
			h.admitted[string(key)], err = true, nil
			h.persist()
			h.send(p, &wire.Seating{State: wire.SeatNext})
			h.changed()
		default:
			err = h.seatWatcher(p)
			if err == nil {
				h.welcome(p)
				h.broadcastLobby()
			}
		}
	})
	return err
}

// Refuse sends a watcher away, telling it the host said no. It may come back with the invite
// and ask again (Ban refuses a key for good).
func (h *Host) Refuse(key []byte) error {
	err := error(errClosedHost)
	h.do(func() {
		p := h.watcherPeer(key)
		if p == nil {
			err = engine.Errorf(engine.KindBadSeat, "table: refuse", "nobody with that key is waiting")
			return
		}
		err = nil
		if h.admitted[string(key)] {
			delete(h.admitted, string(key)) // the host changed its mind
			h.persist()
		}
		h.dropPeer(p, &wire.Bye{Kind: wire.KindAuth, Code: wire.ByeRefused})
		h.changed()
	})
	return err
}

// seatWatcher gives a watcher a seat of its own (the table must be in its lobby). The caller
// welcomes it and tells the others.
func (h *Host) seatWatcher(p *peer) error {
	if len(h.seats) >= h.maxSeats {
		return engine.Errorf(wire.KindState, "table: admit", "the table is full")
	}
	tok := make([]byte, 16)
	if _, err := io.ReadFull(h.cfg.Rand, tok); err != nil {
		return engine.Errorf(engine.KindBadConfig, "table: admit", "random source: %v", err)
	}
	seat := engine.Seat(len(h.seats))
	h.seats = append(h.seats, &seatState{Key: append([]byte(nil), p.key...), Token: hex.EncodeToString(tok), Name: h.uniqueName(p.watchName, seat), peer: p})
	p.seat = seat
	delete(h.admitted, string(p.key))
	return nil
}

// seatAdmitted seats, at a rematch, every watcher the host agreed to, in arrival order, while
// seats are free (the rest keep watching, still admitted for the game after). It returns the
// links it seated.
func (h *Host) seatAdmitted() []*peer {
	var seated []*peer
	for _, w := range h.watchers() {
		if p := h.watcherPeer(w.Key); p != nil && h.admitted[string(p.key)] {
			if h.seatWatcher(p) != nil {
				break
			}
			seated = append(seated, p)
		}
	}
	return seated
}
