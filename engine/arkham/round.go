package arkham

// result is a finished round, kept until the next one ends.
type result struct {
	round    int16
	cause    cause
	oldOne   CardID // the Great Old One resolved (the Mystery Card's reveal), if any
	holder   int8   // its holder, -1 if none
	doom     int8   // Doom value applied, 0 when off
	failed   int8
	card     [MaxPositions]CardID
	survived [MaxPositions]bool
	reason   [MaxPositions]uint8
	delta    [MaxPositions]int8
	after    [MaxPositions]int8 // sanity after the round
}

// Survival reasons (RoundResult positions).
const (
	rsSane uint8 = iota
	rsInvestigator
	rsCursed
	rsDuplicate
	rsCultistSane
	rsCultistCursed
	rsStudent
	rsProfessor
	rsOldOne
	rsOldOneHolder
	rsSpared
	rsUnresolved
)

func (g *Game) beginResult(c cause) *result {
	r := &g.last
	*r = result{round: g.round, cause: c, holder: -1}
	if g.doomOn {
		r.doom = g.doom
	}
	for p := int8(0); p < g.positions; p++ {
		r.card[p] = g.held[p].open()
	}
	return r
}

// endRound scores a round that did not end by a Great Old One.
func (g *Game) endRound(c cause) {
	r := g.beginResult(c)
	g.addLog(evRoundEnd, g.active, -1, 0, int8(c))
	if c == causeTrapezohedron {
		for p := range r.reason[:g.positions] {
			r.reason[p] = rsUnresolved
			r.survived[p] = g.sanity[p] > 0 || int8(p) >= g.players
		}
		g.finish(ReasonTrapezohedron)
		return
	}
	g.scoreNormal(r)
	g.afterRound()
}

// resolveOldOne ends the round by the Great Old One c held at position h (a Gate was discarded).
// The Mystery Card resolves as this round's hidden pick, with the same holder.
func (g *Game) resolveOldOne(h int8, c CardID) {
	if c == Mystery {
		c = g.mystery
		g.addLog(evMystery, h, -1, c, 0)
	}
	r := g.beginResult(causeOldOne)
	g.addLog(evRoundEnd, g.active, -1, 0, int8(causeOldOne))
	g.scoreOldOne(r, h, c)
	g.afterRound()
}

// afterRound advances the Doom Track and ends the game or waits for the next deal.
func (g *Game) afterRound() {
	copy(g.last.after[:], g.sanity[:g.players])
	g.passing = 0
	g.chainLen = 0
	g.hasLast = true
	if g.doomOn {
		g.doom = min(g.doom+1, MaxDoom)
	}
	for _, s := range g.sanity[:g.players] {
		if s == 0 {
			g.finish(ReasonSanity)
			return
		}
	}
	g.phase = phDeal
}

func (g *Game) finish(why string) {
	copy(g.last.after[:], g.sanity[:g.players])
	g.hasLast = true
	g.passing = 0
	g.chainLen = 0
	g.endWhy = why
	g.phase = phOver
}

// LastRoundEnd returns the number and end cause (EndDeckEmpty...) of the last finished round, or
// 0 and "" before any round has ended.
// The cause is plain text (a Cause's value) so tools can read it through a game-independent
// interface (cmd/miskatonic's sim).
func (g *Game) LastRoundEnd() (round int, cause string) {
	if !g.hasLast {
		return 0, ""
	}
	return int(g.last.round), string(causeNames[g.last.cause])
}
