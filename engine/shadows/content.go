package shadows

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
)

// The designed content (spec 3.4) is data: one JSON file per card group, embedded and validated
// when the package loads. Tuning the game means editing these files, not the code.
//
//go:embed data/*.json
var dataFS embed.FS

// Locations in board order (spec ruling 14.6: ties and partial placements follow this order).
var Locations = [NumLocations]string{"university", "club", "roadhouse", "police", "bank"}

// NumLocations is the number of board locations.
const NumLocations = 5

// Op is one step of a card effect. Who names characters: all, marker, bearer, active, banisher,
// crowded (sharing a location), at:<location>. At names locations: a location key, bearer,
// active, corrupt (every corrupt location), occupied (every location with a character), least
// (the Count least corrupt). A draw op draws a Randonomicon card and runs Success, Fail and Any;
// Qty ops use the drawn card's quantity (at most Max). Else runs when Who matched nobody.
type Op struct {
	Op      string `json:"op"` // corrupt | madness | shadow | heal | bills | discard_asset | draw
	Who     string `json:"who,omitempty"`
	At      string `json:"at,omitempty"`
	N       int    `json:"n,omitempty"`
	Count   int    `json:"count,omitempty"`
	Qty     bool   `json:"qty,omitempty"`
	Max     int    `json:"max,omitempty"`
	Low     bool   `json:"low,omitempty"` // a draw where a low quantity is good for the players
	Success []Op   `json:"success,omitempty"`
	Fail    []Op   `json:"fail,omitempty"`
	Any     []Op   `json:"any,omitempty"`
	Else    []Op   `json:"else,omitempty"`
}

// Knobs are the tuning numbers (spec 3.4.13).
type Knobs struct {
	Comment         string         `json:"comment"`
	Actions         map[string]int `json:"actions"`
	StartCorruption map[string]int `json:"startCorruption"`
	ThreatsPerLevel map[string]int `json:"threatsPerLevel"`
	StartBills      int            `json:"startBills"`
	StartKnowledge  int            `json:"startKnowledge"`
	StartMuscle     int            `json:"startMuscle"`
	BillsLimit      int            `json:"billsLimit"`
	HealCost        int            `json:"healCost"`
	HealAmount      int            `json:"healAmount"`
	BanishCost      []int          `json:"banishCost"` // by level, index 0 unused
	MadnessLoss     int            `json:"madnessLoss"`
	MadnessCap      int            `json:"madnessCap"`
	CorruptionLoss  int            `json:"corruptionLoss"`
	CorruptionCap   int            `json:"corruptionCap"`
	ShadowCap       int            `json:"shadowCap"`
	AssetRow        int            `json:"assetRow"`
	AssetCarry      int            `json:"assetCarry"`
}

// Advantage is a character's innate benefit, lost while the character has any madness.
type Advantage struct {
	Key  string `json:"key"` // scholar | on_the_force | lucky | deep_pockets | attuned
	Name string `json:"name"`
	Text string `json:"text"`
	N    int    `json:"n,omitempty"`
}

// Character is one of the five character cards.
type Character struct {
	Key       string    `json:"key"`
	Name      string    `json:"name"`
	Title     string    `json:"title"`
	Knowledge int       `json:"knowledge"` // knowledge limit
	Muscle    int       `json:"muscle"`    // muscle limit
	Advantage Advantage `json:"advantage"`
}

// Ability is a shadow ability card.
type Ability struct {
	Key     string `json:"key"` // glimpse | twist | veil | insight | step
	Name    string `json:"name"`
	Text    string `json:"text"`
	Shadow  int    `json:"shadow"` // shadow tokens gained by a use
	N       int    `json:"n,omitempty"`
	Variant bool   `json:"variant,omitempty"` // only in the 5-player variant
}

// Rando is a Randonomicon card.
type Rando struct {
	Key     string `json:"key"`
	Name    string `json:"name,omitempty"`
	Elder   string `json:"elder,omitempty"` // only in the deck when this elder says so
	Success bool   `json:"success"`
	Qty     int    `json:"qty"`
	Text    string `json:"text,omitempty"`
	Effect  []Op   `json:"effect,omitempty"` // applied when drawn (then it is shuffled back)
}

