package shadows

import (
	"miskatonic/engine"
)

// View is what one seat may know. Ring of Shadows is co-operative and almost everything is on the
// table, so every seat's view is the public view with its own seat number. What no view holds is
// what nobody knows: the order of the threat deck, an unviewed shadow, the asset and Randonomicon
// deck order (the engine does not even decide those until a deal reveals them).
type View struct {
	Game    string      `json:"game"` // "shadows"
	Seat    engine.Seat `json:"seat"`
	Options Options     `json:"options"`
	Seats   int         `json:"seats"`
	Variant bool        `json:"variant"` // the unofficial 5-character variant
	Phase   string      `json:"phase"`
	Round   int         `json:"round"`
	Turn    int         `json:"turn"`
	Active  engine.Seat `json:"active"`
	ToMove  engine.Seat `json:"toMove"` // engine.Dealer while a deal is due, -1 once over
	Marker  engine.Seat `json:"marker"` // Threat Start Marker holder
	Ring    engine.Seat `json:"ring"`   // Ring bearer
	// RingSuggestion is the character the app suggests for the Ring (highest knowledge limit),
	// during the ring phase; -1 otherwise.
	RingSuggestion engine.Seat `json:"ringSuggestion"`
	ActionsLeft    int         `json:"actionsLeft"`
	// Used lists this turn's once-per-turn uses: ability, lucky, marked, escort, library,
	// medium, drive, retainer, veil, heal (healed at least once).
	Used       []string        `json:"used"`
	Elder      *ElderView      `json:"elder"` // null until known (a random elder before setup)
	Characters []CharView      `json:"characters"`
	Corruption []int           `json:"corruption"` // per location, board order
	Limits     LimitsView      `json:"limits"`
	Threat     *ThreatView     `json:"threat"`   // null before setup
	AssetRow   []string        `json:"assetRow"` // asset keys face up; "" is an empty space
	AssetDeck  int             `json:"assetDeck"`
	Rando      RandoView       `json:"randonomicon"`
	Pending    *engine.Move    `json:"pending"` // the move waiting for the Dealer
	Log        []Event         `json:"log"`     // the latest events, oldest first
	Outcome    *engine.Outcome `json:"outcome"`
}

// LimitsView are the lose thresholds in force.
type LimitsView struct {
	MadnessLoss    int `json:"madnessLoss"`
	CorruptionLoss int `json:"corruptionLoss"`
	ShadowCap      int `json:"shadowCap"`
	MadnessCap     int `json:"madnessCap"`
}

// ElderView is the chosen elder's tall card.
type ElderView struct {
	Key       string `json:"key"`
	Name      string `json:"name"`
	Rule      string `json:"rule"`
	Awakening string `json:"awakening"`
	Stirring  string `json:"stirring"`
	Final     string `json:"final"`
	Stirred   bool   `json:"stirred"`
	// The Final's terms: knowledge to pay, the most shadow tokens the payer may hold (-1: any)
	// and whether a Randonomicon draw comes first.
	FinalKnowledge int  `json:"finalKnowledge"`
	FinalMaxShadow int  `json:"finalMaxShadow"`
	FinalDraw      bool `json:"finalDraw"`
}

// CharView is one character seat.
type CharView struct {
	Seat           engine.Seat `json:"seat"`
	Character      string      `json:"character"` // "" before choosing
	Location       string      `json:"location"`
	Bills          int         `json:"bills"`
	Knowledge      int         `json:"knowledge"`
	Muscle         int         `json:"muscle"`
	Madness        int         `json:"madness"`
	Shadow         int         `json:"shadow"`
	BillsLimit     int         `json:"billsLimit"`
	KnowledgeLimit int         `json:"knowledgeLimit"`
	MuscleLimit    int         `json:"muscleLimit"`
	Assets         []string    `json:"assets"`
	Ability        string      `json:"ability"` // "" before setup
}

