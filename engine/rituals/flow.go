package rituals

import (
	"math/bits"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// The flow of a game: setup, the three phases of a round, event windows, scoring. Every function
// here is called on a legal move and leaves the game in a state where someone may move (or over).

// deal shuffles the deck with the game's one key and deals 7 cards to each seat: cards 7s…7s+6
// of the shuffled deck (in id order before shuffling) to seat s, the rest is the draw pile, top
// first.
func (g *Game) deal(key [32]byte) {
	g.key = key
	ids := g.deckIDs()
	for i, id := range ids {
		g.deck[i] = hidden(id)
	}
	n := len(ids)
	r := &g.scratch
	r.Reseed(rng.Derive(key, labelDeck))
	// rng.Shuffle's own Fisher–Yates, written out: no call through a swap closure per card
	// (TestGoldenPlayouts pins the order it deals).
	for i := n - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		g.deck[i], g.deck[j] = g.deck[j], g.deck[i]
	}
	g.deckEnd = int8(n)
	for s := int8(0); s < g.players; s++ {
		for k := 0; k < HandSize; k++ {
			g.draw(s)
		}
	}
	g.phase = phGrab
	g.waiting, g.chosen = g.allSeats(), 0
}

// draw moves the top card of the draw pile into s's hand, keeping the hand in id order.
func (g *Game) draw(s int8) {
	h := g.deck[g.deckTop]
	g.deckTop++
	c := h.open()
	i := g.handN[s]
	for i > 0 && g.hand[s][i-1].open() > c {
		g.hand[s][i] = g.hand[s][i-1]
		i--
	}
	g.hand[s][i] = h
	g.handN[s]++
	if isEvent[c] {
		g.evHeld[s] |= evBit(c)
	}
}

// removeFromHand takes card c out of s's hand.
func (g *Game) removeFromHand(s int8, c CardID) {
	n := g.handN[s]
	h := &g.hand[s]
	for i := int8(0); i < n; i++ {
		if h[i].open() == c {
			for ; i < n-1; i++ { // at most 6 bytes: a loop, not a call to memmove
				h[i] = h[i+1]
			}
			h[n-1] = 0
			g.handN[s]--
			if isEvent[c] {
				g.evHeld[s] &^= evBit(c)
			}
			return
		}
	}
}

// settleGrab resolves a sealed grab (ruling 1): an uncontested pick is taken; of several seats
// that picked the same place one gets it at random (the grab stream of this grab round), and the
// others pick again from what is left.
func (g *Game) settleGrab() {
	r := &g.scratch
	seeded := false
	g.grabTry++
	var lost uint8
	for p := int8(0); p < NumPlaces; p++ {
		var cont [MaxPlayers]int8
		k := 0
		for s := int8(0); s < g.players; s++ {
			if g.waiting&(1<<s) != 0 && g.grabPick[s] == p {
				cont[k] = s
				k++
			}
		}
		if k == 0 {
			continue
		}
		w := cont[0]
		if k > 1 {
			if !seeded { // derive the grab round's stream only when a collision needs it
				r.Reseed(rng.Derive(g.key, grabLabels[g.grabTry-1]))
				seeded = true
			}
			w = cont[r.Intn(k)]
		}
		g.setOwner(p, w)
		g.addLog(evGrab, w, -1, 0, p, 0)
		for _, s := range cont[:k] {
			if s != w {
				lost |= 1 << s
				g.addLog(evGrabLost, s, -1, 0, p, 0)
			}
		}
	}
	if lost == 0 {
		g.startRound()
		return
	}
	g.waiting, g.chosen = lost, 0
}

// startRound begins phase 1: everyone sends out a cultist, sealed.
func (g *Game) startRound() {
	g.round++
	g.turn = 0
	g.risenNow = 0
	if g.round > 1 { // the first round's log keeps the setup grab
		if g.v1 {
			g.nLog = 0
		} else {
			g.stale = true // emptied by this round's first event (addLog)
		}
	}
	g.sent, g.eff, g.steer, g.steerBy, g.placed = [MaxPlayers]CardID{}, [MaxPlayers]int8{}, [MaxPlayers]uint8{}, [MaxPlayers]int8{}, [MaxPlayers]bool{}
	g.next, g.nPlace = 0, 0
	g.phase = phSend
	g.waiting, g.chosen = g.allSeats(), 0
}

