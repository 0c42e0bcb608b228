package table

// Dealing, guest side: a deal's commitment, our share sealed then revealed, the host's
// secret, and the verdict of the replay.

import (
	"bytes"
	"fmt"
	"strconv"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// failAll marks every unverified deal as failed: the host told two different stories.
func (g *Guest) failAll(problem reason) {
	failed := false
	for _, d := range g.deals {
		if d.status.State != DealVerified {
			d.status.fail(problem.code, problem.text, problem.args...)
			failed = true
		}
	}
	if !failed && len(g.deals) > 0 {
		g.fault(problem) // every deal verified: the table's verdict carries it
	}
	if len(g.deals) == 0 {
		g.deals[0] = &guestDeal{status: DealStatus{Epoch: 0, State: DealFailed, Code: problem.code, Args: problem.args, Problem: problem.text}}
	}
}

func (g *Guest) deal(epoch int) *guestDeal {
	d, ok := g.deals[epoch]
	if !ok {
		d = &guestDeal{status: DealStatus{Epoch: epoch, State: DealPending}}
		g.deals[epoch] = d
	}
	return d
}

func (g *Guest) commit(m *wire.Commit) {
	if g.audit == nil || m.Epoch > 1000 {
		return
	}
	d := g.deal(m.Epoch)
	if d.status.State != DealPending {
		return
	}
	var c [32]byte
	copy(c[:], m.C)
	cx := fair.Context{Game: g.st.Game, Table: g.tableID, Epoch: m.Epoch, Deal: m.Context, Roster: m.Roster}
	if why := g.checkRosterSeat(cx); why != nil {
		// Without our key the deal would go ahead without our share: the host alone would
		// choose it, and could show every guest a different one.
		d.status.fail(why.code, why.text, why.args...)
		return
	}
	commit := g.audit.Commit
	if d.cx.Roster != nil && d.c != c {
		if d.wasReplaced(c) {
			// A catch-up (Host.sendDeal) shows a restarted deal again, for a guest that missed
			// part of it: each commitment replaced and its set, then the current commitment.
			// This guest followed that restart already; taken as new, going back to the
			// replaced commitment would look like a re-deal with no seat changed.
			return
		}
		if err := g.restart(d, cx, m.Cause); err != nil {
			d.status.fail(wire.DealMismatch, err.Error())
			return
		}
		commit = g.audit.Restart
	}
	if err := commit(cx, c); err != nil {
		d.status.fail(wire.DealMismatch, err.Error())
		return
	}
	if d.cx.Roster != nil && d.c != c {
		d.replaced = append(d.replaced, replacedCommit{cx: d.cx, c: d.c})
	}
	if d.c != c {
		// A new commitment needs a fresh share, and a fresh set of seals before any reveal.
		d.share, d.seal, d.sealed, d.lost = nil, nil, false, false
		g.live.newCommitment(m.Epoch)
	}
	d.cx, d.c = cx, c
	g.contribute(m.Epoch)
}

// restart accepts a second commitment for a deal only for a roster change this guest was shown
// in the lobby, never for the host's own seat, or for shares sealed but never revealed. A host
// that has seen shares could otherwise re-deal until it liked the deal, so the restarts of a
// commitment whose seals were all relayed (our share may be out) are bounded by maxRestarts.
// Before that nobody's share is out and a restart tells the host nothing: a seat change shown
// again (a player left, a bot stood in, they came back, left again) is accepted each time.
func (g *Guest) restart(d *guestDeal, cx fair.Context, cause *wire.Share) error {
	if len(cx.Roster) != len(d.cx.Roster) {
		return engine.Errorf(engine.KindIllegal, "table: deal", "the host re-committed deal %d for another number of seats", cx.Epoch)
	}
	seats := g.st.Lobby.Seats
	away := g.awayNow() // in a catch-up after a lost link (restarted while we were gone)
	changed, first := false, engine.Seat(-1)
	for i := range cx.Roster {
		if bytes.Equal(cx.Roster[i], d.cx.Roster[i]) {
			continue
		}
		if !changed {
			first = engine.Seat(i)
		}
		changed = true
		switch {
		case away && i < len(seats) && len(cx.Roster[i]) == 0 && !seats[i].Host:
			// Left out while this page was away: a stand-in came (perhaps gone again since, as
			// when a seat benched for a share its slow link lost comes back after the deal).
			// The lobby that showed it went to the guests at the table, who judged it; this
			// page's catch-up holds only today's lobby and the deal's last commitment. If it is
			// our seat, we play in that deal only if another person's share is in it
			// (guestsideline.go).
		case i >= len(seats) || !bytes.Equal(seats[i].Key, cx.Roster[i]) && !(seats[i].StandIn && len(cx.Roster[i]) == 0):
			return engine.Errorf(engine.KindIllegal, "table: deal", "the host re-committed deal %d for a seat change this guest was never shown", cx.Epoch)
		case seats[i].Host:
			return engine.Errorf(engine.KindIllegal, "table: deal", "the host re-committed deal %d by changing its own seat's key", cx.Epoch)
		}
	}
	if !changed && !d.sealed {
		return engine.Errorf(engine.KindIllegal, "table: deal", "the host re-committed deal %d without any seat change", cx.Epoch)
	}
	if d.sealed {
		// Every seal was in: a contributor never revealed its share (perhaps the host's own
		// page, after seeing the others'), or a seat changed after shares may have gone out.
		// Allowed, counted, charged to the seat that caused it, and only a few times each.
		if err := g.charge(d, cx, first, cause); err != nil {
			return err
		}
	}
	d.status.Restarts++
	return nil
}

// checkRoster compares a deal's roster with the lobby this guest was shown: the same identity
// key at every player's seat, none at a bot's.
func (g *Guest) checkRoster(cx fair.Context) error {
	seats := g.st.Lobby.Seats
	if len(seats) != len(cx.Roster) {
		return engine.Errorf(engine.KindIllegal, "table: deal", "deal %d lists %d seats, the lobby %d", cx.Epoch, len(cx.Roster), len(seats))
	}
	for i, s := range seats {
		want := s.Key
		if s.Bot || s.StandIn {
			want = nil
		}
		if !bytes.Equal(want, cx.Roster[i]) {
			return engine.Errorf(engine.KindIllegal, "table: deal", "deal %d's key for seat %d differs from the lobby", cx.Epoch, i)
		}
	}
	return nil
}

// contribute sends our share of a deal, but only once every earlier deal is verified.
func (g *Guest) contribute(epoch int) {
	d := g.deals[epoch]
	s := g.st.Seat
	if d == nil || d.relayed || !s.Valid(len(d.cx.Roster)) || d.status.State != DealPending {
		return
	}
	if !bytes.Equal(d.cx.Roster[s], g.cfg.Identity.Public()) {
		return // a deal from before our seat was reclaimed with this key: not ours to share in
	}
	if err := g.checkRoster(d.cx); err != nil {
		if g.awayNow() {
			// In catch-up each deal comes before its shares: one already dealt may predate
			// today's lobby (a stand-in seated since). Checked again when the view ends it.
			return
		}
		d.status.fail(wire.DealMismatch, err.Error())
		return
	}
	for e := 1; e < epoch; e++ {
		prev, ok := g.deals[e]
		switch {
		case !ok:
			return // not known yet (the log is still coming)
		case prev.status.State == DealPending && prev.revealed:
			return // revealed, its replay still waits for moves: verify it first
		case prev.status.State == DealPending:
			prev.status.fail(wire.DealSkipped, "the host started the next deal without revealing this one")
			return
		case prev.status.State == DealFailed:
			return // refuse to play on with a host caught lying
		}
	}
	if d.share == nil {
		sec, err := fair.Secret(g.cfg.Rand)
		if err != nil {
			g.logf("table: guest: %v", err)
			return
		}
		sh := g.cfg.Identity.Contribute(d.cx.Bytes(), d.c, s, sec)
		sl := g.cfg.Identity.SealShare(d.cx.Bytes(), d.c, s, sec)
		d.share, d.seal, d.sentGen = &sh, &sl, 0
		// The set of seals is out already: the one in it for our seat was sealed before this
		// page reloaded (its share is lost). Our new seal makes the host restart the deal.
		d.lost = d.sealed
	}
	g.sendShare(d)
}

// sendShare sends our seal until the complete set of seals is relayed, then the share itself.
func (g *Guest) sendShare(d *guestDeal) {
	contrib := d.sealed && !d.lost
	if l := g.link; l != nil && l.reliable && d.sentGen == l.gen && d.sentContrib == contrib {
		return // sent on this link already, which loses nothing
	}
	var seq uint64
	if !contrib {
		seq = g.send(&wire.Seal{Epoch: d.cx.Epoch, Seat: d.seal.Seat, SC: d.seal.SC[:], Sig: d.seal.Sig})
	} else {
		seq = g.send(&wire.Contrib{Epoch: d.cx.Epoch, Seat: d.share.Seat, S: d.share.S[:], Sig: d.share.Sig})
	}
	if g.link != nil {
		g.live.sentShare(seq, d.cx.Epoch, d.c, g.link.gen)
		if g.link.welcomed {
			d.sentGen, d.sentContrib = g.link.gen, contrib
		}
	}
}

// seals checks the relayed set of seals (every contributor's, ours unchanged among them) and
// only then reveals our share.
func (g *Guest) seals(m *wire.Seals) {
	d, ok := g.deals[m.Epoch]
	if !ok || g.audit == nil || d.status.State != DealPending {
		return
	}
	seals := make([]fair.Seal, len(m.Seals))
	for i, s := range m.Seals {
		seals[i] = fair.Seal{Seat: s.Seat, Sig: s.Sig}
		copy(seals[i].SC[:], s.S)
	}
	if d.replacedSet(seals) {
		return // the set of a commitment since replaced, in a catch-up (see commit): nothing to reveal
	}
	if why := g.checkRosterSeat(d.cx); why != nil {
		// A deal committed while we were away is sealed now that we are back: the host kept
		// it from being committed again with our key.
		d.status.fail(why.code, why.text, why.args...)
		return
	}
	// The set must cover every keyed seat, ours included, each seal signed by its seat's key.
	if err := g.audit.Seals(m.Epoch, seals, nil); err != nil {
		d.status.fail(wire.DealMismatch, err.Error())
		return
	}
	d.sealed, d.sealSet = true, seals
	for _, sl := range seals {
		if d.seal != nil && sl.Seat == d.seal.Seat && sl.SC != d.seal.SC {
			// Signed by our key but not the share we hold: sealed before this page reloaded,
			// so that share is lost. Reveal nothing; our new seal makes the host restart.
			d.lost = true
		}
	}
	if d.share != nil && !d.relayed {
		g.sendShare(d)
	}
}

func (g *Guest) contribs(m *wire.Contribs) {
	d, ok := g.deals[m.Epoch]
	if !ok || g.audit == nil {
		return
	}
	shares := make([]fair.Share, len(m.Shares))
	for i, s := range m.Shares {
		shares[i] = fair.Share{Seat: s.Seat, Sig: s.Sig}
		copy(shares[i].S[:], s.S)
	}
	d.relayed = true
	// Checked after the screens are told (later.go): the deal's first view comes right behind.
	g.sharesLater = append(g.sharesLater, sharesAt{m.Epoch, shares})
	g.due = true
}

func (g *Guest) reveal(m *wire.Reveal) {
	d, ok := g.deals[m.Epoch]
	if !ok || g.audit == nil || d.status.State != DealPending || d.revealed {
		return
	}
	var h [32]byte
	copy(h[:], m.H)
	d.revealed, d.revealedAt = true, time.Now()
	// The secret is checked now; the replay, up to a round of moves, waits until the screens
	// have what came before it (later.go). Until its verdict the deal stays pending, and so
	// does our share of the next one (see contribute).
	if res, done := g.audit.Open(m.Epoch, h); done {
		g.verdict(res)
	}
	g.due, g.replayDue = true, true
}

// settleIfWaiting retries the replay (after the screens are told) when a revealed deal waits
// for moves.
func (g *Guest) settleIfWaiting() {
	for _, d := range g.deals {
		if d.revealed && d.status.State == DealPending {
			g.due, g.replayDue = true, true
			return
		}
	}
}

// settle takes the auditor's verdicts on every revealed deal and, once a deal is verified,
// sends the shares held back for later deals.
func (g *Guest) settle() {
	if g.audit == nil {
		return
	}
	for _, r := range g.audit.Settle() {
		g.verdict(r)
	}
	for e := range g.deals {
		g.contribute(e)
	}
	g.openSealed() // a sealed set that waited for the replay to reach its round
}

func (g *Guest) verdict(r fair.Result) {
	d, ok := g.deals[r.Epoch]
	if !ok || d.status.State != DealPending {
		return
	}
	d.status.Seq, d.status.Checked, d.status.Missing = r.Seq, r.Checked, 0
	switch {
	case r.Verified:
		d.status.State, d.status.Problem = DealVerified, ""
	case r.Pending:
		d.status.Missing = r.Missing
	default:
		d.status.fail(wire.DealMismatch, r.Problem)
	}
}

// askMissing asks again for the move a revealed deal's replay waits for, and fails the deal
// once the host has withheld it past the deadline.
func (g *Guest) askMissing(now time.Time) bool {
	changed, need := false, 0
	for _, d := range g.deals {
		if !d.revealed || d.status.State != DealPending || d.status.Missing == 0 {
			continue
		}
		if now.Sub(d.revealedAt) >= g.cfg.RevealTimeout {
			d.status.fail(wire.DealWithheld, fmt.Sprintf("the host withheld move %d", d.status.Missing), strconv.Itoa(d.status.Missing))
			d.status.Seq = d.status.Missing
			changed = true
			continue
		}
		if need == 0 || d.status.Missing < need {
			need = d.status.Missing
		}
	}
	if need > 0 {
		g.send(&wire.Need{From: need - 1})
	}
	return changed
}