// ThreatView is the threat deck as the table sees it.
type ThreatView struct {
	Top      int    `json:"top"` // threat number (1-based, data order) of the current Arkham threat; 0 for the elder
	TopLevel int    `json:"topLevel"`
	Tokens   int    `json:"tokens"`
	Limit    int    `json:"limit"`
	Shadow   int    `json:"shadow"` // threat number of the current shadow once viewed, 0 unknown, -1 the elder's Final
	Level    int    `json:"shadowLevel"`
	Known    bool   `json:"known"`
	Cost     int    `json:"cost"` // knowledge to banish it
	DeckSize int    `json:"deckSize"`
	Left     int    `json:"left"`       // shadows still to banish, the elder's included
	TopName  string `json:"topName"`    // Arkham face name
	ShadowNm string `json:"shadowName"` // shadow face name once viewed
}

// RandoView is the Randonomicon: its size and its face-up discards.
type RandoView struct {
	Deck    int      `json:"deck"`
	Discard []string `json:"discard"`
}

// Event is one log entry, of a kind in Vocabulary (vocab.go). Card is a key or threat number.
type Event struct {
	Kind     EventKind   `json:"kind"`
	Seat     engine.Seat `json:"seat"`
	Location string      `json:"location,omitempty"`
	N        int         `json:"n,omitempty"`
	Card     string      `json:"card,omitempty"`
}

// View returns what s may know now.
func (g *Game) View(s engine.Seat) engine.View { return g.ViewOf(s) }

// ViewOf is View with its concrete type.
func (g *Game) ViewOf(s engine.Seat) *View { return g.viewOf(s, true) }

// PlayoutView is ViewOf without the log: what a bot's playout policy reads, built cheaply.
func (g *Game) PlayoutView(s engine.Seat) *View { return g.viewOf(s, false) }

