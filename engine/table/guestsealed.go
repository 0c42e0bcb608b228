package table

// Sealed simultaneous moves, guest side (see sealed.go). Send in a sealed phase commits to the
// move and sends only the signed commitment; the move itself stays on this page until the host
// has relayed a complete set of commitments, one from every active seat, with ours unchanged.
// This is what binds the host's own seat too: its page is a Guest like any other.

import (
	"io"
	"slices"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

type sealedChoice struct {
	base   int
	active []engine.Seat // the seats choosing, in seat order, as our view at base showed
	move   engine.Move
	nonce  []byte
	c      [32]byte
	sig    []byte // our signature on c
	opened bool   // the set came and our Open was sent
	sent   time.Time
	gen    int    // the link it was last sent on (0: none)
	seq    uint64 // the frame of our latest Pledge or Open
}

// seal commits to m for the sealed round at the current seq.
func (g *Guest) seal(m engine.Move) error {
	base := g.st.Seq
	if s := g.sealed; s != nil && s.base <= base && base < s.base+len(s.active) {
		return engine.Errorf(wire.KindState, "table: send", "a sealed choice of this seat is already committed")
	}
	nonce := make([]byte, wire.SecretSize)
	if _, err := io.ReadFull(g.cfg.Rand, nonce); err != nil {
		return engine.Errorf(engine.KindBadConfig, "table: send", "random source: %v", err)
	}
	active := slices.Clone(g.st.Status.Active)
	slices.Sort(active)
	s := &sealedChoice{base: base, active: active, move: m, nonce: nonce, c: fair.SealMove(g.tableID, base, m, nonce)}
	s.sig = g.cfg.Identity.SignPledge(g.tableID, base, m.Seat, s.c)
	g.sealed = s
	g.sendSealed()
	g.save() // before anything else: a reload must not lose a commitment the host holds
	return nil
}

// SealedMemory is a committed sealed choice kept across a reload (see Memory).
type SealedMemory struct {
	Base   int           `json:"base"`
	Active []engine.Seat `json:"active"`
	Move   engine.Move   `json:"move"`
	Nonce  []byte        `json:"nonce"`
}

func (g *Guest) sealedMemory() *SealedMemory {
	s := g.sealed
	if s == nil {
		return nil
	}
	return &SealedMemory{Base: s.base, Active: s.active, Move: s.move, Nonce: s.nonce}
}

// restoreSealed takes back a choice committed before a reload; the tick sends its commitment
// again (the same bytes: Ed25519 signatures are deterministic) and opens it once the set comes.
func (g *Guest) restoreSealed(table []byte, m *SealedMemory) {
	if m == nil || len(m.Nonce) != wire.SecretSize {
		return
	}
	s := &sealedChoice{base: m.Base, active: m.Active, move: m.Move, nonce: m.Nonce, c: fair.SealMove(table, m.Base, m.Move, m.Nonce)}
	s.sig = g.cfg.Identity.SignPledge(table, m.Base, m.Move.Seat, s.c)
	g.sealed = s
}

// sendSealed sends (or resends) the pledge, or the opening once the set has come.
func (g *Guest) sendSealed() {
	s := g.sealed
	s.sent = time.Now()
	if g.link == nil || !g.link.welcomed {
		return
	}
	s.gen = g.link.gen
	if !s.opened {
		s.seq = g.send(&wire.Pledge{Base: s.base, Seat: s.move.Seat, C: s.c[:], Sig: s.sig})
		return
	}
	seq := s.base + 1 + slices.Index(s.active, s.move.Seat)
	s.seq = g.send(&wire.Open{Base: s.base, Move: s.move, Nonce: s.nonce, Sig: g.cfg.Identity.SignMove(g.tableID, seq, s.move)})
}

// pledges takes the relayed set: the auditor records it, and our move is opened if the set
// covers every seat the public game makes choose (rule 3, guestrules.go) and holds our
// commitment unchanged.
func (g *Guest) pledges(m *wire.Pledges) {
	set := make([]fair.Pledge, len(m.Pledges))
	for i, p := range m.Pledges {
		set[i] = fair.Pledge{Seat: p.Seat, C: [32]byte(p.C), Sig: p.Sig, StandIn: p.StandIn}
	}
	g.st.Locked, g.st.LockedBase = nil, m.Base
	for _, p := range m.Pledges {
		g.st.Locked = append(g.st.Locked, p.Seat)
	}
	if g.audit != nil {
		if err := g.audit.Pledged(m.Base, set); err != nil {
			g.failAll(mismatch(err))
			return
		}
	}
	for _, p := range set {
		if p.StandIn && p.Seat == g.st.Seat && g.st.Seat >= 0 && (g.awayNow() || g.cameBackAt(m.Base)) {
			// A set relayed while we were away (the welcome back tells it right after the
			// view that ends the catch-up): the stand-in's move comes after we are back.
			g.standInRound = [2]int{m.Base, m.Base + len(set)}
			if s := g.sealed; s != nil && s.base == m.Base && s.c != p.C {
				// The set was restarted for our seat while we were away (sealedrestart.go):
				// our choice is void, never opened; sending it again would only be refused.
				g.sealed = nil
				g.save()
			}
		}
		g.standInPledged(p, m.Base, len(set))
	}
	g.setAt, g.set = m.Base, set
	g.openSealed()
}

// openSealed checks the latest relayed set by rule 3 and opens our choice when it holds. The
// guest's replay may not have reached the round yet (its deal revealed a moment later): then
// it is asked again after the next replay (settle).
func (g *Guest) openSealed() {
	if g.set == nil {
		return
	}
	active, ready, why := g.checkSealedSet(g.setAt, g.set)
	if why != nil {
		g.set = nil
		g.failAll(*why)
		return
	}
	if !ready {
		return
	}
	set := g.set
	g.set = nil
	s := g.sealed
	if s == nil || s.opened || g.setAt != s.base {
		return
	}
	s.active = active // our seq in the round, from the rules too
	for _, p := range set {
		if p.Seat == s.move.Seat && p.C != s.c {
			g.logf("table: guest keeps its sealed choice: the set does not hold our commitment")
			return
		}
	}
	s.opened = true
	g.sendSealed()
}

// sealedDone forgets our sealed choice once the game has moved past its round.
func (g *Guest) sealedDone() {
	if s := g.sealed; s != nil && g.st.Seq >= s.base+len(s.active) {
		g.sealed = nil
	}
}
