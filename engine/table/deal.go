package table

// Dealing: one commit-reveal deal (engine/fair) per engine.DealRequest.

import (
	"sort"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

type dealState struct {
	Epoch   int                 `json:"epoch"`
	Context string              `json:"context"`
	Roster  [][]byte            `json:"roster"`
	H       []byte              `json:"h"`
	C       []byte              `json:"c"`
	Shares  map[int]*wire.Share `json:"shares,omitempty"`
	// Seals are the contributors' sealed shares (Share.S holds the seal); once every
	// contributor's is in, the set is relayed (SealsSent) and only then are shares accepted.
	Seals     map[int]*wire.Share `json:"seals,omitempty"`
	SealsSent bool                `json:"sealsSent,omitempty"`
	Applied   bool                `json:"applied"`
	Revealed  bool                `json:"revealed"`
	// Chain is the commitments this one replaced after their sets of seals were relayed, since
	// the roster last changed, oldest first, each with its set and its cause (restartchain.go).
	Chain []prevCommit `json:"chain,omitempty"`
	// Prev is how a save before the chain kept the latest of them alone; Resume moves it to Chain.
	Prev *prevCommit `json:"prev,omitempty"`
	// Cause is the seal that made the host commit again, when a seat sealed again after the set
	// went out (charge.go); Charges counts the restarts of this deal each seat caused.
	Cause   *wire.Share `json:"cause,omitempty"`
	Charges map[int]int `json:"charges,omitempty"`
	// Round counts the restarts of this deal: the round of the heads signed for it (head.go).
	Round int `json:"round,omitempty"`
}

func sameRoster(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if string(a[i]) != string(b[i]) {
			return false
		}
	}
	return true
}

// prevCommit is a superseded commitment of a deal, its relayed set of seals, and the seal that
// made the host commit it (Commit.Cause; nil for the first, or a restart no seal caused).
type prevCommit struct {
	Roster [][]byte     `json:"roster"`
	C      []byte       `json:"c"`
	Seals  []wire.Share `json:"seals"`
	Cause  *wire.Share  `json:"cause,omitempty"`
}

func (d *dealState) context(game string, table []byte) fair.Context {
	return fair.Context{Game: game, Table: table, Epoch: d.Epoch, Deal: d.Context, Roster: d.Roster}
}

// sendDeal shows p deal d as far as it went: while it is open, the chain of commitments it
// replaced (restartchain.go); its commitment, set of seals, shares and secret.
func (h *Host) sendDeal(p *peer, d *dealState) {
	if !d.Applied {
		for _, pc := range d.Chain {
			h.send(p, &wire.Commit{Epoch: d.Epoch, Context: d.Context, Roster: pc.Roster, C: pc.C, Cause: pc.Cause})
			h.send(p, &wire.Seals{Epoch: d.Epoch, Seals: pc.Seals})
		}
	}
	h.send(p, commitMsg(d))
	if d.SealsSent {
		h.send(p, sealList(d))
	}
	if d.Applied {
		h.send(p, shareList(d))
	}
	if d.Revealed {
		h.send(p, &wire.Reveal{Epoch: d.Epoch, H: d.H})
	}
}

func shareList(d *dealState) *wire.Contribs {
	return &wire.Contribs{Epoch: d.Epoch, Shares: inSeatOrder(d.Shares)}
}

func sealList(d *dealState) *wire.Seals {
	return &wire.Seals{Epoch: d.Epoch, Seals: inSeatOrder(d.Seals)}
}

func inSeatOrder(m map[int]*wire.Share) []wire.Share {
	keys := make([]int, 0, len(m))
	for s := range m {
		keys = append(keys, s)
	}
	sort.Ints(keys)
	out := make([]wire.Share, 0, len(keys))
	for _, s := range keys {
		out = append(out, *m[s])
	}
	return out
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
		h.giveBack() // sidelined players share in this deal (sideline.go)
		d := &dealState{Epoch: req.Epoch, Context: req.Context, Shares: map[int]*wire.Share{}}
		if err := h.commit(d); err != nil {
			h.logf("table: %v", err)
			return false
		}
		h.deals = append(h.deals, d)
		h.persist()
		h.broadcast(commitMsg(d))
		h.signHead() // the previous deal's moves are all in: the record so far, and this commitment
		if len(d.context(h.rules.Name(), h.table).Contributors()) == 0 {
			d.SealsSent = true // nobody to wait for (a table of bots)
			h.broadcast(sealList(d))
		}
	}
	d := h.deals[req.Epoch-1]
	if !d.SealsSent {
		return false
	}
	return h.tryFinish(d)
}

// commit draws a fresh secret for d under the current roster.
func (h *Host) commit(d *dealState) error {
	sec, err := fair.Secret(h.cfg.Rand)
	if err != nil {
		return err
	}
	d.Roster = make([][]byte, len(h.seats))
	for i, s := range h.seats {
		if !s.Bot && !s.StandIn { // a stand-in has no key: like a bot, it is no contributor
			d.Roster[i] = s.Key
		}
	}
	cx := d.context(h.rules.Name(), h.table)
	c := fair.Commit(cx.Bytes(), sec)
	d.H, d.C = sec[:], c[:]
	d.Shares, d.Seals, d.SealsSent = map[int]*wire.Share{}, map[int]*wire.Share{}, false
	return nil
}

