package rituals

import (
	"slices"
	"testing"
)

// TestCardCounts checks the components list of the rulebook and spec §2.2, §2.5 and ruling 11:
// 80 cultists in five ranks with unique insanity values in the corrected ranges, 12 events, 92
// cards, 84 without the eight "2-3" cultists.
func TestCardCounts(t *testing.T) {
	ranks := []struct {
		count, lo, hi, signs int
	}{{20, 1, 20, 1}, {18, 30, 47, 2}, {16, 50, 65, 3}, {14, 70, 83, 4}, {12, 88, 99, 5}}
	var perRank [5]int
	seen := map[int]bool{}
	totalSigns, smallSigns := 0, 0
	for _, id := range fullDeck {
		c := id.Card()
		if c.Insanity == 0 {
			continue
		}
		if seen[c.Insanity] {
			t.Fatalf("insanity %d twice", c.Insanity)
		}
		seen[c.Insanity] = true
		r := ranks[c.Rank]
		if c.Insanity < r.lo || c.Insanity > r.hi || c.Signs != r.signs || int(id) != c.Insanity {
			t.Errorf("%s: insanity %d rank %d signs %d", c.Key, c.Insanity, c.Rank, c.Signs)
		}
		perRank[c.Rank]++
		totalSigns += c.Signs
		if !c.TwoThree {
			smallSigns += c.Signs
		}
	}
	for i, r := range ranks {
		if perRank[i] != r.count {
			t.Errorf("rank %s: %d cards, want %d", RankNames[i], perRank[i], r.count)
		}
	}
	if totalSigns != 220 || smallSigns != 199 {
		t.Errorf("elder signs %d / %d, want 220 / 199 (spec §2.4)", totalSigns, smallSigns)
	}
	if len(fullDeck) != 92 || len(smallDeck) != 84 {
		t.Fatalf("decks of %d and %d cards, want 92 and 84 (ruling 11)", len(fullDeck), len(smallDeck))
	}
	var events [numEventTypes]int
	for _, id := range smallDeck {
		if id.IsEvent() {
			events[evType[id]]++
		}
	}
	if want := [numEventTypes]int{2, 2, 2, 1, 1, 1, 2, 1}; events != want {
		t.Errorf("events per type %v, want %v (spec §2.5)", events, want)
	}
	keys := map[string]bool{}
	for _, id := range fullDeck {
		k := id.Key()
		if keys[k] {
			t.Fatalf("key %q twice", k)
		}
		keys[k] = true
		if back, ok := CardByKey(k); !ok || back != id {
			t.Fatalf("CardByKey(%q) = %d", k, back)
		}
	}
}