// reveal turns every sent cultist face up at once and opens the end-of-phase-1 window.
func (g *Game) reveal() {
	for s := int8(0); s < g.players; s++ {
		c := g.choice[s].open()
		g.choice[s] = 0
		if c != 0 {
			g.removeFromHand(s, c)
			g.sent[s] = c
			g.eff[s] = int8(c) // a cultist's id is its printed insanity
		}
		g.addLog(evReveal, s, -1, c, -1, 0)
	}
	g.waiting, g.chosen = 0, 0
	g.openWindow(win1) // it sorts the placement order, or closeWindow does if nobody can act
}

// computeOrder sorts the seats with a cultist by effective insanity, lowest first, ties by the
// printed value (ruling 3); seats without a cultist follow in seat order.
func (g *Game) computeOrder() {
	n := int8(0)
	for s := int8(0); s < g.players; s++ {
		if g.sent[s] == 0 {
			continue
		}
		i := n
		for i > 0 {
			o := g.order[i-1]
			if g.eff[o] < g.eff[s] || (g.eff[o] == g.eff[s] && g.sent[o] < g.sent[s]) {
				break
			}
			g.order[i] = o
			i--
		}
		g.order[i] = s
		n++
	}
	g.nPlace = n
	for s := int8(0); s < g.players; s++ {
		if g.sent[s] == 0 {
			g.order[n] = s
			n++
		}
	}
}

// Event card bits in Game.gone.
func evBit(c CardID) uint16 { return 1 << (c - firstEvent) }

var (
	phase1Events = evBit(FalseGod1) | evBit(FalseGod2) | evBit(Targeted) | evBit(Breakdown) | evBit(RightMind)
	riseUpBits   = evBit(RiseUp1) | evBit(RiseUp2)
	rearrBits    = evBit(Rearrange1) | evBit(Rearrange2)
	noWayBits    = evBit(NoWay1) | evBit(NoWay2)
)

// useful reports whether a window of this kind could see an event played: some event of its
// timing is neither discarded nor on the stack, and has a target on the board. Both are public,
// so skipping a useless window tells nobody anything (and nobody could have done anything but
// pass in it).
func (g *Game) useful(kind uint8) bool {
	avail := ^g.gone
	if kind == win1 {
		return avail&phase1Events != 0 && g.sentMask() != 0
	}
	known := g.knownMask()
	if avail&riseUpBits != 0 && known != allPlaces {
		return true
	}
	rearr, mistake := avail&rearrBits != 0, avail&evBit(Mistake) != 0
	if !rearr && !mistake {
		return false
	}
	// One pass over the places without a branch per cultist: a place holds two cultists iff its
	// second slot is filled, and Embarrassing Mistake has a target iff some known place other
	// than a cultist's own shows one of its symbols (empty slots are 0, whose mask is empty).
	var second CardID
	var elsewhere uint16
	for p := range g.slots {
		sl := &g.slots[p]
		second |= sl[1]
		elsewhere |= (symMask[sl[0]] | symMask[sl[1]] | symMask[sl[2]] | symMask[sl[3]]) &^ (1 << p)
	}
	return (rearr && second != 0) || (mistake && known&elsewhere != 0)
}

// openWindow opens (or reopens, after an event resolved) a window of this kind (ruling 17): the
// seats are asked in placement order starting with the next to place, then the seats without a
// cultist; it closes when all of them passed in a row.
func (g *Game) openWindow(kind uint8) {
	g.win = kind
	if kind == win1 {
		// Sorted once per (re)opening, whether or not anyone is asked: Mental Breakdown and
		// Right Mind may have changed it, and closing the window keeps this order.
		g.computeOrder()
	}
	if !g.useful(kind) {
		g.closeWindow()
		return
	}
	// Every seat is asked. The window after phase 1 asks in placement order; a phase-2 window
	// in that order rotated to start at the next to place, then the seats without a cultist.
	// The arrays are copied whole and rotated by hand: five bytes do not need memmove.
	g.wOrder = g.order
	if start := g.next; kind == win2 && start > 0 && start < g.nPlace {
		k := int8(0)
		for i := start; i < g.nPlace; i++ {
			g.wOrder[k] = g.order[i]
			k++
		}
		for i := int8(0); i < start; i++ {
			g.wOrder[k] = g.order[i]
			k++
		}
	}
	g.wN, g.wAsk, g.wPass = g.players, 0, 0
	g.phase = phWindow
}

// closeWindow moves on once a window closed (or was not needed).
func (g *Game) closeWindow() {
	switch g.win {
	case win1:
		g.next = 0
		g.openWindow(win2) // the window before the first placement
	case win2:
		if g.next < g.nPlace {
			g.placeNext()
		} else {
			g.refill()
		}
	}
}

