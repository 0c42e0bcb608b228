package table

// The signed log head (issue 10, finding 3; engine/fair/head.go): the host signs the head of the
// game's hash chain at the end of every deal and of the game; each guest checks the signature
// and that the head is the chain of the record it was shown, keeps the latest as the table code,
// and keeps any signed head that contradicts its record as proof against the host.

import (
	"errors"
	"fmt"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// maxHeads bounds the signed heads a guest holds until it knows the moves they cover.
const maxHeads = 64

// ---- host ----

// chainHead brings the chain up to the latest move and returns its head.
func (h *Host) chainHead() [32]byte {
	if string(h.chainTable) != string(h.table) || h.chainAt > len(h.moves) {
		h.chain, h.chainAt, h.chainTable = fair.HeadStart(h.table, h.cfg.Signer.Public()), 0, h.table
	}
	epoch := 0
	for _, m := range h.moves[:h.chainAt] {
		if m.Kind == engine.KindDeal {
			epoch++
		}
	}
	for ; h.chainAt < len(h.moves); h.chainAt++ {
		m := h.moves[h.chainAt]
		var c *[32]byte
		if m.Kind == engine.KindDeal {
			epoch++
			c = new([32]byte)
			copy(c[:], h.deals[epoch-1].C)
		}
		h.chain = fair.HeadNext(h.chain, m, c)
	}
	return h.chain
}

// signHead signs the chain's head now, with the commitment of a deal not yet applied (a deal
// committed or committed again, the game's end), and tells everyone.
func (h *Host) signHead() {
	if h.cfg.Signer.Public() == nil || !h.started {
		return
	}
	head, epoch, round := h.chainHead(), 0, 0
	if n := len(h.deals); n > 0 && !h.deals[n-1].Applied {
		var c [32]byte
		copy(c[:], h.deals[n-1].C)
		epoch, head, round = n, fair.HeadPending(head, n, c), h.deals[n-1].Round
	}
	if h.head != nil && h.head.Seq == len(h.moves) && [32]byte(h.head.H) == head {
		return
	}
	sh := h.cfg.Signer.SignHeadRound(h.table, len(h.moves), head, round)
	h.head = &wire.Head{Seq: sh.Seq, Epoch: epoch, Round: round, H: sh.Head[:], Key: sh.Key, Sig: sh.Sig}
	h.broadcast(h.head)
}

// sendHead gives a guest being welcomed the latest signed head of this game.
func (h *Host) sendHead(p *peer) {
	if h.head != nil && string(h.chainTable) == string(h.table) {
		h.send(p, h.head)
	}
}

// versionBye tells a peer whose frame is of another protocol version so, in a Bye of its own
// version, and lets it go: it is another build, not an attacker.
func (h *Host) versionBye(p *peer, v int) {
	if p.closed {
		return
	}
	h.logf("table: guest %d speaks protocol version %d, this host %d", p.id, v, wire.Version)
	// The code alone tells it: every build since version 2 words ByeVersion in its own player's
	// language (see wire.EncodeVersion).
	bye := &wire.Bye{Kind: wire.KindVersion, Code: wire.ByeVersion}
	p.outSeq++
	if f, err := wire.EncodeVersion(v, p.outSeq, bye); err == nil {
		p.queue(f)
	}
	h.dropPeer(p, nil)
}

// ---- guest ----

// hostKey is the key the guest holds the host to: the lobby's host seat's, else the first key
// a head was signed with at this table.
func (g *Guest) hostKey(m *wire.Head) []byte {
	if g.pinnedKey != nil {
		return g.pinnedKey
	}
	for _, s := range g.st.Lobby.Seats {
		if s.Host && !s.Bot && len(s.Key) > 0 {
			g.pinnedKey = s.Key
			return s.Key
		}
	}
	if m != nil {
		g.pinnedKey = m.Key
	}
	return g.pinnedKey
}

// takeHead checks a signed head's signature and holds it until the moves it covers are known.
func (g *Guest) takeHead(m *wire.Head) {
	if g.audit == nil || g.beyond(m.Seq) {
		return // not started (nothing to check it against), or past the game's end
	}
	key := g.hostKey(m)
	sh := fair.SignedHead{Table: g.tableID, Seq: m.Seq, Round: m.Round, Key: m.Key, Sig: m.Sig}
	copy(sh.Head[:], m.H)
	switch {
	case !sh.Valid():
		g.logf("table: guest dropped a log head the host's key did not sign")
		return
	case string(m.Key) != string(key):
		g.failAll(mismatch(errors.New("the host signed the table's record with a key that is not the host's")))
		g.evidence = append(g.evidence, sh)
		return
	case len(g.heads) >= maxHeads:
		return
	}
	hd := heldHead{SignedHead: sh, epoch: m.Epoch}
	if m.Epoch > 0 {
		// The commitment this guest holds now, in order after the host's commit: a later
		// restart of the deal must not make this head look false.
		_, c, ok := g.audit.Committed(m.Epoch)
		if !ok {
			g.failAll(mismatch(fmt.Errorf("the host signed a record with deal %d, which it never committed to this guest", m.Epoch)))
			g.evidence = append(g.evidence, sh)
			return
		}
		hd.commit = c
	}
	g.heads = append(g.heads, hd)
	g.checkHeads()
}

// heldHead is a signed head waiting for the moves it covers, with the commitment it names.
type heldHead struct {
	fair.SignedHead
	epoch  int
	commit [32]byte
}

// checkHeads compares each held head with the chain of this guest's own record once every
// move it covers is known: equal, it becomes the table code; different, the host signed a
// record it did not show, and the signed head is kept as proof.
func (g *Guest) checkHeads() {
	if g.audit == nil || len(g.heads) == 0 {
		return
	}
	kept := g.heads[:0]
	for _, hd := range g.heads {
		sh := hd.SignedHead
		head, ok := g.chainTo(sh.Seq)
		if ok && hd.epoch > 0 {
			head = fair.HeadPending(head, hd.epoch, hd.commit)
		}
		switch {
		case !ok:
			kept = append(kept, hd)
		case head != sh.Head:
			g.failAll(mismatch(fmt.Errorf("the host signed a record of the game (after move %d) other than the one it showed this guest", sh.Seq)))
			g.evidence = append(g.evidence, sh)
		case g.head == nil || sh.Seq >= g.head.Seq:
			h := sh
			g.head = &h
		}
	}
	g.heads = kept
}

// chainTo is the chain head of this guest's record after seq, if every move up to it is known.
func (g *Guest) chainTo(seq int) ([32]byte, bool) {
	if g.chainAt > seq || g.chainAt == 0 && g.chain == ([32]byte{}) {
		g.chain, g.chainAt, g.chainEpoch = fair.HeadStart(g.tableID, g.hostKey(nil)), 0, 0
	}
	for g.chainAt < seq {
		m, ok := g.audit.MoveAt(g.chainAt + 1)
		if !ok {
			return [32]byte{}, false
		}
		var c *[32]byte
		if m.Kind == engine.KindDeal {
			_, cc, ok := g.audit.Committed(g.chainEpoch + 1)
			if !ok {
				return [32]byte{}, false
			}
			g.chainEpoch++
			c = &cc
		}
		g.chain = fair.HeadNext(g.chain, m, c)
		g.chainAt++
	}
	return g.chain, true
}
