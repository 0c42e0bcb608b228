package table

// Sending: the lobby, views and everything else the host tells its guests.

import (
	"encoding/json"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

func (h *Host) lobby() *wire.Lobby {
	l := &wire.Lobby{Options: copyMap(h.options), Started: h.started}
	for i, s := range h.seats {
		l.Seats = append(l.Seats, wire.SeatInfo{Seat: engine.Seat(i), Name: s.Name, Key: s.Key, Bot: s.Bot, Level: s.Level, Connected: s.Bot || s.peer != nil, Ready: s.Ready, StandIn: s.StandIn,
			Host: !s.Bot && len(h.cfg.HostKey) > 0 && string(s.Key) == string(h.cfg.HostKey)})
	}
	return l
}

func (h *Host) broadcastLobby() {
	h.persist()
	l := h.lobby()
	for _, p := range h.peers {
		if p.welcomed {
			h.send(p, l)
		}
	}
	h.changed()
}

func (h *Host) broadcast(m wire.Message) {
	for _, p := range h.peers {
		if p.welcomed {
			h.send(p, m)
		}
	}
}

func (h *Host) broadcastView(m *engine.Move) {
	cache := map[engine.Seat]*wire.View{}
	for _, p := range h.peers {
		if !p.welcomed {
			continue
		}
		v, ok := cache[p.seat]
		if !ok {
			v = h.viewFor(p.seat, m)
			cache[p.seat] = v
		}
		h.send(p, v)
	}
}

func (h *Host) sendView(p *peer, m *engine.Move) {
	if len(h.moves) > 0 {
		last := h.moves[len(h.moves)-1]
		m = &last
	}
	h.send(p, h.viewFor(p.seat, m))
}

func (h *Host) viewFor(s engine.Seat, m *engine.Move) *wire.View {
	v := &wire.View{Seq: len(h.moves), Status: h.game.Status(), Legal: h.game.Legal(s)}
	if v.Legal == nil {
		v.Legal = []engine.Move{}
	}
	if m != nil && v.Seq > 0 {
		pub := *m
		if pub.Kind == engine.KindDeal {
			pub.Seed = ""
		}
		v.Move = &pub
	}
	if len(h.sigs) > 0 && v.Move != nil {
		v.Sig = h.sigs[len(h.sigs)-1]
		v.Nonce = h.nonces[v.Seq]
		v.StandIn = h.standIns[v.Seq]
	}
	b, err := json.Marshal(h.game.View(s))
	if err != nil {
		h.logf("table: view of seat %d: %v", s, err)
		b = []byte("{}")
	}
	v.SetView(b) // json.Marshal output: encoded without a second scan
	return v
}

// send queues m for p; a message that cannot be encoded is a host bug, logged and dropped.
func (h *Host) send(p *peer, m wire.Message) {
	if p.closed {
		return
	}
	p.outSeq++
	size := 0
	if v, ok := m.(*wire.View); ok {
		size = h.viewSize(v)
	}
	f, err := wire.EncodePadded(p.outSeq, m, size)
	if err != nil {
		p.outSeq--
		h.logf("table: cannot send %s to guest %d: %v", m.Type(), p.id, err)
		return
	}
	if size > 0 && len(f) != size {
		h.logf("table: a view for seat %d needs %d bytes, more than the %d of every view", p.seat, len(f), size)
	}
	p.remember(p.outSeq, f)
	if !p.queue(f) {
		h.dropPeer(p, nil)
	}
}

// viewSlack is the game's view slack (engine.ViewSlack, issue 10 finding 11).
func (h *Host) viewSlack() int { return engine.ViewSlack(h.rules) }

// viewSize is the size every view frame of this game seq is padded to, whoever it is for: the
// public view's frame plus viewSlack. Both are public, so a frame's size says nothing of the
// cards in it (finding 11 of issue 10). A view that does not fit (never seen) goes to its
// bucket and is logged: its size may then say a little.
func (h *Host) viewSize(v *wire.View) int {
	if h.padSeq == v.Seq && h.padSize > 0 && string(h.padTable) == string(h.table) {
		return h.padSize
	}
	o := *v
	o.Legal = []engine.Move{}
	b, err := json.Marshal(h.game.View(engine.Observer))
	if err != nil {
		return 0
	}
	o.SetView(b)
	n, err := wire.Size(1<<53, &o) // a seq longer than any real one
	if err != nil {
		return 0
	}
	h.padSeq, h.padTable, h.padSize = v.Seq, h.table, n+h.viewSlack()
	return h.padSize
}

// dropPeer closes a connection (saying bye first if given) and frees its seat's link.
func (h *Host) dropPeer(p *peer, bye *wire.Bye) {
	if p.closed {
		return
	}
	if bye != nil {
		h.logf("table: dropping guest %d (seat %d): bye %s (%s)", p.id, p.seat, bye.Code, bye.Kind)
		h.send(p, bye)
	}
	p.close()
	delete(h.peers, p.id)
	if p.seat.Valid(len(h.seats)) && h.seats[p.seat].peer == p {
		h.seats[p.seat].peer = nil
		if h.started || h.beside.on {
			h.left(p.seat) // the person's deadline runs from now (away.go)
		}
		if !h.started {
			h.seats[p.seat].Ready = false
		}
		h.broadcastLobby()
		h.checkAway()
	}
}

// logChunk is the public log from index from to to, with the movers' signatures.
func (h *Host) logChunk(from, to int) *wire.Log {
	l := &wire.Log{From: from, Moves: h.publicLog(from, false)[:to-from]}
	for _, s := range h.sigs[from:to] {
		if s != nil {
			l.Sigs = h.sigs[from:to]
			break
		}
	}
	for i := from; i < to; i++ {
		if h.nonces[i+1] != nil {
			l.Nonces = make([][]byte, to-from)
			for j := from; j < to; j++ {
				l.Nonces[j-from] = h.nonces[j+1]
			}
			break
		}
	}
	for i := from; i < to; i++ {
		if h.standIns[i+1] {
			l.StandIns = append(l.StandIns, i-from)
		}
	}
	return l
}