// pass declines the window's question; a full round of passes closes it.
func (g *Game) pass() {
	if g.nStack > 0 {
		g.rPass++
		if g.rPass == g.rN {
			g.resolve()
			return
		}
		if g.rAsk++; g.rAsk == g.rN { // round and round (no integer division on the hot path)
			g.rAsk = 0
		}
		return
	}
	g.wPass++
	if g.wPass == g.wN {
		g.closeWindow()
		return
	}
	if g.wAsk++; g.wAsk == g.wN {
		g.wAsk = 0
	}
}

// play puts an event on the stack and asks the others whether That Doesn't Work answers it.
func (g *Game) play(me int8, m engine.Move) {
	c := CardID(m.Card)
	g.removeFromHand(me, c)
	e := played{card: c, seat: me, to: -1, place: -1}
	switch evType[c] {
	case EvFalseGod, EvTargeted, EvBreakdown, EvRightMind:
		e.to = int8(m.To)
	case EvRiseUp:
		e.place = int8(PlaceByKey(m.Option))
	case EvRearrange, EvMistake:
		e.place, e.n = int8(PlaceByKey(m.Option)), int8(m.N)
	}
	g.stack[g.nStack] = e
	g.nStack++
	g.gone |= evBit(c)
	g.addLog(evPlay, me, e.to, c, e.place, e.n)
	g.openReaction()
}

// openReaction asks every seat but the one who played the top event, in window order starting
// after that seat, whether it answers with That Doesn't Work. With both copies discarded or on
// the stack nobody can, and the stack resolves at once.
func (g *Game) openReaction() {
	if ^g.gone&noWayBits == 0 {
		g.resolve()
		return
	}
	top := g.stack[g.nStack-1].seat
	at := int8(0)
	for i := int8(0); i < g.wN; i++ {
		if g.wOrder[i] == top {
			at = i
		}
	}
	g.rN = 0
	for i := int8(1); i < g.wN; i++ {
		g.rOrder[g.rN] = g.wOrder[(at+i)%g.wN]
		g.rN++
	}
	g.rAsk, g.rPass = 0, 0
}

// resolve settles the stack once its window closed: each That Doesn't Work that is not itself
// negated negates the card below it, so the first event takes effect iff the stack holds an odd
// number of cards. All of them are discarded in the order played, then the window reopens.
func (g *Game) resolve() {
	n := g.nStack
	for i := int8(0); i < n; i++ {
		e := g.stack[i]
		g.disc[g.nDisc] = e.card
		g.nDisc++
		if (n-i)%2 == 0 {
			g.addLog(evNegated, e.seat, -1, e.card, -1, 0)
		}
	}
	base := g.stack[0]
	g.nStack = 0
	g.stack = [3]played{}
	if n%2 == 1 && g.effect(base) {
		return // an invocation waits for its #1's recipient
	}
	g.openWindow(g.win)
}

// effect carries out an event; true when an invocation now waits for a choice.
func (g *Game) effect(e played) bool {
	switch evType[e.card] {
	case EvFalseGod:
		g.steer[e.to], g.steerBy[e.to] = steerFalseGod, e.seat // ruling 19: the last one decides
	case EvTargeted:
		g.steer[e.to], g.steerBy[e.to] = steerTargeted, e.seat
	case EvBreakdown:
		g.eff[e.to] = 100 // ruling 12: the last one resolved decides
	case EvRightMind:
		g.eff[e.to] = 0
	case EvRiseUp:
		g.setOwner(e.place, e.seat)
		g.risen[e.place] = g.round
		g.risenNow |= 1 << e.place
	case EvRearrange:
		i, j := e.n/10-1, e.n%10-1
		sl := &g.slots[e.place]
		sl[i], sl[j] = sl[j], sl[i]
	case EvMistake:
		c := CardID(e.n)
		src := g.at[c] - 1
		k := g.slotN[src]
		for i := int8(0); i < k; i++ {
			if g.slots[src][i] == c {
				copy(g.slots[src][i:k-1], g.slots[src][i+1:k]) // the rest move up (ruling 18)
				g.slots[src][k-1] = 0
				break
			}
		}
		g.slotN[src]--
		g.at[c] = 0
		g.addToPlace(c, e.place)
		if g.slotN[e.place] == 4 {
			return g.invoke(e.place) // ruling 8
		}
	}
	return false
}

