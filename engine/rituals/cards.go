package rituals

import (
	"cmp"
	"strconv"

	"miskatonic/engine"
)

// CardID identifies one physical card; ids are stable (records, moves and views use them). A
// cultist's id is its printed insanity (1–99, unique by spec §2.2); events are 101–112. 0 means
// "no card": it encodes as JSON null. In a view a card is its Key; in a move it is the number.
type CardID uint8

// Ranks of cultists (spec §2.2). Elder signs equal rank+1.
const (
	Untaught = iota
	Follower
	Adept
	Priest
	HighPriest
)

// RankNames are the English rank names, with the German in RankNamesDE (the UI picks).
var (
	RankNames   = [5]string{"Untaught", "Follower", "Adept", "Priest", "High Priest"}
	RankNamesDE = [5]string{"Unwissende/r", "Anhänger/in", "Adept/in", "Priester/in", "Hohepriester/in"}
)

// Event card ids. Where an event has two copies they are consecutive.
const (
	RiseUp1 CardID = 101 + iota
	RiseUp2
	NoWay1 // That Doesn't Work
	NoWay2
	FalseGod1
	FalseGod2
	Targeted // Opponent-Targeted
	Breakdown
	RightMind
	Rearrange1 // New Arrangement
	Rearrange2
	Mistake // Embarrassing Mistake

	firstEvent = RiseUp1
	maxCard    = Mistake
)

// Event types: each event card's rules, in table order.
const (
	EvRiseUp = iota
	EvNoWay
	EvFalseGod
	EvTargeted
	EvBreakdown
	EvRightMind
	EvRearrange
	EvMistake
	numEventTypes
)

// EventTypes are the keys, English and German names of the eight event types.
var EventTypes = [numEventTypes]struct {
	Key          EventKey
	Name, NameDE string
}{
	{KeyRiseUp, "Rise Up", "Auftauchen"},
	{KeyNoWay, "That Doesn't Work", "Das klappt nicht!"},
	{KeyFalseGod, "False God", "Falscher Gott"},
	{KeyTargeted, "Opponent-Targeted", "Fremdbestimmt"},
	{KeyBreakdown, "Mental Breakdown", "Geistiger Zusammenbruch"},
	{KeyRightMind, "Right Mind", "Lichter Moment"},
	{KeyRearrange, "New Arrangement", "Neuaufstellung"},
	{KeyMistake, "Embarrassing Mistake", "Peinlicher Irrtum"},
}

var eventTypeOf = [maxCard - firstEvent + 1]uint8{EvRiseUp, EvRiseUp, EvNoWay, EvNoWay, EvFalseGod, EvFalseGod,
	EvTargeted, EvBreakdown, EvRightMind, EvRearrange, EvRearrange, EvMistake}

// Card is one printed card.
type Card struct {
	ID   CardID `json:"id"`
	Key  string `json:"key"`  // stable, unique; what views carry
	Name string `json:"name"` // English, for logs and tools
	// Cultists only.
	Insanity int    `json:"insanity,omitempty"`
	Rank     int    `json:"rank,omitempty"`
	Signs    int    `json:"signs,omitempty"`    // elder signs (points)
	Symbols  string `json:"symbols,omitempty"`  // three place letters A–L
	TwoThree bool   `json:"twoThree,omitempty"` // the "2-3" icon: removed with 2 or 3 players
	// Events only.
	Event EventKey `json:"event,omitempty"` // an EventTypes key
}

