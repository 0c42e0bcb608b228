package arkham

import (
	"sort"
	"strconv"
	"strings"

	"miskatonic/engine"
)

// Options are the host's choices before a game. The zero value is not valid; use
// DefaultOptions or ParseOptions. Every field is a lowercase choice from OptionList.
type Options struct {
	Event      string `json:"event"`      // orb | trapezohedron
	Character1 string `json:"character1"` // investigator | student
	Character2 string `json:"character2"` // cultist | professor
	OldOne     string `json:"oldone"`     // cthulhu | nyarlathotep | yogsothoth | hastur | mystery
	Doom       string `json:"doom"`       // off | on
	Variant    string `json:"variant"`    // standard | competitive
}

// OptionList describes the options for the lobby; the first choice of each is the default (the
// base deck of the rules).
var OptionList = []engine.Option{
	{Key: "event", Choices: []string{"orb", "trapezohedron"}, Default: "orb"},
	{Key: "character1", Choices: []string{"investigator", "student"}, Default: "investigator"},
	{Key: "character2", Choices: []string{"cultist", "professor"}, Default: "cultist"},
	{Key: "oldone", Choices: []string{"cthulhu", "nyarlathotep", "yogsothoth", "hastur", "mystery"}, Default: "cthulhu"},
	{Key: "doom", Choices: []string{"off", "on"}, Default: "off"},
	{Key: "variant", Choices: []string{"standard", "competitive"}, Default: "standard"},
}

// DefaultOptions is the base game.
func DefaultOptions() Options {
	o, _ := ParseOptions(nil)
	return o
}

// ParseOptions validates a config's options map, filling defaults. Unknown keys or values are
// refused with KindBadConfig.
func ParseOptions(m map[string]string) (Options, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys) // deterministic error messages
	for _, k := range keys {
		if optionByKey(k) == nil {
			return Options{}, engine.Errorf(engine.KindBadConfig, "arkham: options", "unknown option %q", k)
		}
	}
	val := map[string]string{}
	for _, o := range OptionList {
		v, ok := m[o.Key]
		if !ok || v == "" {
			v = o.Default
		}
		found := false
		for _, c := range o.Choices {
			found = found || c == v
		}
		if !found {
			return Options{}, engine.Errorf(engine.KindBadConfig, "arkham: options",
				"option %s=%q: choose one of %s", o.Key, v, strings.Join(o.Choices, ", "))
		}
		val[o.Key] = v
	}
	return Options{Event: val["event"], Character1: val["character1"], Character2: val["character2"],
		OldOne: val["oldone"], Doom: val["doom"], Variant: val["variant"]}, nil
}

func optionByKey(k string) *engine.Option {
	for i := range OptionList {
		if OptionList[i].Key == k {
			return &OptionList[i]
		}
	}
	return nil
}

// Map returns the options as a config map (every key present).
func (o Options) Map() map[string]string {
	return map[string]string{"event": o.Event, "character1": o.Character1, "character2": o.Character2,
		"oldone": o.OldOne, "doom": o.Doom, "variant": o.Variant}
}

// Deck returns the 22 cards in play, in id order.
func (o Options) Deck() [DeckCards]CardID {
	var d [DeckCards]CardID
	n := 0
	for id := CardID(1); id <= 15; id++ {
		d[n] = id
		n++
	}
	ev := Orb
	if o.Event == "trapezohedron" {
		ev = Trapezohedron
	}
	c1 := Investigator
	if o.Character1 == "student" {
		c1 = Student
	}
	c2 := Cultist
	if o.Character2 == "professor" {
		c2 = Professor
	}
	var old CardID
	switch o.OldOne {
	case "nyarlathotep":
		old = Nyarlathotep
	case "yogsothoth":
		old = YogSothoth
	case "hastur":
		old = Hastur
	case "mystery":
		old = Mystery
	default:
		old = Cthulhu
	}
	for _, id := range []CardID{ElderSign, GateA, GateB, ev, c1, c2, old} {
		d[n] = id
		n++
	}
	return d
}

// context is the deal context of a round: it binds the game, the round, the table size and the
// deck composition, so a commitment can never be reused for another deal.
func (o Options) context(players, round int) string {
	return "arkham/v1 round=" + strconv.Itoa(round) + " players=" + strconv.Itoa(players) +
		" event=" + o.Event + " character1=" + o.Character1 + " character2=" + o.Character2 +
		" oldone=" + o.OldOne + " doom=" + o.Doom + " variant=" + o.Variant
}
