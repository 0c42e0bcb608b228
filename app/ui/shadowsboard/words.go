package shadowsboard

import (
	"strconv"
	"strings"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/shadows"
)

// Card names and texts are the engine's data, worded in the reader's language by cur
// (cardwords.go); everything around them is in the catalog.

func character(key string) *shadows.Character {
	for i := range cur().Characters {
		if cur().Characters[i].Key == key {
			return &cur().Characters[i]
		}
	}
	return nil
}

func asset(key string) *shadows.Asset {
	for i := range cur().Assets {
		if cur().Assets[i].Key == key {
			return &cur().Assets[i]
		}
	}
	return nil
}

// assetByID reads a move's Card: asset index + 1.
func assetByID(id int) *shadows.Asset {
	if id < 1 || id > len(cur().Assets) {
		return nil
	}
	return &cur().Assets[id-1]
}

func ability(key string) *shadows.Ability {
	for i := range cur().Abilities {
		if cur().Abilities[i].Key == key {
			return &cur().Abilities[i]
		}
	}
	return nil
}

func rando(key string) *shadows.Rando {
	for i := range cur().Rando {
		if cur().Rando[i].Key == key {
			return &cur().Rando[i]
		}
	}
	return nil
}

// threat reads a threat number (1-based, data order); nil for the elder or an unknown card.
func threat(n int) *shadows.Threat {
	if n < 1 || n > len(cur().Threats) {
		return nil
	}
	return &cur().Threats[n-1]
}

// LocName is a location's name on the board.
func LocName(key string) string { return i18n.T("sh.loc." + key) }

// Names words seats for one viewer: characters by their card, players by the roster.
type Names struct {
	Players []string // by seat: who plays it
	Chars   []string // by seat: the character key ("" before choosing)
}

// Char is a seat's character name, or "Seat N" before it has one.
func (n Names) Char(s engine.Seat) string {
	if int(s) >= 0 && int(s) < len(n.Chars) {
		if c := character(n.Chars[s]); c != nil {
			return c.Name
		}
	}
	return i18n.T("sh.seat_n", int(s)+1)
}

// Player is who plays seat s.
func (n Names) Player(s engine.Seat) string {
	if int(s) >= 0 && int(s) < len(n.Players) && n.Players[s] != "" {
		return n.Players[s]
	}
	return i18n.T("sh.seat_n", int(s)+1)
}