// Face is a card face with a text and an effect.
type Face struct {
	Text   string `json:"text"`
	Effect []Op   `json:"effect"`
}

// Final is an elder's final banish.
type Final struct {
	Text      string `json:"text"`
	Knowledge int    `json:"knowledge"`
	MaxShadow *int   `json:"maxShadow,omitempty"` // the payer may hold at most this many shadow tokens
	Draw      bool   `json:"draw,omitempty"`      // draw first: FAILURE foils the attempt
}

// Elder is one elder: its tall card's rule, its Awakening and Stirring faces and its Final.
type Elder struct {
	Key          string   `json:"key"`
	Name         string   `json:"name"`
	Recommended  bool     `json:"recommended,omitempty"`
	Rule         string   `json:"rule"`
	BanishShadow int      `json:"banishShadow,omitempty"`
	MadnessLoss  int      `json:"madnessLoss,omitempty"`
	Randonomicon []string `json:"randonomicon,omitempty"`
	Awakening    Face     `json:"awakening"`
	Stirring     *Face    `json:"stirring,omitempty"`
	Final        Final    `json:"final"`
}

// ArkhamFace is a threat's Arkham face.
type ArkhamFace struct {
	Name   string `json:"name"`
	Limit  int    `json:"limit"`
	Text   string `json:"text"`
	Effect []Op   `json:"effect"`
}

// ShadowFace is a threat's shadow face: an ongoing Rule (with its number N) while it is the
// current, viewed shadow, and OnBanish ops.
type ShadowFace struct {
	Name     string `json:"name"`
	Text     string `json:"text"`
	Rule     string `json:"rule,omitempty"`
	N        int    `json:"n,omitempty"`
	OnBanish []Op   `json:"onBanish,omitempty"`
}

// Threat is a double-faced threat card.
type Threat struct {
	Level  int        `json:"level"`
	Arkham ArkhamFace `json:"arkham"`
	Shadow ShadowFace `json:"shadow"`
}

// Asset is an asset card.
type Asset struct {
	Key      string `json:"key"`
	Name     string `json:"name"`
	Location string `json:"location"`
	Cost     int    `json:"cost"`
	Effect   string `json:"effect"`
	N        int    `json:"n,omitempty"`
	Text     string `json:"text"`
}

// Content is every designed card and knob.
type Content struct {
	Knobs      Knobs
	Characters []Character
	Abilities  []Ability
	Rando      []Rando
	Elders     []Elder
	Threats    []Threat
	Assets     []Asset
}

// The embedded, validated set the engine plays with, decoded the first time a Shadows game
// (or its lobby, bots or card words) needs it rather than when the package loads: decoding it
// cost every page's start ~35 ms in wasm, and most pages never show Ring of Shadows (issue 11).
var (
	contentOnce sync.Once
	content     *Content
)

// cards returns the content the engine plays with, loading it on first use.
func cards() *Content {
	contentOnce.Do(func() { content = mustLoad() })
	return content
}

// Cards returns the content the engine plays with (shared: do not modify).
func Cards() *Content { return cards() }

func mustLoad() *Content {
	c, err := Load(func(name string) ([]byte, error) { return dataFS.ReadFile("data/" + name) })
	if err != nil {
		panic("shadows: embedded data: " + err.Error()) // a build-time defect, caught by every test
	}
	return c
}

// Load reads and validates a content set through read (file name → bytes).
func Load(read func(name string) ([]byte, error)) (*Content, error) {
	c := &Content{}
	for _, f := range []struct {
		name string
		v    any
	}{{"knobs.json", &c.Knobs}, {"characters.json", &c.Characters}, {"abilities.json", &c.Abilities},
		{"randonomicon.json", &c.Rando}, {"elders.json", &c.Elders}, {"threats.json", &c.Threats}, {"assets.json", &c.Assets}} {
		b, err := read(f.name)
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(f.v); err != nil {
			return nil, fmt.Errorf("%s: %v", f.name, err)
		}
	}
	return c, c.validate()
}

func locIndex(key string) int {
	for i, l := range Locations {
		if l == key {
			return i
		}
	}
	return -1
}

