package arkham

import (
	"cmp"
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
	// First is the host's pick of the first round's active player, "seat1".."seat7"; "" (the
	// choice "deal") lets the first deal choose (spec ruling 13). Left out of the view and the
	// deal context when dealt, so games from before the option replay byte for byte.
	First string `json:"first,omitempty"`
	// Helper "off" hides the deduction helper at every seat (a table option: it changes no rule,
	// it travels in every view so guests follow the host); "" is the default, on.
	Helper string `json:"helper,omitempty"`
}

// Choices of the table options that are not part of the deck.
const (
	firstRandom = "deal"
	helperOn    = "on"
)

// OptionList describes the options for the lobby; the first choice of each is the default (the
// base deck of the rules).
var OptionList = []engine.Option{
	{Key: "event", Choices: []string{"orb", "trapezohedron"}, Default: "orb"},
	{Key: "character1", Choices: []string{"investigator", "student"}, Default: "investigator"},
	{Key: "character2", Choices: []string{"cultist", "professor"}, Default: "cultist"},
	{Key: "oldone", Choices: []string{"cthulhu", "nyarlathotep", "yogsothoth", "hastur", "mystery"}, Default: "cthulhu"},
	{Key: "doom", Choices: []string{"off", "on"}, Default: "off"},
	{Key: "variant", Choices: []string{"standard", "competitive"}, Default: "standard"},
	{Key: "first", Choices: []string{firstRandom, "seat1", "seat2", "seat3", "seat4", "seat5", "seat6", "seat7"}, Default: firstRandom},
	{Key: "helper", Choices: []string{helperOn, "off"}, Default: helperOn},
}

// DefaultOptions is the base game.
func DefaultOptions() Options {
	o, _ := ParseOptions(nil)
	return o
}

// ParseOptions validates a config's options map, filling defaults. Unknown keys or values are
// refused with KindBadConfig.
func ParseOptions(m map[string]string) (Options, error) {
	val, err := engine.OptionValues("arkham: options", OptionList, m)
	if err != nil {
		return Options{}, err
	}
	o := Options{Event: val["event"], Character1: val["character1"], Character2: val["character2"],
		OldOne: val["oldone"], Doom: val["doom"], Variant: val["variant"]}
	if v := val["first"]; v != firstRandom {
		o.First = v
	}
	if v := val["helper"]; v != helperOn {
		o.Helper = v
	}
	return o, nil
}

// Map returns the options as a config map (every key present).
func (o Options) Map() map[string]string {
	return map[string]string{"event": o.Event, "character1": o.Character1, "character2": o.Character2,
		"oldone": o.OldOne, "doom": o.Doom, "variant": o.Variant, "first": cmp.Or(o.First, firstRandom), "helper": cmp.Or(o.Helper, helperOn)}
}

// FirstSeat is the seat the host picked to be the first active player; ok is false when the
// first deal chooses.
func (o Options) FirstSeat() (engine.Seat, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(o.First, "seat"))
	if o.First == "" || err != nil {
		return 0, false
	}
	return engine.Seat(n - 1), true
}

// HelperOff reports whether the host turned the deduction helper off for the table.
func (o Options) HelperOff() bool { return o.Helper == "off" }

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
	first := ""
	if o.First != "" {
		first = " first=" + o.First // a host's pick is part of what the deal is for
	}
	return "arkham/v1 round=" + strconv.Itoa(round) + " players=" + strconv.Itoa(players) +
		" event=" + o.Event + " character1=" + o.Character1 + " character2=" + o.Character2 +
		" oldone=" + o.OldOne + " doom=" + o.Doom + " variant=" + o.Variant + first
}
