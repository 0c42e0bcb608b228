package arkham

import (
	"cmp"
	"fmt"

	"miskatonic/engine"
)

// CardID identifies one physical card. The ids are stable (records and views depend on them);
// 0 means "no card" and encodes as JSON null. In JSON a card is its Key.
type CardID uint8

// Kind is a card's type.
type Kind string

const (
	KindArtifact  Kind = "artifact"
	KindEvent     Kind = "event"
	KindCharacter Kind = "character"
	KindOldOne    Kind = "oldone"
)

// Colour is a card's background: sane (blue) or cursed (red).
type Colour string

const (
	Sane   Colour = "sane"
	Cursed Colour = "cursed"
)

// Card is one printed card.
type Card struct {
	ID       CardID `json:"id"`
	Key      string `json:"key"`  // stable, unique; what views carry
	Name     string `json:"name"` // English name, for logs and tools (the UI translates keys)
	Kind     Kind   `json:"kind"`
	Colour   Colour `json:"colour"`
	Artifact string `json:"artifact,omitempty"` // artifact type key; equal types resonate
}

// Artifact types in table order.
var ArtifactTypes = []struct{ Key, Name string }{
	{"candelabra", "Candelabra"},
	{"dagger", "Ritual Dagger"},
	{"chalice", "Bone Chalice"},
	{"grimoire", "Black Grimoire"},
	{"idol", "Obsidian Idol"},
}

// Card ids. Artifacts are 1..15: type t has sane copies 3t+1, 3t+2 and cursed copy 3t+3.
const (
	ElderSign     CardID = 16
	GateA         CardID = 17
	GateB         CardID = 18
	Orb           CardID = 19
	Trapezohedron CardID = 20
	Investigator  CardID = 21
	Student       CardID = 22
	Cultist       CardID = 23
	Professor     CardID = 24
	Cthulhu       CardID = 25
	Nyarlathotep  CardID = 26
	YogSothoth    CardID = 27
	Hastur        CardID = 28
	Mystery       CardID = 29

	maxCard = Mystery
)

// ArtifactCard returns the id of copy (0, 1 sane; 2 cursed) of artifact type t (0..4).
func ArtifactCard(t, copy int) CardID { return CardID(3*t + copy + 1) }

// Cards is the card table indexed by CardID (index 0 is empty).
var Cards = buildCards()

func buildCards() [maxCard + 1]Card {
	var cs [maxCard + 1]Card
	for t, a := range ArtifactTypes {
		for c := 0; c < 3; c++ {
			id := ArtifactCard(t, c)
			card := Card{ID: id, Kind: KindArtifact, Colour: Sane, Artifact: a.Key, Name: a.Name}
			if c == 2 {
				card.Colour = Cursed
				card.Key = a.Key + "-cursed"
				card.Name = "Cursed " + a.Name
			} else {
				card.Key = fmt.Sprintf("%s-%d", a.Key, c+1)
			}
			cs[id] = card
		}
	}
	set := func(id CardID, key, name string, k Kind, c Colour) {
		cs[id] = Card{ID: id, Key: key, Name: name, Kind: k, Colour: c}
	}
	set(ElderSign, "elder-sign", "Elder Sign", KindEvent, Sane)
	set(GateA, "gate-a", "Gate A", KindEvent, Sane)
	set(GateB, "gate-b", "Gate B", KindEvent, Sane)
	set(Orb, "orb", "Magical Orb", KindEvent, Sane)
	set(Trapezohedron, "trapezohedron", "Shining Trapezohedron", KindEvent, Sane)
	set(Investigator, "investigator", "Investigator", KindCharacter, Sane)
	set(Student, "student", "Wary Student", KindCharacter, Sane)
	set(Cultist, "cultist", "Cultist", KindCharacter, Sane)
	set(Professor, "professor", "Mad Professor", KindCharacter, Sane)
	set(Cthulhu, "cthulhu", "Cthulhu", KindOldOne, Cursed)
	set(Nyarlathotep, "nyarlathotep", "Nyarlathotep", KindOldOne, Cursed)
	set(YogSothoth, "yogsothoth", "Yog-Sothoth", KindOldOne, Cursed)
	set(Hastur, "hastur", "Hastur", KindOldOne, Cursed)
	set(Mystery, "mystery", "Mystery Card", KindOldOne, Cursed)
	return cs
}

// Fast per-id lookups for the hot paths.
var (
	isArtifact [maxCard + 1]bool
	isCursed   [maxCard + 1]bool
	artType    [maxCard + 1]int8 // -1 unless an artifact
	byKey      = map[string]CardID{}
)

func init() {
	for id := CardID(1); id <= maxCard; id++ {
		c := Cards[id]
		isArtifact[id] = c.Kind == KindArtifact
		isCursed[id] = c.Colour == Cursed
		artType[id] = -1
		if isArtifact[id] {
			artType[id] = int8((id - 1) / 3)
		}
		byKey[c.Key] = id
	}
}

// Valid reports whether c names a card.
func (c CardID) Valid() bool { return c >= 1 && c <= maxCard }

// Card returns the card's data (the zero Card for an invalid id).
func (c CardID) Card() Card { return engine.Entry(Cards[:], c, c.Valid()) }

// Key returns the card's key ("" for an invalid id).
func (c CardID) Key() string { return c.Card().Key }

func (c CardID) String() string { return cmp.Or(c.Key(), "none") }

// IsOldOne reports whether c is a Great Old One or the Mystery Card.
func (c CardID) IsOldOne() bool { return c >= Cthulhu && c <= Mystery }

// MarshalJSON encodes a card as its key, or null for no card (engine.CardKeyJSON).
func (c CardID) MarshalJSON() ([]byte, error) { return engine.CardKeyJSON(c.Valid(), c.Key()) }

// UnmarshalJSON decodes a key, or null for no card.
func (c *CardID) UnmarshalJSON(b []byte) error { return engine.DecodeCardKey(b, byKey, "arkham", c) }

// CardByKey looks an Arkham Ritual card up by its key ("cthulhu").
func CardByKey(key string) (CardID, bool) { return engine.LookupKey(byKey, key) }
