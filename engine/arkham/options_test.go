package arkham

import (
	"testing"

	"miskatonic/engine"
)

func TestConfig(t *testing.T) {
	cases := []struct {
		name string
		cfg  engine.Config
		ok   bool
		deck []CardID // cards that must be in the 22 (when ok)
	}{
		{"base game", engine.Config{Seats: 5}, true, []CardID{Orb, Investigator, Cultist, Cthulhu, GateA, GateB, ElderSign}},
		{"every swap", engine.Config{Seats: 3, Options: map[string]string{"event": "trapezohedron", "character1": "student",
			"character2": "professor", "oldone": "mystery"}}, true, []CardID{Trapezohedron, Student, Professor, Mystery}},
		{"empty value means default", engine.Config{Seats: 7, Options: map[string]string{"oldone": ""}}, true, []CardID{Cthulhu}},
		{"too few", engine.Config{Seats: 2}, false, nil},
		{"too many", engine.Config{Seats: 8}, false, nil},
		{"unknown option", engine.Config{Seats: 5, Options: map[string]string{"colour": "red"}}, false, nil},
		{"unknown value", engine.Config{Seats: 5, Options: map[string]string{"oldone": "dagon"}}, false, nil},
		{"case matters", engine.Config{Seats: 5, Options: map[string]string{"doom": "On"}}, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := Rules{}.New(c.cfg)
			if (err == nil) != c.ok {
				t.Fatalf("err = %v", err)
			}
			if !c.ok {
				if g != nil || engine.KindOf(err) != engine.KindBadConfig {
					t.Fatalf("got %v, %v", g, err)
				}
				return
			}
			deck := g.(*Game).deckIDs
			seen := map[CardID]bool{}
			for _, id := range deck {
				if seen[id] || !id.Valid() {
					t.Fatalf("deck %v", deck)
				}
				seen[id] = true
			}
			for _, id := range c.deck {
				if !seen[id] {
					t.Fatalf("deck lacks %v", id)
				}
			}
		})
	}
}

func TestCardTable(t *testing.T) {
	keys := map[string]bool{}
	counts := map[Kind]int{}
	for id := CardID(1); id <= maxCard; id++ {
		c := Cards[id]
		if c.ID != id || c.Key == "" || c.Name == "" || keys[c.Key] {
			t.Fatalf("card %d: %+v", id, c)
		}
		keys[c.Key] = true
		counts[c.Kind]++
		if back, ok := CardByKey(c.Key); !ok || back != id {
			t.Fatalf("CardByKey(%q) = %v", c.Key, back)
		}
		b, _ := id.MarshalJSON()
		var again CardID
		if err := again.UnmarshalJSON(b); err != nil || again != id {
			t.Fatalf("JSON round trip of %v: %v %v", id, again, err)
		}
	}
	// 28 printed cards plus the promo: 15 artifacts, 5 events, 4 characters, 4+1 Old Ones.
	if counts[KindArtifact] != 15 || counts[KindEvent] != 5 || counts[KindCharacter] != 4 || counts[KindOldOne] != 5 {
		t.Fatalf("counts %v", counts)
	}
	for t2 := range ArtifactTypes {
		if isCursed[ArtifactCard(t2, 0)] || isCursed[ArtifactCard(t2, 1)] || !isCursed[ArtifactCard(t2, 2)] {
			t.Fatalf("artifact type %d colours", t2)
		}
	}
	var bad CardID
	if err := bad.UnmarshalJSON([]byte(`"necronomicon"`)); err == nil {
		t.Fatal("unknown card key accepted")
	}
}
