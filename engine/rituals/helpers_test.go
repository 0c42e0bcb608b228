package rituals

import (
	"encoding/json"
	"fmt"
	"strings"

	"miskatonic/engine"
)

// checkInvariants holds in every reachable state: every card of the deck is in exactly one place
// (draw pile, a hand, a sent cultist, a ritual place, a Secret Influence pile, the discards, the
// stack, or the psychotic in transit), ritual places are consistent, and scores add up.
func checkInvariants(g *Game) error {
	if g.phase == phDeal {
		return nil
	}
	var count [maxCard + 1]int
	add := func(c CardID, loc string) {
		if c != 0 {
			count[c]++
		}
	}
	for _, h := range g.deck[g.deckTop:g.deckEnd] {
		add(h.open(), "deck")
	}
	for s := int8(0); s < g.players; s++ {
		if g.handN[s] < 0 || g.handN[s] > HandSize {
			return fmt.Errorf("seat %d holds %d cards", s, g.handN[s])
		}
		for i, h := range g.hand[s][:g.handN[s]] {
			add(h.open(), "hand")
			if i > 0 && g.hand[s][i-1].open() >= h.open() {
				return fmt.Errorf("seat %d's hand out of order", s)
			}
		}
		if g.sent[s] != 0 && !g.placed[s] {
			add(g.sent[s], "sent")
		}
		var l, r int16
		for c := CardID(1); c <= maxCard; c++ {
			if g.left[s][c>>6]&(1<<(c&63)) != 0 {
				add(c, "left")
				l += int16(signs[c])
			}
			if g.right[s][c>>6]&(1<<(c&63)) != 0 {
				add(c, "right")
				r += int16(signs[c])
			}
		}
		if l != g.lSigns[s] || r != g.rSigns[s] {
			return fmt.Errorf("seat %d signs %d/%d, piles hold %d/%d", s, g.lSigns[s], g.rSigns[s], l, r)
		}
		want := 5*int(r) + int(l)
		for p := range g.owner {
			if int8(g.owner[p]) == s {
				for i, c := range g.slots[p][:g.slotN[p]] {
					if i == 1 || i == 2 {
						want -= int(signs[c])
					}
				}
			}
		}
		if got := g.Score(int(s)); got != want {
			return fmt.Errorf("seat %d score %d, want %d", s, got, want)
		}
	}
	var known uint16
	for p, o := range g.owner {
		if o >= 0 {
			known |= 1 << p
		}
	}
	if known != g.known {
		return fmt.Errorf("known mask %b, places say %b", g.known, known)
	}
	var risen uint16
	for p, r := range g.risen {
		if r == g.round && r > 0 {
			risen |= 1 << p
		}
	}
	if risen != g.risenNow {
		return fmt.Errorf("risen-this-round mask %b, places say %b", g.risenNow, risen)
	}
	for s := int8(0); s < g.players; s++ {
		var held uint16
		for _, h := range g.hand[s][:g.handN[s]] {
			if c := h.open(); isEvent[c] {
				held |= evBit(c)
			}
		}
		if held != g.evHeld[s] {
			return fmt.Errorf("seat %d event mask %b, hand says %b", s, g.evHeld[s], held)
		}
	}
	for p := range g.owner {
		if g.slotN[p] < 0 || g.slotN[p] > 3 {
			return fmt.Errorf("place %d holds %d cultists", p, g.slotN[p])
		}
		if g.owner[p] < 0 && g.slotN[p] != 0 {
			return fmt.Errorf("forgotten place %d holds cultists", p)
		}
		for i, c := range g.slots[p] {
			if int8(i) < g.slotN[p] {
				if !isCultist[c] || g.at[c] != int8(p)+1 {
					return fmt.Errorf("place %d slot %d: %v at %d", p, i, c, g.at[c])
				}
				add(c, "place")
			} else if c != 0 {
				return fmt.Errorf("place %d: stale slot %d", p, i)
			}
		}
	}
	for _, c := range g.disc[:g.nDisc] {
		add(c, "discard")
	}
	for _, e := range g.stack[:g.nStack] {
		add(e.card, "stack")
	}
	if g.phase == phPsychotic {
		add(g.psCard, "psychotic")
	}
	want := [maxCard + 1]int{}
	for _, c := range g.deckIDs() {
		want[c] = 1
	}
	if count != want {
		for c := range count {
			if count[c] != want[c] {
				return fmt.Errorf("card %v found %d times, want %d", CardID(c), count[c], want[c])
			}
		}
	}
	total := 0
	for _, n := range count {
		total += n
	}
	if total != len(g.deckIDs()) {
		return fmt.Errorf("%d cards in play, want %d", total, len(g.deckIDs()))
	}
	for c := range g.at {
		if g.at[c] != 0 && count[c] == 0 {
			return fmt.Errorf("stale position of %v", CardID(c))
		}
	}
	if g.phase == phWindow {
		if g.wN < 1 || g.wAsk >= g.wN || g.wPass >= g.wN {
			return fmt.Errorf("window %d/%d/%d", g.wN, g.wAsk, g.wPass)
		}
		if g.nStack > 0 && (g.rAsk >= g.rN || g.rPass >= g.rN) {
			return fmt.Errorf("reaction window %d/%d/%d", g.rN, g.rAsk, g.rPass)
		}
	}
	return nil
}

// secrets lists the keys seat s may not know: the draw pile and every other seat's hand.
func secrets(g *Game, s engine.Seat) []string {
	var out []string
	for _, h := range g.deck[g.deckTop:g.deckEnd] {
		out = append(out, h.open().Key())
	}
	for p := int8(0); p < g.players; p++ {
		if engine.Seat(p) != s {
			for _, h := range g.hand[p][:g.handN[p]] {
				out = append(out, h.open().Key())
			}
		}
	}
	return out
}

// leakCheck is the structured part of the leak check: during a sealed step no seat sees
// another's choice, and the hand shown is exactly the viewer's own.
func leakCheck(eg engine.Game, s engine.Seat, b []byte) error {
	g := eg.(*Game)
	var v View
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	for _, sv := range v.Seats {
		if sv.Seat == s {
			continue
		}
		if sv.Grab != "" {
			return fmt.Errorf("seat %d's pending grab is shown", sv.Seat)
		}
		if g.phase == phSend && (sv.Sent != 0 || sv.NoCultist) {
			return fmt.Errorf("seat %d's sealed send is shown", sv.Seat)
		}
	}
	if s == engine.Observer && len(v.Hand) != 0 {
		return fmt.Errorf("the observer sees a hand")
	}
	if s != engine.Observer && len(v.Hand) != int(g.handN[s]) {
		return fmt.Errorf("hand of %d cards shown, holds %d", len(v.Hand), g.handN[s])
	}
	return nil
}

// describe is a short text of the board, for failure messages.
func describe(g *Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "phase %s round %d turn %d deck %d\n", g.phaseName(), g.round, g.turn, g.deckEnd-g.deckTop)
	for p := range g.owner {
		if g.owner[p] >= 0 {
			fmt.Fprintf(&b, "  %s (seat %d): %v\n", Places[p].Letter, g.owner[p], g.slots[p][:g.slotN[p]])
		}
	}
	return b.String()
}