// cultistRows is spec §2.4's DESIGNED table, verbatim: insanity, symbols, "2-3" icon. It is data,
// not generated, so a change to it is visible; TestCultistDistribution checks every property §2.4
// claims for it.
var cultistRows = [80]struct {
	insanity int
	symbols  string
	twoThree bool
}{
	{1, "DEI", false},
	{2, "BCD", false},
	{3, "AFH", false},
	{4, "BCG", false},
	{5, "BFL", false},
	{6, "CIL", false},
	{7, "AFI", false},
	{8, "AHI", false},
	{9, "GHJ", true},
	{10, "BHJ", false},
	{11, "DGK", false},
	{12, "EHK", false},
	{13, "EGK", false},
	{14, "FIL", false},
	{15, "ABC", false},
	{16, "CJK", false},
	{17, "CEF", true},
	{18, "DJL", false},
	{19, "DGJ", false},
	{20, "AEK", false},
	{30, "BFJ", true},
	{31, "EFG", false},
	{32, "GHI", false},
	{33, "EJL", false},
	{34, "AKL", false},
	{35, "CFL", false},
	{36, "DIL", false},
	{37, "ACG", false},
	{38, "FGK", false},
	{39, "BIJ", false},
	{40, "DFK", false},
	{41, "ADJ", false},
	{42, "IKL", true},
	{43, "BEK", false},
	{44, "CHJ", false},
	{45, "CDH", false},
	{46, "AGI", false},
	{47, "BEH", false},
	{50, "AFK", false},
	{51, "CFJ", false},
	{52, "DHL", true},
	{53, "EGI", true},
	{54, "CIK", false},
	{55, "CFI", false},
	{56, "ABL", false},
	{57, "CGL", false},
	{58, "DEF", false},
	{59, "IJK", false},
	{60, "EHL", false},
	{61, "BHK", false},
	{62, "AEJ", false},
	{63, "BGJ", false},
	{64, "ADG", false},
	{65, "BDH", false},
	{70, "CEI", false},
	{71, "ABD", true},
	{72, "CEJ", false},
	{73, "BDI", false},
	{74, "ABF", false},
	{75, "CHK", false},
	{76, "FGH", false},
	{77, "DKL", false},
	{78, "AGJ", false},
	{79, "EGL", false},
	{80, "BEI", false},
	{81, "ADH", false},
	{82, "FHL", false},
	{83, "JKL", false},
	{88, "BGI", false},
	{89, "ACK", true},
	{90, "ACH", false},
	{91, "DFJ", false},
	{92, "GHL", false},
	{93, "EFJ", false},
	{94, "BGL", false},
	{95, "DIK", false},
	{96, "CDE", false},
	{97, "HIJ", false},
	{98, "AEL", false},
	{99, "BFK", false},
}

// Places are the 12 ritual places (spec §2.3), by symbol A–L = 0–11.
var Places = [NumPlaces]struct{ Letter, Key, God, Place string }{
	{"A", "azathoth", "Azathoth", "The Court of Chaos"},
	{"B", "cthugha", "Cthugha", "Fomalhaut Hill"},
	{"C", "cthulhu", "Cthulhu", "Sunken R'lyeh"},
	{"D", "dagon", "Dagon", "Devil Reef"},
	{"E", "ghatanothoa", "Ghatanothoa", "Mount Yaddith-Gho"},
	{"F", "hastur", "Hastur", "Lake of Hali"},
	{"G", "ithaqua", "Ithaqua", "The Frozen Wood"},
	{"H", "nyarlathotep", "Nyarlathotep", "The Shining Pyramid"},
	{"I", "shub-niggurath", "Shub-Niggurath", "The Black Goat's Grove"},
	{"J", "tsathoggua", "Tsathoggua", "The Caverns of N'kai"},
	{"K", "yig", "Yig", "The Serpent Mound"},
	{"L", "yog-sothoth", "Yog-Sothoth", "Sentinel Hill"},
}

// NumPlaces is the number of ritual places.
const NumPlaces = 12

// Cards is the card table indexed by CardID (unused ids are zero Cards).
var Cards [maxCard + 1]Card

// Fast per-id lookups for the hot paths.
var (
	isCultist [maxCard + 1]bool
	isEvent   [maxCard + 1]bool
	signs     [maxCard + 1]int8
	symMask   [maxCard + 1]uint16 // bit p: the cultist shows place p's symbol
	evType    [maxCard + 1]uint8
	byKey     = map[string]CardID{}
	// fullDeck and smallDeck are the decks in id order: 92 cards, and 84 without the "2-3" cultists.
	fullDeck  []CardID
	smallDeck []CardID
)