var (
	advantages = map[string]bool{"scholar": true, "on_the_force": true, "lucky": true, "deep_pockets": true, "attuned": true}
	abilityKey = map[string]bool{"glimpse": true, "twist": true, "veil": true, "insight": true, "step": true}
	assetFx    = map[string]bool{"research_bonus": true, "knowledge_limit": true, "discard_token": true, "discard_clear": true,
		"redraw": true, "discard_heal": true, "medium": true, "buysell_bonus": true, "free_move": true, "escort": true,
		"start_clear": true, "report_bonus": true, "withdraw_bonus": true, "start_bills": true, "free_share": true}
	shadowRules = map[string]bool{"": true, "heal_amount": true, "move_shadow": true, "move_bill": true, "withdraw_bonus": true,
		"heal_per_turn": true, "clear_cost": true, "no_share": true, "hire_extra": true, "research_check": true,
		"draw_lower": true, "report_cost": true, "check_fail_at": true, "heal_cost": true, "no_abilities": true, "start_draw": true}
	whoKeys = map[string]bool{"all": true, "marker": true, "bearer": true, "active": true, "banisher": true, "crowded": true}
	atKeys  = map[string]bool{"bearer": true, "active": true, "corrupt": true, "occupied": true, "least": true}
)

func validOps(ops []Op) error {
	for _, o := range ops {
		switch o.Op {
		case "corrupt":
			if locIndex(o.At) < 0 && !atKeys[o.At] {
				return fmt.Errorf("corrupt at %q", o.At)
			}
			if o.At == "least" && (o.Count < 1 || o.Count > NumLocations) {
				return fmt.Errorf("corrupt least needs a count")
			}
			if (o.N < 1) == !o.Qty {
				return fmt.Errorf("corrupt needs n>0 or qty")
			}
		case "madness", "shadow", "heal", "bills":
			if !whoKeys[o.Who] && !(len(o.Who) > 3 && o.Who[:3] == "at:" && locIndex(o.Who[3:]) >= 0) {
				return fmt.Errorf("%s who %q", o.Op, o.Who)
			}
			if o.N == 0 || (o.N < 0 && o.Op != "bills") {
				return fmt.Errorf("%s n %d", o.Op, o.N)
			}
		case "discard_asset":
		case "draw":
			if len(o.Success)+len(o.Fail)+len(o.Any) == 0 {
				return fmt.Errorf("draw with no outcome")
			}
		default:
			return fmt.Errorf("unknown op %q", o.Op)
		}
		for _, sub := range [][]Op{o.Success, o.Fail, o.Any, o.Else} {
			if err := validOps(sub); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *Content) validate() error {
	k := c.Knobs
	for n := MinSeats; n <= MaxSeats; n++ {
		s := strconv.Itoa(n)
		if k.Actions[s] < 1 || k.Actions[s] > 8 {
			return fmt.Errorf("knobs: actions for %d characters", n)
		}
		if k.StartCorruption[s] < 0 || k.StartCorruption[s] > NumLocations {
			return fmt.Errorf("knobs: starting corruption for %d characters", n)
		}
	}
	for _, l := range LengthChoices {
		if t := k.ThreatsPerLevel[l]; t < 1 || t > 6 {
			return fmt.Errorf("knobs: threats per level for %s", l)
		}
	}
	if len(k.BanishCost) != 4 || k.MadnessCap < 1 || k.MadnessCap > 10 || k.CorruptionCap < 1 || k.CorruptionCap > 10 ||
		k.MadnessLoss < 1 || k.MadnessLoss > k.MadnessCap || k.CorruptionLoss > k.CorruptionCap || k.CorruptionLoss < 1 ||
		k.ShadowCap < 1 || k.ShadowCap > 3 || k.BillsLimit < 1 || k.AssetRow < 1 || k.AssetRow > 3 || k.AssetCarry < 1 ||
		k.HealCost < 0 || k.HealAmount < 1 || k.StartBills < 0 || k.StartKnowledge < 0 || k.StartMuscle < 0 {
		return fmt.Errorf("knobs: a value is out of range")
	}
	if len(c.Characters) != 5 {
		return fmt.Errorf("characters: want 5, have %d", len(c.Characters))
	}
	seen := map[string]bool{}
	for _, ch := range c.Characters {
		if seen[ch.Key] || !advantages[ch.Advantage.Key] || ch.Knowledge < 1 || ch.Muscle < 1 {
			return fmt.Errorf("character %q", ch.Key)
		}
		seen[ch.Key] = true
	}
	std := 0
	for _, a := range c.Abilities {
		if seen[a.Key] || !abilityKey[a.Key] || a.Shadow < 0 || a.Shadow > k.ShadowCap {
			return fmt.Errorf("ability %q", a.Key)
		}
		seen[a.Key] = true
		if !a.Variant {
			std++
		}
	}
	if std != 4 || len(c.Abilities) != 5 {
		return fmt.Errorf("abilities: want 4 and 1 variant")
	}
	base := 0
	for _, r := range c.Rando {
		if seen[r.Key] || r.Qty < 0 || r.Qty > 3 {
			return fmt.Errorf("randonomicon %q", r.Key)
		}
		seen[r.Key] = true
		if r.Elder == "" {
			base++
		}
		if err := validOps(r.Effect); err != nil {
			return fmt.Errorf("randonomicon %q: %v", r.Key, err)
		}
	}
	if base != 10 || len(c.Rando) > maxRando {
		return fmt.Errorf("randonomicon: want 10 base cards")
	}
	if len(c.Elders) != 4 {
		return fmt.Errorf("elders: want 4")
	}
	for _, e := range c.Elders {
		if seen[e.Key] || e.Final.Knowledge < 1 {
			return fmt.Errorf("elder %q", e.Key)
		}
		seen[e.Key] = true
		for _, r := range e.Randonomicon {
			if c.randoIndex(r) < 0 || c.Rando[c.randoIndex(r)].Elder != e.Key {
				return fmt.Errorf("elder %q: randonomicon card %q", e.Key, r)
			}
		}
		if err := validOps(e.Awakening.Effect); err != nil {
			return fmt.Errorf("elder %q: %v", e.Key, err)
		}
		if e.Stirring != nil {
			if err := validOps(e.Stirring.Effect); err != nil {
				return fmt.Errorf("elder %q: %v", e.Key, err)
			}
		}
	}
	var perLevel [4]int
	for i, t := range c.Threats {
		if t.Level < 1 || t.Level > 3 || t.Arkham.Limit < 1 || t.Arkham.Limit > 3 || !shadowRules[t.Shadow.Rule] {
			return fmt.Errorf("threat %d (%s)", i+1, t.Arkham.Name)
		}
		perLevel[t.Level]++
		if err := validOps(t.Arkham.Effect); err != nil {
			return fmt.Errorf("threat %d: %v", i+1, err)
		}
		if err := validOps(t.Shadow.OnBanish); err != nil {
			return fmt.Errorf("threat %d: %v", i+1, err)
		}
	}
	for l := 1; l <= 3; l++ {
		if perLevel[l] != 6 {
			return fmt.Errorf("threats: want 6 of level %d", l)
		}
		if k.BanishCost[l] < 0 {
			return fmt.Errorf("knobs: banish cost")
		}
	}
	var perLoc [NumLocations]int
	for _, a := range c.Assets {
		li := locIndex(a.Location)
		if seen[a.Key] || li < 0 || a.Cost < 1 || !assetFx[a.Effect] {
			return fmt.Errorf("asset %q", a.Key)
		}
		seen[a.Key] = true
		perLoc[li]++
	}
	for _, n := range perLoc {
		if n != 3 {
			return fmt.Errorf("assets: want 3 per location")
		}
	}
	return nil
}

func (c *Content) randoIndex(key string) int {
	for i, r := range c.Rando {
		if r.Key == key {
			return i
		}
	}
	return -1
}

func (c *Content) elderIndex(key string) int {
	for i, e := range c.Elders {
		if e.Key == key {
			return i
		}
	}
	return -1
}

func (c *Content) charIndex(key string) int {
	for i, ch := range c.Characters {
		if ch.Key == key {
			return i
		}
	}
	return -1
}

func (c *Content) assetIndex(key string) int {
	for i, a := range c.Assets {
		if a.Key == key {
			return i
		}
	}
	return -1
}