func (g *Game) viewOf(s engine.Seat, withLog bool) *View {
	if !s.Valid(int(g.seats)) {
		s = engine.Observer
	}
	k := g.knobs()
	set := g.phase >= phAction
	v := &View{Game: "shadows", Seat: s, Options: g.opts, Seats: int(g.seats), Variant: g.seats == VariantSeats,
		Phase: phaseNames[g.phase], Round: int(g.round), Turn: int(g.turn), Active: -1, ToMove: engine.Observer,
		Marker: -1, Ring: -1, RingSuggestion: -1, Used: []string{}, Characters: []CharView{},
		Corruption: make([]int, NumLocations), AssetRow: []string{}, Rando: RandoView{Discard: []string{}}, Log: []Event{}}
	if m, ok := g.Mover(); ok {
		v.ToMove = m
	}
	if g.waiting {
		v.Phase = PhaseDeal
		p := g.pending
		v.Pending = &p
	}
	if g.elder >= 0 && (set || g.opts.Elder != "random") {
		e := g.elderCard()
		v.Elder = &ElderView{Key: e.Key, Name: e.Name, Rule: e.Rule, Awakening: e.Awakening.Text, Final: e.Final.Text, Stirred: g.stirred}
		if e.Stirring != nil {
			v.Elder.Stirring = e.Stirring.Text
		}
		v.Elder.FinalKnowledge, v.Elder.FinalMaxShadow, v.Elder.FinalDraw = e.Final.Knowledge, -1, e.Final.Draw
		if e.Final.MaxShadow != nil {
			v.Elder.FinalMaxShadow = *e.Final.MaxShadow
		}
	}
	v.Limits = LimitsView{MadnessLoss: k.MadnessLoss, CorruptionLoss: k.CorruptionLoss, ShadowCap: k.ShadowCap, MadnessCap: k.MadnessCap}
	if v.Elder != nil {
		v.Limits.MadnessLoss = int(g.madnessLoss())
	}
	if g.phase == phRing {
		best := int8(0)
		for t := int8(1); t < g.seats; t++ {
			if g.knowLimit(t) > g.knowLimit(best) {
				best = t
			}
		}
		v.RingSuggestion = engine.Seat(best)
	}
	for t := int8(0); t < g.seats; t++ {
		c := &g.chars[t]
		cv := CharView{Seat: engine.Seat(t), Assets: []string{}}
		if c.char >= 0 {
			cv.Character = cards().Characters[c.char].Key
			cv.KnowledgeLimit, cv.MuscleLimit, cv.BillsLimit = int(g.knowLimit(t)), int(g.muscLimit(t)), int(g.billLimit())
		}
		if set {
			cv.Location = Locations[c.loc]
			cv.Bills, cv.Knowledge, cv.Muscle, cv.Madness, cv.Shadow = int(c.bills), int(c.know), int(c.musc), int(c.mad), int(c.shadow)
			cv.Ability = cards().Abilities[c.ability].Key
			for _, a := range g.carried(t) {
				cv.Assets = append(cv.Assets, cards().Assets[a].Key)
			}
		}
		v.Characters = append(v.Characters, cv)
	}
	if !set {
		return v
	}
	v.Active, v.Marker, v.Ring = engine.Seat(g.active), engine.Seat(g.marker), engine.Seat(g.ring)
	if g.phase == phAction || g.phase == phShadow {
		v.ActionsLeft = int(g.flags.actions)
		f := g.flags
		for i, u := range []bool{f.ability, f.lucky, f.marked, f.escort, f.library, f.medium, f.drive, f.retainer, f.veil, f.heals > 0} {
			if u {
				v.Used = append(v.Used, usedNames[i])
			}
		}
	}
	for l, n := range g.corruption {
		v.Corruption[l] = int(n)
	}
	top, bot := g.deck[0], g.deck[g.deckN-1]
	tv := &ThreatView{TopLevel: int(top.level), Tokens: int(g.tokens), Limit: int(g.topLimit()), Level: int(bot.level),
		Known: g.known, Cost: int(g.banishCost()), DeckSize: int(g.deckN), Left: g.shadowsLeft()}
	if top.card > 0 {
		tv.Top = int(top.card)
		tv.TopName = cards().Threats[top.card-1].Arkham.Name
	}
	if g.known {
		tv.Shadow = int(bot.card)
		if bot.card > 0 {
			tv.ShadowNm = cards().Threats[bot.card-1].Shadow.Name
		} else {
			tv.ShadowNm = g.elderCard().Name
		}
	}
	v.Threat = tv
	for _, r := range g.row[:k.AssetRow] {
		key := ""
		if r > 0 {
			key = cards().Assets[r-1].Key
		}
		v.AssetRow = append(v.AssetRow, key)
	}
	for _, out := range g.assetOut {
		if !out {
			v.AssetDeck++
		}
	}
	for i, n := range g.randoDeck {
		v.Rando.Deck += int(n)
		for j := int8(0); j < g.randoDisc[i]; j++ {
			v.Rando.Discard = append(v.Rando.Discard, cards().Rando[i].Key)
		}
	}
	from := max(int(g.nLog)-logSize, 0)
	if !withLog {
		from = int(g.nLog)
	}
	for i := from; i < int(g.nLog); i++ {
		e := g.log[i%logSize]
		ev := Event{Kind: e.kind, Seat: engine.Seat(e.seat), N: int(e.n), Card: e.card}
		if e.loc >= 0 {
			ev.Location = Locations[e.loc]
		}
		v.Log = append(v.Log, ev)
	}
	if g.phase == phOver {
		v.Outcome = g.outcome()
	}
	return v
}

var usedNames = [...]string{"ability", "lucky", "marked", "escort", "library", "medium", "drive", "retainer", "veil", "heal"}

// shadowsLeft counts the shadows still to banish, the elder's Final included.
func (g *Game) shadowsLeft() int {
	// The elder card is faced last; every slot from the bottom up to it is still to come.
	for i := int(g.deckN) - 1; i >= 0; i-- {
		if g.deck[i].card < 0 {
			return int(g.deckN) - i
		}
	}
	return 0
}

// DecodeView reads a view back from its JSON.
func (Rules) DecodeView(data []byte) (engine.View, error) {
	return engine.DecodeView[View](data, "shadows: view")
}