// TestCultistDistribution checks every property spec §2.4 states for the designed symbol table.
func TestCultistDistribution(t *testing.T) {
	count := func(deck []CardID) (perSym [NumPlaces]int, pair [NumPlaces][NumPlaces]int, triples map[uint16]int) {
		triples = map[uint16]int{}
		for _, id := range deck {
			m := symMask[id]
			if !id.IsCultist() {
				continue
			}
			triples[m]++
			for a := 0; a < NumPlaces; a++ {
				if m&(1<<a) == 0 {
					continue
				}
				perSym[a]++
				for b := a + 1; b < NumPlaces; b++ {
					if m&(1<<b) != 0 {
						pair[a][b]++
					}
				}
			}
		}
		return
	}
	t.Run("every cultist shows exactly 3 distinct symbols", func(t *testing.T) {
		for _, id := range fullDeck {
			if id.IsCultist() && popcount(symMask[id]) != 3 {
				t.Errorf("%s shows %s", id, Cards[id].Symbols)
			}
		}
	})
	t.Run("whole deck: every symbol on 20 cultists, pairs 3 or 4, no repeated triple", func(t *testing.T) {
		per, pair, triples := count(fullDeck)
		for s, n := range per {
			if n != 20 {
				t.Errorf("symbol %s on %d cultists", Places[s].Letter, n)
			}
		}
		for a := 0; a < NumPlaces; a++ {
			for b := a + 1; b < NumPlaces; b++ {
				if pair[a][b] < 3 || pair[a][b] > 4 {
					t.Errorf("pair %s%s on %d cultists", Places[a].Letter, Places[b].Letter, pair[a][b])
				}
			}
		}
		for m, n := range triples {
			if n > 1 {
				t.Errorf("triple %b on %d cultists", m, n)
			}
		}
	})
	t.Run("2-3 player deck: every symbol on 18 cultists", func(t *testing.T) {
		per, _, _ := count(smallDeck)
		for s, n := range per {
			if n != 18 {
				t.Errorf("symbol %s on %d cultists", Places[s].Letter, n)
			}
		}
	})
	t.Run("construction: 12 rotations of six base triples plus two splits", func(t *testing.T) {
		var want []uint16
		for _, b := range [][3]int{{0, 1, 2}, {0, 1, 5}, {0, 2, 6}, {0, 2, 7}, {0, 3, 6}, {0, 3, 7}} {
			for r := 0; r < NumPlaces; r++ {
				want = append(want, tripleMask((b[0]+r)%12, (b[1]+r)%12, (b[2]+r)%12))
			}
		}
		var got []uint16
		for _, id := range smallDeck {
			if id.IsCultist() {
				got = append(got, symMask[id])
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Error("the 72 base cultists are not the 12 rotations of the six base triples")
		}
		var extra []uint16
		for _, id := range fullDeck {
			if Cards[id].TwoThree {
				extra = append(extra, symMask[id])
			}
		}
		splits := []uint16{tripleMask(0, 1, 3), tripleMask(2, 4, 5), tripleMask(6, 7, 9), tripleMask(8, 10, 11),
			tripleMask(0, 2, 10), tripleMask(1, 5, 9), tripleMask(3, 7, 11), tripleMask(4, 6, 8)}
		slices.Sort(extra)
		slices.Sort(splits)
		if !slices.Equal(extra, splits) {
			t.Error("the eight 2-3 cultists are not the two designed splits")
		}
	})
	t.Run("2-3 cards by rank: 2 Untaught, 2 Followers, 2 Adepts, 1 Priest, 1 High Priest", func(t *testing.T) {
		var per [5]int
		for _, id := range fullDeck {
			if Cards[id].TwoThree {
				per[Cards[id].Rank]++
			}
		}
		if per != [5]int{2, 2, 2, 1, 1} {
			t.Errorf("2-3 cards by rank %v", per)
		}
	})
	t.Run("rank balance: High Priests show each symbol 3 times, other ranks 3 to 6", func(t *testing.T) {
		for r := 0; r < 5; r++ {
			var per [NumPlaces]int
			for _, id := range fullDeck {
				if id.IsCultist() && Cards[id].Rank == r {
					for s := 0; s < NumPlaces; s++ {
						if symMask[id]&(1<<s) != 0 {
							per[s]++
						}
					}
				}
			}
			for s, n := range per {
				if (r == HighPriest && n != 3) || n < 3 || n > 6 {
					t.Errorf("%s: symbol %s %d times", RankNames[r], Places[s].Letter, n)
				}
			}
		}
	})
}

func tripleMask(a, b, c int) uint16 { return 1<<a | 1<<b | 1<<c }

func popcount(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func TestPlaces(t *testing.T) {
	for p, pl := range Places {
		if PlaceByKey(pl.Key) != p || pl.Letter != string(rune('A'+p)) {
			t.Errorf("place %d: %+v", p, pl)
		}
	}
	if PlaceByKey("") != -1 || PlaceByKey("Cthulhu") != -1 {
		t.Error("PlaceByKey accepts a non-key")
	}
	// Near misses of every key: same first and last letters (the hash's), one letter more or
	// less, another place's letter inside.
	for _, pl := range Places {
		k := pl.Key
		for _, bad := range []string{k[:1] + "x" + k[1:], k[:len(k)-1], k + "a", k[:1] + k[2:], pl.Letter, pl.God} {
			if PlaceByKey(bad) != -1 {
				t.Errorf("PlaceByKey(%q) = %d, want -1", bad, PlaceByKey(bad))
			}
		}
	}
}