// placeOptions is where seat s's cultist may go now, and who chooses.
func (g *Game) placeOptions(s int8) (uint16, int8) {
	c := g.sent[s]
	sym, known := symMask[c], g.knownMask()
	switch g.steer[s] {
	case steerFalseGod:
		if m := known &^ sym; m != 0 {
			return m, s // ruling 13
		}
		return allPlaces &^ known &^ sym, g.steerBy[s] // ruling 6
	case steerTargeted:
		return sym, g.steerBy[s] // ruling 7
	}
	// Rulings 5 and 14: s's empty places risen this round are not where its cultist goes. Only
	// the places risenNow names can be (most rounds: none).
	var risen uint16
	for m := g.risenNow & sym & known; m != 0; m &= m - 1 {
		p := bits.TrailingZeros16(m)
		if g.owner[p] == s && g.slotN[p] == 0 {
			risen |= 1 << p
		}
	}
	if m := sym & known &^ risen; m != 0 {
		return m, s // rule 2a
	}
	return sym &^ known, s // rule 2b: discover
}

// placeNext places the next cultist in order, or asks who chooses when there is a choice.
func (g *Game) placeNext() {
	s := g.order[g.next]
	mask, who := g.placeOptions(s)
	if mask&(mask-1) == 0 {
		p := int8(0)
		for mask&(1<<p) == 0 {
			p++
		}
		g.placer = who
		g.placeCultist(p)
		return
	}
	g.phase = phPlace
	g.placer, g.placeMask = who, mask
}

// placeCultist puts the cultist being placed at place p (discovering it if forgotten), then
// invokes if it was the fourth, then opens the window after the placement.
func (g *Game) placeCultist(p int8) {
	s := g.order[g.next]
	c := g.sent[s]
	if g.owner[p] < 0 {
		g.setOwner(p, s) // discovered by the cultist's owner (rulings 6 and 7)
		g.addLog(evDiscover, s, -1, 0, p, 0)
	}
	g.addToPlace(c, p)
	g.from[c] = s // kept when Embarrassing Mistake moves it: still s's cultist
	g.placed[s] = true
	g.next++
	g.turn++
	g.addLog(evPlace, s, g.placer, c, p, g.slotN[p])
	g.placer, g.placeMask = -1, 0
	if g.slotN[p] == 4 && g.invoke(p) {
		return
	}
	g.openWindow(win2)
}

func (g *Game) addToPlace(c CardID, p int8) {
	g.slots[p][g.slotN[p]] = c
	g.slotN[p]++
	g.at[c] = p + 1
}

// invoke performs the invocation at place p: #2 and #3 go left of the owner's Secret Influence,
// #4 right, the place is forgotten, and #1 goes to an opponent the owner chooses (true: the
// choice is pending; with 2 players it goes to the only opponent, ruling 4).
func (g *Game) invoke(p int8) bool {
	o := g.owner[p]
	sl := g.slots[p]
	g.addLog(evInvoke, o, -1, 0, p, 0)
	g.giveLeft(o, sl[1])
	g.giveLeft(o, sl[2])
	g.giveRight(o, sl[3])
	for _, c := range sl {
		g.at[c] = 0
	}
	g.slots[p], g.slotN[p], g.risen[p] = [4]CardID{}, 0, 0
	g.risenNow &^= 1 << p
	g.setOwner(p, -1)
	if g.players == 2 {
		g.giveLeft(1-o, sl[0])
		g.addLog(evPsychotic, o, 1-o, sl[0], -1, 0)
		return false
	}
	g.phase = phPsychotic
	g.psOwner, g.psCard = o, sl[0]
	return true
}

func (g *Game) giveLeft(s int8, c CardID) {
	g.left[s][c>>6] |= 1 << (c & 63)
	g.lSigns[s] += int16(signs[c])
}

func (g *Game) giveRight(s int8, c CardID) {
	g.right[s][c>>6] |= 1 << (c & 63)
	g.rSigns[s] += int16(signs[c])
}

// refill is phase 3 (ruling 20): in placement order each seat draws up to 7 in one go; the
// first that must draw from the empty deck ends the game at once (ruling 9).
func (g *Game) refill() {
	for i := int8(0); i < g.players; i++ {
		s := g.order[i]
		k := int8(0)
		for g.handN[s] < HandSize {
			if g.deckTop == g.deckEnd {
				if k > 0 {
					g.addLog(evDraw, s, -1, 0, -1, k)
				}
				g.ender = s
				g.addLog(evEnd, s, -1, 0, -1, 0)
				g.phase = phOver
				return
			}
			g.draw(s)
			k++
		}
		if k > 0 {
			g.addLog(evDraw, s, -1, 0, -1, k)
		}
	}
	g.startRound()
}