// MoveLabel names a move and what it costs: every button says its price before it is pressed.
func (n Names) MoveLabel(m engine.Move, v *shadows.View) string {
	act := i18n.T("sh.cost.action")
	free := i18n.T("sh.cost.free")
	// The price comes from the rules (shadows.CostInView: shadows and advantages change it);
	// the base numbers below stand in only where the view cannot rebuild a game.
	price, priced := shadows.Cost{}, false
	if v != nil {
		price, priced = shadows.CostInView(v, m)
	}
	with := func(what, cost string) string {
		if priced {
			cost = PriceText(m.Kind, price)
		}
		return i18n.T("sh.move.with_cost", what, cost)
	}
	switch m.Kind {
	case shadows.MoveCharacter:
		if c := character(m.Option); c != nil {
			return i18n.T("sh.move.character", c.Name, c.Title)
		}
	case shadows.MoveRing:
		return i18n.T("sh.move.ring", n.Char(m.To))
	case shadows.MoveEnd:
		if v != nil && v.ActionsLeft > 0 {
			return i18n.T("sh.move.end_left", v.ActionsLeft)
		}
		return i18n.T("sh.move.end")
	case shadows.MoveMove:
		return with(i18n.T("sh.move.move", LocName(m.Option)), act)
	case shadows.MoveDrive:
		return with(i18n.T("sh.move.drive", LocName(m.Option)), free)
	case shadows.MoveHeal:
		return with(i18n.T("sh.move.heal"), act+i18n.T("app.list_sep")+i18n.T("sh.cost.knowledge", cur().Knobs.HealCost))
	case shadows.MoveClear:
		return with(i18n.T("sh.move.clear", m.N), act+i18n.T("app.list_sep")+i18n.T("sh.cost.muscle", m.N))
	case shadows.MoveShare, shadows.MoveRetainer:
		what := ""
		if m.Option == shadows.ShareAsset {
			if a := assetByID(m.Card); a != nil {
				what = i18n.T("sh.move.give_asset", a.Name, n.Char(m.To))
			}
		} else {
			what = i18n.T("sh.move.give", i18n.T("sh.cost."+m.Option, m.N), n.Char(m.To))
		}
		if m.Kind == shadows.MoveRetainer {
			return i18n.T("sh.move.with_cost", what, free+" · "+i18n.T("sh.move.retainer"))
		}
		return with(what, act)
	case shadows.MovePassRing:
		return with(i18n.T("sh.move.passring", n.Char(m.To)), act)
	case shadows.MoveView:
		if m.Option == shadows.ViewMedium {
			return with(i18n.T("sh.move.view_medium"), act+i18n.T("app.list_sep")+i18n.T("sh.cost.madness", 1))
		}
		return with(i18n.T("sh.move.view"), act)
	case shadows.MoveAbility:
		name, gain := "", 0
		if v != nil && int(m.Seat) < len(v.Characters) {
			if a := ability(v.Characters[m.Seat].Ability); a != nil {
				name, gain = a.Name, a.Shadow
			}
		}
		what := i18n.T("sh.move.ability", name)
		if m.Option != "" {
			what = i18n.T("sh.move.step", name, n.Char(m.To), LocName(m.Option))
		}
		return with(what, free+i18n.T("app.list_sep")+i18n.T("sh.cost.shadow", gain))
	case shadows.MoveUse:
		if a := assetByID(m.Card); a != nil {
			return with(i18n.T("sh.move.use", a.Name), free+i18n.T("app.list_sep")+i18n.T("sh.cost.discard"))
		}
	case shadows.MoveResearch:
		return with(i18n.T("sh.move.research"), act)
	case shadows.MoveHire:
		return with(i18n.T("sh.move.hire", m.N), act+i18n.T("app.list_sep")+i18n.T("sh.cost.bills", m.N))
	case shadows.MoveBuySell:
		if m.Option == shadows.BuyKnowledge {
			return with(i18n.T("sh.move.buy"), act+i18n.T("app.list_sep")+i18n.T("sh.cost.bills", 1))
		}
		return with(i18n.T("sh.move.sell"), act+i18n.T("app.list_sep")+i18n.T("sh.cost.knowledge", 1))
	case shadows.MoveReport:
		return with(i18n.T("sh.move.report"), act+i18n.T("app.list_sep")+i18n.T("sh.cost.knowledge", 1))
	case shadows.MoveWithdraw:
		return with(i18n.T("sh.move.withdraw"), act)
	case shadows.MoveAcquire:
		if a := assetByID(m.Card); a != nil {
			return with(i18n.T("sh.move.acquire", a.Name), act+i18n.T("app.list_sep")+i18n.T("sh.cost.bills", a.Cost))
		}
	case shadows.MoveBanish:
		cost := 0
		if v != nil && v.Threat != nil {
			cost = v.Threat.Cost
		}
		return with(i18n.T("sh.move.banish"), i18n.T("sh.cost.knowledge", cost))
	case shadows.MoveLeave:
		return i18n.T("sh.move.leave")
	}
	return m.Kind
}

// PriceText words a move's price: whether it spends an action (a banish never does, and says
// only its knowledge), then what it takes.
func PriceText(kind string, c shadows.Cost) string {
	sep := i18n.T("app.list_sep")
	var parts []string
	if kind != shadows.MoveBanish {
		if c.Action {
			parts = append(parts, i18n.T("sh.cost.action"))
		} else {
			parts = append(parts, i18n.T("sh.cost.free"))
		}
	}
	if c.Knowledge > 0 || kind == shadows.MoveBanish {
		parts = append(parts, i18n.T("sh.cost.knowledge", c.Knowledge))
	}
	if c.Bills > 0 {
		parts = append(parts, i18n.T("sh.cost.bills", c.Bills))
	}
	if c.Muscle > 0 {
		parts = append(parts, i18n.T("sh.cost.muscle", c.Muscle))
	}
	if c.Madness > 0 {
		parts = append(parts, i18n.T("sh.cost.madness", c.Madness))
	}
	if c.Shadow > 0 || kind == shadows.MoveAbility {
		parts = append(parts, i18n.T("sh.cost.shadow", c.Shadow))
	}
	if c.Discard {
		parts = append(parts, i18n.T("sh.cost.discard"))
	}
	return strings.Join(parts, sep)
}

// threatName names a log event's threat card ("" unknown); -1 is the elder.
func threatName(card string, v *shadows.View, shadow bool) string {
	n, err := strconv.Atoi(card)
	if err != nil {
		return ""
	}
	if n < 0 && v.Elder != nil {
		return v.Elder.Name
	}
	if t := threat(n); t != nil {
		if shadow {
			return t.Shadow.Name
		}
		return t.Arkham.Name
	}
	return ""
}

