package table

// Dealing: one commit-reveal deal (engine/fair) per engine.DealRequest.

import (
	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
	"sort"
)

type dealState struct {
	Epoch    int                 `json:"epoch"`
	Context  string              `json:"context"`
	Roster   [][]byte            `json:"roster"`
	H        []byte              `json:"h"`
	C        []byte              `json:"c"`
	Shares   map[int]*wire.Share `json:"shares,omitempty"`
	Applied  bool                `json:"applied"`
	Revealed bool                `json:"revealed"`
}

func (d *dealState) context(game string, table []byte) fair.Context {
	return fair.Context{Game: game, Table: table, Epoch: d.Epoch, Deal: d.Context, Roster: d.Roster}
}

// event is anything the match goroutine reacts to.
func (h *Host) sendDeal(p *peer, d *dealState) {
	h.send(p, commitMsg(d))
	if d.Applied {
		h.send(p, shareList(d))
	}
	if d.Revealed {
		h.send(p, &wire.Reveal{Epoch: d.Epoch, H: d.H})
	}
}

func shareList(d *dealState) *wire.Contribs {
	m := &wire.Contribs{Epoch: d.Epoch}
	keys := make([]int, 0, len(d.Shares))
	for s := range d.Shares {
		keys = append(keys, s)
	}
	sort.Ints(keys)
	for _, s := range keys {
		m.Shares = append(m.Shares, *d.Shares[s])
	}
	return m
}

func (h *Host) revealOpen() {
	for _, d := range h.deals {
		if d.Applied && !d.Revealed {
			d.Revealed = true
			h.persist()
			h.broadcast(&wire.Reveal{Epoch: d.Epoch, H: d.H})
		}
	}
}

// dealFor makes progress on the deal req asks for; true if it was applied.
func (h *Host) dealFor(req engine.DealRequest) bool {
	if req.Epoch != len(h.deals)+1 && !(req.Epoch == len(h.deals) && !h.deals[req.Epoch-1].Applied) {
		h.logf("table: the game asked for deal %d after %d deals; refusing to deal", req.Epoch, len(h.deals))
		return false
	}
	if req.Epoch == len(h.deals)+1 {
		h.revealOpen()
		d := &dealState{Epoch: req.Epoch, Context: req.Context, Shares: map[int]*wire.Share{}}
		if err := h.commit(d); err != nil {
			h.logf("table: %v", err)
			return false
		}
		h.deals = append(h.deals, d)
		h.persist()
		for _, p := range h.peers {
			if p.welcomed {
				h.send(p, commitMsg(d))
			}
		}
	}
	return h.tryFinish(h.deals[req.Epoch-1])
}

// commit draws a fresh secret for d under the current roster.
func (h *Host) commit(d *dealState) error {
	sec, err := fair.Secret(h.cfg.Rand)
	if err != nil {
		return err
	}
	d.Roster = make([][]byte, len(h.seats))
	for i, s := range h.seats {
		if !s.Bot {
			d.Roster[i] = s.Key
		}
	}
	cx := d.context(h.rules.Name(), h.table)
	c := fair.Commit(cx.Bytes(), sec)
	d.H, d.C = sec[:], c[:]
	d.Shares = map[int]*wire.Share{}
	return nil
}

func commitMsg(d *dealState) *wire.Commit {
	return &wire.Commit{Epoch: d.Epoch, Context: d.Context, Roster: d.Roster, C: d.C}
}

// rekey handles a seat whose identity key changed (reclaimed by token) while a deal waits for
// shares: the deal is committed again under the new roster, and every guest draws a fresh share.
func (h *Host) rekey(seat engine.Seat) {
	if len(h.deals) == 0 {
		return
	}
	d := h.deals[len(h.deals)-1]
	if d.Applied {
		return
	}
	if err := h.commit(d); err != nil {
		h.logf("table: %v", err)
		return
	}
	h.persist()
	for _, p := range h.peers {
		if p.welcomed && p.seat != seat {
			h.send(p, commitMsg(d))
		}
	}
}

func (h *Host) contrib(p *peer, seq uint64, m *wire.Contrib) {
	if !p.seat.Valid(len(h.seats)) || m.Seat != p.seat {
		h.refuse(p, seq, 0, engine.Errorf(engine.KindBadSeat, "table: contribution", "seat %d cannot contribute for seat %d", p.seat, m.Seat), true)
		return
	}
	if m.Epoch < 1 || m.Epoch > len(h.deals) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: contribution", "no deal %d is open", m.Epoch), false)
		return
	}
	d := h.deals[m.Epoch-1]
	sh := wire.Share{Seat: m.Seat, S: m.S, Sig: m.Sig}
	if old, ok := d.Shares[int(m.Seat)]; ok || d.Applied {
		if ok && string(old.S) == string(m.S) && string(old.Sig) == string(m.Sig) {
			return // a retry
		}
		h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: contribution", "deal %d already has this seat's share", m.Epoch), false)
		return
	}
	var s [32]byte
	copy(s[:], m.S)
	var c [32]byte
	copy(c[:], d.C)
	cx := d.context(h.rules.Name(), h.table)
	if !fair.VerifyContribution(d.Roster[m.Seat], cx.Bytes(), c, fair.Share{Seat: m.Seat, S: s, Sig: m.Sig}) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table: contribution", "the share is not signed over deal %d's commitment", m.Epoch), false)
		return
	}
	d.Shares[int(m.Seat)] = &sh
	h.persist()
	if h.game.Status().Deal != nil {
		h.advance()
	}
}

// tryFinish applies d once every contributor's share is in.
func (h *Host) tryFinish(d *dealState) bool {
	cx := d.context(h.rules.Name(), h.table)
	var shares []fair.Share
	for _, s := range cx.Contributors() {
		sh, ok := d.Shares[int(s)]
		if !ok {
			return false
		}
		fs := fair.Share{Seat: s, Sig: sh.Sig}
		copy(fs.S[:], sh.S)
		shares = append(shares, fs)
	}
	var hs [32]byte
	copy(hs[:], d.H)
	key := fair.Key(cx.Bytes(), hs, shares)
	h.broadcast(shareList(d))
	m := engine.DealMove(key)
	if err := h.game.Apply(m); err != nil {
		h.logf("table: the game refused deal %d: %v", d.Epoch, err)
		return false
	}
	d.Applied = true
	h.moves = append(h.moves, m)
	h.persist()
	h.broadcastView(&m)
	h.changed()
	return true
}

// botTurn lets one active bot move; true if one did.
