package table

// Views, refusals and the table code: what the guest shows of the game as the host tells it.

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

func (g *Guest) view(m *wire.View) {
	if g.audit != nil && g.beyond(m.Seq) {
		return
	}
	if g.audit != nil {
		if m.Move != nil {
			g.moveSeen(m.Seq, *m.Move, m.Sig, m.Nonce, m.StandIn)
		}
		if show, why := g.checkView(m); why != nil {
			g.failAll(*why)
			return
		} else if !show {
			return
		}
		g.later(m.Seq, fair.Shown{View: m.View, Legal: m.Legal, Status: m.Status})
		if g.awayNow() {
			g.back(m.Seq)            // the view that ends a catch-up: live from here on
			g.sidelineAt(m.Seq)      // or watching our seat's stand-in finish a deal without us
			for e := range g.deals { // the deals still open, now that catch-up told which
				g.contribute(e)
			}
		}
		g.handedBack(m.Legal)
		g.settleIfWaiting()
		g.checkHeads()
	}
	if g.st.HasView && m.Seq < g.st.Seq {
		return
	}
	if !g.st.HasView || m.Seq != g.st.Seq {
		g.live.shown(time.Now())
	}
	g.st.Seq, g.st.ViewJSON, g.st.Legal, g.st.Status, g.st.HasView = m.Seq, m.View, m.Legal, m.Status, true
	g.st.View, g.decoded = nil, false // decoded when State is next called
	g.sealedDone()
	g.openSealed() // a sealed set that waited for its round's view
	if p := g.pending; p != nil && m.Seq > p.basedOn && !g.mayResend(p) {
		g.pending = nil
	}
}

// mayResend decides the fate of a pending move once the game has moved past the view it was
// based on. If the move applied right after that view was ours, it is done. If it was someone
// else's (a simultaneous phase), ours may still stand: it is kept while still legal, and the
// host's stale refusal makes us send it again on the newer view.
func (g *Guest) mayResend(p *pendingMove) bool {
	var next engine.Move
	known := false
	if g.audit != nil {
		next, known = g.audit.MoveAt(p.basedOn + 1)
	}
	return known && next != p.move && engine.IsLegal(g.st.Legal, p.move)
}

func (g *Guest) reject(m *wire.Reject) {
	if m.Kind == wire.KindDuplicate {
		return // our own resend crossing the first copy
	}
	if g.recordReject(m) {
		return
	}
	g.shareRefused(m, time.Now())
	if s := g.sealed; s != nil && m.Ref == s.seq && m.Kind != wire.KindStale {
		g.sealed = nil // refused for good (a stale refusal is a round the host has not opened yet)
	}
	if p := g.pending; p != nil && (m.Ref == p.seq || m.BasedOn == p.basedOn && m.Ref != 0) {
		if m.Kind == wire.KindStale && g.st.Seq > p.basedOn {
			if g.mayResend(p) {
				p.basedOn = g.st.Seq // still legal on the view we now hold: send it on that
				g.sendMove()
			} else {
				g.pending = nil
			}
			return
		}
		g.pending = nil
	}
	g.st.Reject = m
}

// code hashes the public record up to the latest view into the short table code (GuestState.Code).
func (g *Guest) code() string {
	if g.head != nil {
		return g.head.Code()
	}
	if g.audit == nil || !g.st.HasView {
		return ""
	}
	// A host that signs no head (no identity given): the same kind of chain, unsigned.
	h := sha256.New()
	h.Write(g.tableID)
	epoch := 0
	for seq := 1; seq <= g.st.Seq; seq++ {
		m, ok := g.audit.MoveAt(seq)
		if !ok {
			return "" // not all known yet
		}
		b, _ := json.Marshal(m)
		h.Write(b)
		if m.Kind == engine.KindDeal {
			epoch++
			_, c, ok := g.audit.Committed(epoch)
			if !ok {
				return ""
			}
			h.Write(c[:])
		}
	}
	if d := g.st.Status.Deal; d != nil { // the deal being made now, committed already
		_, c, ok := g.audit.Committed(d.Epoch)
		if !ok {
			return ""
		}
		h.Write(c[:])
	}
	sum := h.Sum(nil)
	s := base32.StdEncoding.EncodeToString(sum[:5])
	return s[:4] + "-" + s[4:]
}