func init() {
	for _, r := range cultistRows {
		id := CardID(r.insanity)
		rank := rankOf(r.insanity)
		c := Card{ID: id, Key: "cultist-" + strconv.Itoa(r.insanity), Insanity: r.insanity, Rank: rank,
			Signs: rank + 1, Symbols: r.symbols, TwoThree: r.twoThree,
			Name: RankNames[rank] + " #" + strconv.Itoa(r.insanity)}
		Cards[id] = c
		isCultist[id] = true
		signs[id] = int8(c.Signs)
		for _, s := range r.symbols {
			symMask[id] |= 1 << (s - 'A')
		}
	}
	for id := firstEvent; id <= maxCard; id++ {
		t := eventTypeOf[id-firstEvent]
		key := string(EventTypes[t].Key)
		if id > firstEvent && eventTypeOf[id-firstEvent-1] == t {
			key += "-2"
		} else if id < maxCard && eventTypeOf[id-firstEvent+1] == t {
			key += "-1"
		}
		Cards[id] = Card{ID: id, Key: key, Name: EventTypes[t].Name, Event: EventTypes[t].Key}
		isEvent[id] = true
		evType[id] = t
	}
	for id := CardID(1); id <= maxCard; id++ {
		if Cards[id].Key == "" {
			continue
		}
		byKey[Cards[id].Key] = id
		fullDeck = append(fullDeck, id)
		if !Cards[id].TwoThree {
			smallDeck = append(smallDeck, id)
		}
	}
}

// rankOf maps a printed insanity to its rank (spec §2.2 ranges; 88–99 for High Priests).
func rankOf(insanity int) int {
	switch {
	case insanity <= 20:
		return Untaught
	case insanity <= 47:
		return Follower
	case insanity <= 65:
		return Adept
	case insanity <= 83:
		return Priest
	}
	return HighPriest
}

// Valid reports whether c names a card.
func (c CardID) Valid() bool { return c <= maxCard && (isCultist[c] || isEvent[c]) }

// IsCultist reports whether c is a cultist.
func (c CardID) IsCultist() bool { return c <= maxCard && isCultist[c] }

// IsEvent reports whether c is an event.
func (c CardID) IsEvent() bool { return c <= maxCard && isEvent[c] }

// Card returns the card's data (the zero Card for an invalid id).
func (c CardID) Card() Card { return engine.Entry(Cards[:], c, c.Valid()) }

// Key returns the card's key ("" for an invalid id).
func (c CardID) Key() string { return c.Card().Key }

func (c CardID) String() string { return cmp.Or(c.Key(), "none") }

// MarshalJSON writes the card's key (views carry keys), null for none.
func (c CardID) MarshalJSON() ([]byte, error) { return engine.CardKeyJSON(c.Valid(), c.Key()) }

// UnmarshalJSON reads a card key back (null: no card).
func (c *CardID) UnmarshalJSON(b []byte) error { return engine.DecodeCardKey(b, byKey, "rituals", c) }

// CardByKey finds a cultist or event card by its key.
func CardByKey(key string) (CardID, bool) { return engine.LookupKey(byKey, key) }

// PlaceByKey looks a ritual place up by key ("cthulhu"); -1 if there is none.
// Every place, grab and most plays look their place up: the first and last letters pick the one
// candidate (placeHash is collision-free over the 12 keys, TestPlaces), one comparison
// confirms it.
func PlaceByKey(key string) int {
	if len(key) == 0 {
		return -1
	}
	p := int(placeByHash[placeHash(key)]) - 1
	if p < 0 || Places[p].Key != key {
		return -1
	}
	return p
}

func placeHash(key string) uint8 { return (key[0] + key[len(key)-1]) & 31 }

// placeByHash maps placeHash(key) to place+1 (0: no place).
var placeByHash = func() (t [32]int8) {
	for p := range Places {
		t[placeHash(Places[p].Key)] = int8(p + 1)
	}
	return t
}()
