package shadows

// Why a Randonomicon card is drawn: it decides which of several drawn cards is kept (Dutch's
// Lucky, Infernal Melodies) and when the Marked Deck redraws. Ruling: the engine makes those
// choices for the players, always in their favour, since a co-operative table has no reason to
// choose worse.
type purpose uint8

const (
	purposeSuccess  purpose = iota // a check or threat text: SUCCESS is good
	purposeCheck                   // a corruption check
	purposeQty                     // a quantity: more is better
	purposeCheckQty                // a check and a quantity on one card
	purposeLow                     // a quantity that hurts: less is better
)

func score(r *Rando, p purpose) int {
	switch p {
	case purposeQty:
		return r.Qty
	case purposeCheckQty:
		if !r.Success {
			return -1
		}
		return r.Qty
	case purposeLow:
		return -r.Qty
	}
	if r.Success {
		return 1
	}
	return 0
}

// bad is when the Marked Deck redraws.
func bad(r *Rando, p purpose) bool {
	switch p {
	case purposeQty:
		return r.Qty <= 1
	case purposeCheckQty:
		return !r.Success || r.Qty <= 1
	case purposeLow:
		return r.Qty >= 2
	}
	return !r.Success
}

// drawOne takes a uniformly random card from the Randonomicon (its discards are reshuffled in
// when it is empty) and applies an elder card's effect, which then goes back into the deck.
func (g *Game) drawOne() int {
	total := 0
	for _, n := range g.randoDeck {
		total += int(n)
	}
	if total == 0 {
		for i, n := range g.randoDisc {
			g.randoDeck[i] += n
			g.randoDisc[i] = 0
			total += int(n)
		}
		g.note(EventReshuffle, -1, -1, total, "")
	}
	x := g.rand(labelRando).Intn(total)
	card := 0
	for i, n := range g.randoDeck {
		if x < int(n) {
			card = i
			break
		}
		x -= int(n)
	}
	g.randoDeck[card]--
	r := &cards().Rando[card]
	g.note(EventDraw, int(g.active), int(g.chars[g.active].loc), r.Qty, r.Key)
	if len(r.Effect) > 0 {
		g.run(r.Effect)
	}
	return card
}

func (g *Game) discardRando(card int) {
	if cards().Rando[card].Elder != "" {
		g.randoDeck[card]++ // Nyarlathotep's cards are shuffled back in
	} else {
		g.randoDisc[card]++
	}
}

// drawFor draws for purpose p on the active character's turn and returns the card kept. lower:
// Infernal Melodies (draw 2, keep the lower quantity).
func (g *Game) drawFor(p purpose, lower bool) int {
	me := g.active
	keep := g.drawOne()
	if lower {
		other := g.drawOne()
		if cards().Rando[other].Qty < cards().Rando[keep].Qty {
			keep, other = other, keep
		}
		g.discardRando(other)
	}
	if !g.flags.lucky && g.adv(me, "lucky") {
		g.flags.lucky = true
		other := g.drawOne()
		if score(&cards().Rando[other], p) > score(&cards().Rando[keep], p) {
			keep, other = other, keep
		}
		g.discardRando(other)
	}
	if !g.flags.marked && g.has(me, "redraw") >= 0 && bad(&cards().Rando[keep], p) {
		g.flags.marked = true
		g.discardRando(keep)
		keep = g.drawOne()
	}
	g.discardRando(keep)
	return keep
}

// locDraw is the draw of a location action: a corruption check (check), a quantity (needQty),
// or both on one card (ruling 14.3). It returns whether the action goes ahead and the quantity.
func (g *Game) locDraw(me int8, check, needQty, lower bool) (bool, int8) {
	if !check {
		return true, int8(cards().Rando[g.drawFor(purposeQty, lower)].Qty)
	}
	if g.flags.veil {
		if needQty {
			return true, int8(cards().Rando[g.drawFor(purposeQty, lower)].Qty)
		}
		return true, 0
	}
	ok, qty := false, int8(0)
	if n, fail := g.shadowRule("check_fail_at"); fail && g.corruption[g.chars[me].loc] >= int8(n) {
		g.note(EventAutoFail, int(me), int(g.chars[me].loc), 0, "")
	} else {
		p := purposeCheck
		if needQty {
			p = purposeCheckQty
		}
		r := cards().Rando[g.drawFor(p, lower)]
		ok, qty = r.Success, int8(r.Qty)
	}
	if !ok && !g.flags.escort && g.has(me, "escort") >= 0 {
		g.flags.escort = true
		g.note(EventEscort, int(me), -1, 0, "")
		ok = true
	}
	return ok, qty
}