func commitMsg(d *dealState) *wire.Commit {
	return &wire.Commit{Epoch: d.Epoch, Context: d.Context, Roster: d.Roster, C: d.C, Cause: d.Cause}
}

// rekey handles a seat whose identity key changed (reclaimed by token) while a deal waits for
// shares: the deal is committed again under the new roster, and every guest draws a fresh share.
func (h *Host) rekey() {
	if len(h.deals) == 0 {
		return
	}
	h.restart(h.deals[len(h.deals)-1], nil)
}

// restart commits d again; cause is the seal that made it necessary, if a seat sealed again.
func (h *Host) restart(d *dealState, cause *wire.Share) {
	if d.Applied {
		return
	}
	replaced := prevCommit{Roster: d.Roster, C: d.C, Seals: inSeatOrder(d.Seals), Cause: d.Cause}
	sealed := d.SealsSent
	if err := h.commit(d); err != nil {
		h.logf("table: %v", err)
		return
	}
	d.chain(replaced, sealed)
	d.Cause = cause
	d.Round++
	h.persist()
	h.broadcast(commitMsg(d))
	h.signHead()
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
	if !d.SealsSent {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: contribution", "deal %d's sealed shares are not all in", m.Epoch), false)
		return
	}
	if !fair.VerifyContribution(d.Roster[m.Seat], cx.Bytes(), c, fair.Share{Seat: m.Seat, S: s, Sig: m.Sig}) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table: contribution", "the share is not signed over deal %d's commitment", m.Epoch), false)
		return
	}
	if sl := d.Seals[int(m.Seat)]; sl == nil || fair.SealShare(cx.Bytes(), c, m.Seat, s) != [32]byte(sl.S) {
		h.refuse(p, seq, 0, engine.Errorf(engine.KindIllegal, "table: contribution", "the share is not the one seat %d sealed", m.Seat), true)
		return
	}
	d.Shares[int(m.Seat)] = &sh
	h.persist()
	if h.game.Status().Deal != nil {
		h.advance()
	}
}

// seal takes a contributor's sealed share; once every contributor's is in, the set is relayed
// and shares may be revealed.
func (h *Host) seal(p *peer, seq uint64, m *wire.Seal) {
	if !p.seat.Valid(len(h.seats)) || m.Seat != p.seat {
		h.refuse(p, seq, 0, engine.Errorf(engine.KindBadSeat, "table: seal", "seat %d cannot seal for seat %d", p.seat, m.Seat), true)
		return
	}
	if m.Epoch < 1 || m.Epoch > len(h.deals) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: seal", "no deal %d is open", m.Epoch), false)
		return
	}
	d := h.deals[m.Epoch-1]
	old, had := d.Seals[int(m.Seat)]
	if had && string(old.S) == string(m.SC) && string(old.Sig) == string(m.Sig) {
		return // a retry
	}
	if d.Applied || had && d.SealsSent && d.Shares[int(m.Seat)] != nil || !had && d.SealsSent {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindState, "table: seal", "deal %d already has this seat's seal", m.Epoch), false)
		return
	}
	var c [32]byte
	copy(c[:], d.C)
	cx := d.context(h.rules.Name(), h.table)
	sl := fair.Seal{Seat: m.Seat, SC: [32]byte(m.SC), Sig: m.Sig}
	if !m.Seat.Valid(len(d.Roster)) || !fair.VerifySeal(d.Roster[m.Seat], cx.Bytes(), c, sl) {
		h.refuse(p, seq, 0, engine.Errorf(wire.KindAuth, "table: seal", "the seal is not signed over deal %d's commitment", m.Epoch), false)
		return
	}
	if had && d.SealsSent {
		// A new seal after the set went out: the guest lost the share it sealed (its page
		// reloaded), so the deal can only start again, charged to that seat (charge.go).
		h.resealed(d, m)
		return
	}
	if d.Seals == nil {
		d.Seals = map[int]*wire.Share{}
	}
	// Before the set goes out a seal may be replaced: nobody has seen any share yet.
	d.Seals[int(m.Seat)] = &wire.Share{Seat: m.Seat, S: m.SC, Sig: m.Sig}
	for _, s := range cx.Contributors() {
		if d.Seals[int(s)] == nil {
			h.persist()
			return
		}
	}
	d.SealsSent = true
	h.persist()
	h.broadcast(sealList(d))
	h.awaitShares(d)
}

// awaitShares restarts d if its shares are not all in within ShareTimeout.
func (h *Host) awaitShares(d *dealState) {
	if h.shareTimer != nil {
		h.shareTimer.Stop()
	}
	c := string(d.C)
	h.shareTimer = time.AfterFunc(h.cfg.ShareTimeout, func() {
		select {
		case h.events <- event{call: func() {
			if len(h.deals) > 0 && h.deals[len(h.deals)-1] == d && string(d.C) == c && d.SealsSent && !d.Applied {
				h.logf("table: deal %d: a share never came", d.Epoch)
				if !h.withheld(d) { // the seats that withheld theirs are benched (charge.go)
					h.rekey()
				}
			}
		}, reply: make(chan struct{})}:
		case <-h.quit:
		}
	})
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
	d.Applied, d.Chain = true, nil // the chain is shown only while the deal is open
	h.moves, h.sigs = append(h.moves, m), append(h.sigs, nil)
	h.unbench(d.Epoch)
	h.persist()
	h.broadcastView(&m)
	h.changed()
	return true
}

// botTurn lets one active bot move; true if one did.
