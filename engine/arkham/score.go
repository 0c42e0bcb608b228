package arkham

// Scoring a round's end, written once: the engine plays by it (Game embeds scoreTable) and bots
// model with it (RoundDeltas), so the two cannot drift apart.

// scoreTable is what scoring a round reads and changes.
type scoreTable struct {
	players   int8
	positions int8 // players + dummies
	doomOn    bool
	doom      int8
	sanity    [MaxPlayers]int8
}

// loss is the "normal amount" of sanity a non-survivor loses.
func (t *scoreTable) loss(failed int8) int8 {
	if t.doomOn {
		return t.doom
	}
	return failed
}

// hurt changes p's sanity by d within 0..MaxSanity and records the change actually made.
func (t *scoreTable) hurt(r *result, p int8, d int8) int8 {
	if p >= t.players {
		return 0 // dummies have no sanity
	}
	n := min(max(t.sanity[p]+d, 0), MaxSanity)
	got := n - t.sanity[p]
	t.sanity[p] = n
	r.delta[p] += got
	return got
}

// scoreNormal scores a round that ended by the deck running out, everyone passing or an Elder
// Sign: r.card holds the revealed hands; it fills in who survived, why, and the sanity changes.
func (t *scoreTable) scoreNormal(r *result) {
	cultist, professor := false, false
	var count [5]int8
	for _, card := range r.card[:t.positions] {
		cultist = cultist || card == Cultist
		professor = professor || card == Professor
		if t := artType[card]; t >= 0 {
			count[t]++
		}
	}
	for p, card := range r.card[:t.positions] {
		ok, why := !isCursed[card], rsSane
		if !ok {
			why = rsCursed
		}
		if cultist {
			ok, why = isCursed[card], rsCultistCursed
			if !ok {
				why = rsCultistSane
			}
		}
		if t := artType[card]; ok && t >= 0 && count[t] > 1 {
			ok, why = false, rsDuplicate
		}
		if ok && professor && !isArtifact[card] {
			ok, why = false, rsProfessor
		}
		if card == Student {
			ok, why = false, rsStudent
		}
		r.survived[p], r.reason[p] = ok, why
		if !ok {
			r.failed++
		}
	}
	amount := t.loss(r.failed)
	for p := int8(0); p < t.players; p++ {
		switch {
		case r.card[p] == Student:
			t.hurt(r, p, -1)
		case !r.survived[p]:
			t.hurt(r, p, -amount)
		case r.card[p] == Investigator:
			t.hurt(r, p, 1)
			r.reason[p] = rsInvestigator
		}
	}
}

// scoreOldOne scores a round ended by the Great Old One c (the Mystery Card already revealed as
// its pick) held at position h.
func (t *scoreTable) scoreOldOne(r *result, h int8, c CardID) {
	r.oldOne, r.holder = c, h
	for p := range r.reason[:t.positions] {
		r.reason[p], r.survived[p] = rsSpared, true
	}
	r.reason[h] = rsOldOneHolder
	victim := func(p int8) {
		r.survived[p], r.reason[p] = false, rsOldOne
		r.failed++
	}
	switch c {
	case Cthulhu:
		for p := int8(0); p < t.positions; p++ {
			if p != h {
				victim(p)
				t.hurt(r, p, -(t.positions - 1))
			}
		}
	case Nyarlathotep:
		most := int8(-1)
		for p := int8(0); p < t.players; p++ {
			if p != h {
				most = max(most, t.sanity[p])
			}
		}
		for p := int8(0); p < t.players; p++ {
			if p != h && t.sanity[p] == most {
				victim(p)
			}
		}
		amount, total := t.loss(r.failed), int8(0)
		for p := int8(0); p < t.players; p++ {
			if !r.survived[p] {
				total -= t.hurt(r, p, -amount)
			}
		}
		t.hurt(r, h, total)
	case YogSothoth:
		least, ties := int8(MaxSanity+1), 0
		var who int8
		for p := int8(0); p < t.players; p++ {
			switch s := t.sanity[p]; {
			case s < least:
				least, ties, who = s, 1, p
			case s == least:
				ties++
			}
		}
		for p := int8(0); p < t.players; p++ {
			switch {
			case ties == 1 && p != who && p != h:
				victim(p)
				t.hurt(r, p, -t.sanity[p])
			case ties > 1 && p == h:
				victim(p)
				t.hurt(r, p, 1-t.sanity[p])
			case ties > 1:
				victim(p)
				t.hurt(r, p, -1)
			}
		}
		if h < t.players && r.reason[h] == rsOldOne {
			r.reason[h] = rsOldOneHolder
		}
	case Hastur:
		reds := int8(0)
		for p := int8(0); p < t.positions; p++ {
			if isCursed[r.card[p]] {
				reds++
			}
			if isArtifact[r.card[p]] {
				victim(p)
			}
		}
		amount := t.loss(r.failed) + reds
		for p := int8(0); p < t.players; p++ {
			if !r.survived[p] {
				t.hurt(r, p, -amount)
			}
		}
	}
}

// RoundDeltas is each player's change in sanity if the round ended now: held are the cards in
// every position (players in seat order, then dummies), sanity each player's before the end, doom
// the Doom value (0 when the track is off). oldOne is 0 for a normal end, or the Great Old One
// (not the Mystery Card: the caller picks what it stands for) that wakes at position holder.
// Bots model a round with it; it is the very code the engine scores rounds with.
func RoundDeltas(held []CardID, sanity []int, doom int, oldOne CardID, holder int) (d [MaxPositions]int) {
	t := scoreTable{players: int8(min(len(sanity), MaxPlayers)), positions: int8(min(len(held), MaxPositions)),
		doomOn: doom > 0, doom: int8(doom)}
	for p := range t.sanity[:t.players] {
		t.sanity[p] = int8(sanity[p])
	}
	var r result
	copy(r.card[:], held)
	if oldOne.IsOldOne() && holder >= 0 && holder < int(t.positions) {
		r.oldOne, r.holder = oldOne, int8(holder)
		t.scoreOldOne(&r, int8(holder), oldOne)
	} else {
		t.scoreNormal(&r)
	}
	for p := range t.players {
		d[p] = int(r.delta[p])
	}
	return d
}