// LogLine tells one event in a sentence.
func (n Names) LogLine(e shadows.Event, v *shadows.View) string {
	who := n.Char(e.Seat)
	elder := ""
	if v.Elder != nil {
		elder = v.Elder.Name
	}
	switch e.Kind {
	case shadows.EventSetup:
		return i18n.T("sh.log.setup", e.N, elder)
	case shadows.EventAwakening:
		return i18n.T("sh.log.awakening", elder, v.Elder.Awakening)
	case shadows.EventStirring:
		return i18n.T("sh.log.stirring", elder, v.Elder.Stirring)
	case shadows.EventCycle:
		return i18n.T("sh.log.cycle", threatName(e.Card, v, false))
	case shadows.EventTurn:
		return i18n.T("sh.log.turn", who, n.Player(e.Seat))
	case shadows.EventThreat:
		text := ""
		if num, err := strconv.Atoi(e.Card); err == nil && threat(num) != nil {
			text = threat(num).Arkham.Text
		}
		return i18n.T("sh.log.threat", threatName(e.Card, v, false), e.N, text)
	case shadows.EventThreatLimit:
		return i18n.T("sh.log.threat_limit", threatName(e.Card, v, false))
	case shadows.EventDraw:
		r := rando(e.Card)
		if r == nil {
			return i18n.T("sh.log.draw_other", who)
		}
		res := i18n.T("sh.fail")
		if r.Success {
			res = i18n.T("sh.success")
		}
		return i18n.T("sh.log.draw", who, res, r.Qty)
	case shadows.EventReshuffle:
		return i18n.T("sh.log.reshuffle", e.N)
	case shadows.EventCorruption:
		return i18n.T("sh.log.corruption", e.N, LocName(e.Location))
	case shadows.EventFoiled:
		return i18n.T("sh.log.foiled", who, LocName(e.Location))
	case shadows.EventAutoFail:
		return i18n.T("sh.log.auto_fail", who)
	case shadows.EventEscort:
		return i18n.T("sh.log.escort", who)
	case shadows.EventView:
		if name := threatName(e.Card, v, true); name != "" {
			return i18n.T("sh.log.view", who, name)
		}
		return i18n.T("sh.log.view_unnamed", who) // what was seen is not this page's to know
	case shadows.EventBanish:
		return i18n.T("sh.log.banish", who, threatName(e.Card, v, true))
	case shadows.EventBanishFailed:
		return i18n.T("sh.log.banish_failed", who)
	case shadows.EventLeave:
		return i18n.T("sh.log.leave", who)
	case shadows.EventAbility:
		name := e.Card
		if a := ability(e.Card); a != nil {
			name = a.Name
		}
		if name == "" {
			return i18n.T("sh.log.ability_unnamed", who)
		}
		return i18n.T("sh.log.ability", who, name)
	case shadows.EventDiscardAsset:
		name := e.Card
		if a := asset(e.Card); a != nil {
			name = a.Name
		}
		return i18n.T("sh.log.discard_asset", name)
	case shadows.EventEndTurn:
		return i18n.T("sh.log.end_turn", who)
	case shadows.EventEnd:
		return i18n.T("sh.log.end", i18n.T(e.Card))
	case shadows.EventMove, shadows.EventDrive:
		return i18n.T("sh.log.move", who, LocName(e.Card))
	case shadows.EventClear:
		return i18n.T("sh.log.clear", who, e.N, LocName(e.Location))
	case shadows.EventShare, shadows.EventRetainer:
		if e.Card == shadows.ShareAsset {
			return i18n.T("sh.log.share_asset", who)
		}
		return i18n.T("sh.log.share", who, i18n.T("sh.cost."+e.Card, e.N))
	}
	if e.Location != "" {
		return i18n.T("sh.log.act_at", who, i18n.T("sh.act."+string(e.Kind)), LocName(e.Location))
	}
	return i18n.T("sh.log.act", who, i18n.T("sh.act."+string(e.Kind)))
}

// threatKinds are the events the threat itself causes, told in the "what the threat did" panel.
var threatKinds = map[shadows.EventKind]bool{shadows.EventSetup: true, shadows.EventAwakening: true,
	shadows.EventStirring: true, shadows.EventCycle: true, shadows.EventThreat: true, shadows.EventThreatLimit: true,
	shadows.EventCorruption: true, shadows.EventReshuffle: true, shadows.EventDiscardAsset: true, shadows.EventEnd: true}
