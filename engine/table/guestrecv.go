package table

// The guest's goroutine: frames put in order, the tick's resends, and each message from the host
// handed to what handles it.

import (
	"encoding/hex"
	"errors"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

func (g *Guest) loop() {
	defer g.wg.Done()
	t := time.NewTicker(g.cfg.Tick)
	defer t.Stop()
	for {
		select {
		case <-g.quit:
			return
		case f := <-g.frames:
			g.frame(f)
		case <-t.C:
			g.mu.Lock()
			changed := g.tick()
			if changed {
				g.save()
			}
			g.mu.Unlock()
			if changed {
				g.notify()
			}
		}
	}
}

// receive puts a frame in order and processes everything now in sequence.
func (g *Guest) receive(f inFrame) bool {
	l := g.link
	if l == nil || f.gen != l.gen {
		return false
	}
	seq, msg, err := wire.Decode(f.frame)
	if errors.Is(err, wire.ErrVersion) && !l.welcomed {
		// Another build of the app: say so, rather than wait for a table that never answers.
		g.logf("table: the host speaks protocol version %d; this app speaks %d", wire.FrameVersion(f.frame), wire.Version)
		g.st.Dropped = &wire.Bye{Kind: wire.KindVersion, Code: wire.ByeVersion}
		l.nonce = nil
		return true
	}
	if err != nil {
		g.logf("table: guest refused a frame from the host: %v", err)
		return false
	}
	l.heard = time.Now()
	if _, ok := msg.(*wire.Welcome); ok && seq >= l.next {
		// A welcome starts the stream afresh: what came before it is superseded.
		for s := range l.buf {
			if s < seq {
				delete(l.buf, s)
			}
		}
		l.next = seq
	}
	if seq < l.next || len(l.buf) >= outboxLen {
		return false
	}
	l.buf[seq] = msg
	changed := false
	for {
		m, ok := l.buf[l.next]
		if !ok {
			break
		}
		delete(l.buf, l.next)
		l.next++
		g.process(l, m)
		changed = true
		if g.link != l { // processing may not replace the link, but be safe
			break
		}
	}
	return changed
}

func (g *Guest) tick() bool {
	l := g.link
	if l == nil {
		return false
	}
	now := time.Now()
	if l.nonce != nil && !l.welcomed && !l.reliable {
		g.hello(l)
	}
	if l.welcomed {
		if p := g.pending; p != nil && g.resendDue(l, p.sent, p.gen, now) {
			g.sendMove()
		}
		if s := g.sealed; s != nil && g.resendDue(l, s.sent, s.gen, now) {
			g.sendSealed()
		}
		g.resendSays(now)
		for _, d := range g.deals {
			if d.share != nil && !d.relayed && d.status.State == DealPending {
				g.sendShare(d) // once per link on a reliable one
			}
		}
		if g.ready != nil && !g.st.Started && g.st.Seat.Valid(len(g.st.Lobby.Seats)) && g.st.Lobby.Seats[g.st.Seat].Ready != *g.ready {
			g.send(&wire.Ready{Ready: *g.ready})
		}
	}
	// Ask for what is missing: at once on a gap, and after a quiet spell in case the last
	// frames were lost. Not while the host talks: the host resends everything from Next, and
	// frames still on their way (a relayed link carries a few per second) would go twice,
	// clogging the very path they wait on. Every two ticks a keep-alive (a Resync marked
	// Alive, which asks for nothing) tells the host this page is live (silence.go), even while
	// the host talks, so a live page is never taken for a closed one.
	switch {
	case len(l.buf) > 0 || !l.reliable && now.Sub(l.heard) >= 3*g.cfg.Tick && now.Sub(l.asked) >= 3*g.cfg.Tick:
		l.asked, l.alive = now, now
		g.send(&wire.Resync{Next: l.next})
	case now.Sub(l.alive) >= 2*g.cfg.Tick:
		l.alive = now
		g.send(&wire.Resync{Next: l.next, Alive: true})
	}
	changed := l.welcomed && g.askMissing(now)
	changed = l.welcomed && g.watchLive(now) || changed
	changed = g.recordTick(now) || changed
	if g.st.Status.Over {
		if g.overAt.IsZero() {
			g.overAt = now
		} else if now.Sub(g.overAt) >= g.cfg.RevealTimeout {
			for _, d := range g.deals {
				if d.status.State == DealPending {
					d.status.fail(wire.DealNeverRevealed, "the host never revealed this deal after the game ended")
					changed = true
				}
			}
		}
	}
	return changed
}

// resendDue says whether a message last sent at sent, on link gen, goes again now: each tick
// on a link that may lose frames; on a reliable one only once it is a new link.
func (g *Guest) resendDue(l *link, sent time.Time, gen int, now time.Time) bool {
	if l.reliable {
		return gen != l.gen
	}
	return now.Sub(sent) >= g.cfg.Tick
}

func (g *Guest) hello(l *link) {
	g.send(&wire.Hello{Rules: l.rules, Name: g.cfg.Name, Key: g.cfg.Identity.Public(), Sig: g.cfg.Identity.SignHelloBound(l.nonce, l.table, binding(l.conn)), Token: g.st.Token,
		Person: g.cfg.Person, PersonSig: g.cfg.PersonSig})
}

// process handles one in-order message from the host.
func (g *Guest) process(l *link, msg wire.Message) {
	if _, view := msg.(*wire.View); g.due && !view {
		g.auditNow() // later.go: only a view goes ahead of the audit of what came before it
	}
	switch m := msg.(type) {
	case *wire.Challenge:
		l.nonce, l.table, l.rules, l.played = m.Nonce, m.Table, 0, nil
		if r, ok := g.cfg.Rules(m.Game); ok {
			l.rules = r.Version()
			// A host on older rules this build still plays (a table saved before an update) is
			// followed under them: its views are checked as that version draws them.
			if at, err := engine.RulesAt(r, m.Rules); err == nil {
				l.rules, l.played = at.Version(), at
			} else {
				// Told before anything of the game: another build, not a dishonest host.
				g.logf("table: the host plays %s rules version %d; this app has version %d", m.Game, m.Rules, r.Version())
				g.st.Dropped = &wire.Bye{Kind: wire.KindVersion, Code: wire.ByeVersion}
				l.nonce = nil
				return
			}
		}
		g.hello(l)
	case *wire.Welcome:
		g.welcome(l, m)
	case *wire.Lobby:
		if why := g.checkLobbySeat(m); why != nil {
			g.failAll(*why)
		}
		g.noteStandIns(m)
		g.st.Lobby = *m
		g.sidelineLobby()
		if g.audit != nil {
			for _, s := range m.Seats {
				if !s.Bot {
					g.audit.Key(s.Seat, s.Key)
				}
			}
		}
	case *wire.Log:
		if g.audit == nil || g.beyond(m.From+len(m.Moves)) {
			return
		}
		standIn := map[int]bool{}
		for _, i := range m.StandIns {
			standIn[i] = true
		}
		for i, mv := range m.Moves {
			var sig, nonce []byte
			if i < len(m.Sigs) {
				sig = m.Sigs[i]
			}
			if i < len(m.Nonces) {
				nonce = m.Nonces[i]
			}
			g.moveSeen(m.From+i+1, mv, sig, nonce, standIn[i])
		}
		g.due = true // signatures to check
		g.settleIfWaiting()
		g.checkHeads()
	case *wire.View:
		g.view(m)
	case *wire.Reject:
		g.reject(m)
	case *wire.Commit:
		g.commit(m)
	case *wire.Seals:
		g.seals(m)
	case *wire.Pledges:
		g.pledges(m)
	case *wire.Contribs:
		g.contribs(m)
	case *wire.Reveal:
		g.reveal(m)
	case *wire.Chat:
		g.chat(m)
	case *wire.Locked:
		g.st.Locked, g.st.LockedBase = m.Seats, m.Base
	case *wire.Away:
		g.st.Away, g.st.AwayAt = m, time.Now()
	case *wire.Head:
		g.takeHead(m)
	case *wire.Bye:
		g.benched(m)
		g.st.Dropped, g.st.Connected = m, false
	case *wire.Preview:
		g.st.Preview = m
	case *wire.Seating:
		g.st.Seating = m.State
	case *wire.Record:
		g.recordPart(m)
	default:
		g.logf("table: guest ignored a %s from the host", msg.Type())
	}
}

func (g *Guest) welcome(l *link, m *wire.Welcome) {
	l.welcomed = true
	tbl := hex.EncodeToString(m.Table)
	if g.st.Table != "" && g.st.Table != tbl {
		// Another game (the host's rematch) or another table altogether: start a fresh record,
		// keeping the chat and every verdict. A deal not verified by now never will be.
		why := reason{wire.DealNewGame, "the host started a new game without revealing this deal", nil}
		if m.Match <= g.st.Match {
			why = reason{wire.DealOtherTable, "the host switched to another table without revealing this deal", nil}
		}
		prev := g.endGame(why)
		g.audit, g.deals, g.pending, g.overAt, g.decoded = nil, map[int]*guestDeal{}, nil, time.Time{}, false
		g.sealed = nil
		g.shown, g.sharesLater, g.due, g.replayDue = nil, nil, false, false
		g.live = live{}
		g.heads, g.head, g.pinnedKey, g.chain, g.chainAt, g.chainEpoch = nil, nil, nil, [32]byte{}, 0, 0
		// The absences were of the old game's seqs: still away (a new link) is away from the
		// new game's start.
		away := g.awayNow()
		g.absences, g.standInRound, g.set, g.shownStandIns, g.shownStandInRounds = nil, [2]int{}, nil, nil, nil
		g.sidelines = nil
		if away {
			g.absences = []absence{{from: 0, to: -1}}
		}
		// A fault stays: it is the host's, whichever game it was found in. At a rematch the
		// seats stay too, until the host's lobby (its next frame) says otherwise: between the two
		// frames the screens were told of a lobby with no one in it, and a host's page drew its
		// Start button disabled for no seats (issue 26).
		var lobby wire.Lobby
		if m.Match > g.st.Match {
			lobby = g.st.Lobby
			lobby.Started = false
		}
		g.st = GuestState{Chat: g.st.Chat, Token: g.st.Token, PrevDeals: prev, Preview: g.st.Preview, Seating: g.st.Seating, Fault: g.st.Fault, Lobby: lobby}
	}
	if g.st.Table == "" && g.memory.Table != "" {
		if g.memory.Table == tbl {
			g.restoreDeals() // a reload: this game's verdicts stand
			g.restoreSealed(m.Table, g.memory.Sealed)
		} else {
			g.st.PrevDeals = keepPrev(append(g.st.PrevDeals, leftDeals(g.memory)...))
		}
		g.memory.Table, g.memory.Own, g.memory.Deals, g.memory.Sealed = "", false, nil, nil
	}
	g.st.Connected, g.st.Dropped = true, nil
	if !m.Started {
		g.back(0) // seated in the lobby: at the table from the game's first move
	}
	g.st.Seat, g.st.Game, g.st.Table, g.st.Config, g.st.Started, g.st.Match = m.Seat, m.Game, tbl, m.Config, m.Started, m.Match
	g.tableID = m.Table
	if m.Token != "" {
		g.st.Token = m.Token
	}
	if r, ok := g.cfg.Rules(m.Game); ok {
		g.rules = r
		if l.played != nil && l.played.Name() == r.Name() {
			g.rules = l.played // the version the host's challenge named (RulesAt)
		}
	}
	g.flushSays(false) // lines said while this link was not yet welcomed, or lost with the last
	if m.Started && g.audit == nil && g.rules != nil {
		a, err := fair.NewAuditor(g.rules, m.Config, m.Seat)
		if err != nil {
			g.logf("table: guest cannot follow the game: %v", err)
			return
		}
		a.Signed(m.Table)
		for _, s := range g.st.Lobby.Seats {
			if !s.Bot {
				a.Key(s.Seat, s.Key)
			}
		}
		g.audit = a
	}
}
