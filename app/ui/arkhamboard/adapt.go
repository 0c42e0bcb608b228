package arkhamboard

import (
	"strings"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// Roster is what the table knows about the people in the seats (the view has only numbers).
type Roster struct {
	Names   []string // by seat; dummies are named here
	Bots    []bool
	Offline []bool
}

func (r Roster) name(s engine.Seat, players int) string {
	if int(s) >= players {
		return i18n.T("ark.dummy", int(s)-players+1)
	}
	if int(s) >= 0 && int(s) < len(r.Names) && r.Names[s] != "" {
		return r.Names[s]
	}
	return i18n.T("ark.seat_n", int(s)+1)
}

func flag(fs []bool, s engine.Seat) bool { return int(s) >= 0 && int(s) < len(fs) && fs[s] }

// cardOf turns an engine card into what the board draws. Artifacts share their type's art.
func cardOf(id arkham.CardID) *Card {
	if !id.Valid() {
		return nil
	}
	c := id.Card()
	key := c.Key
	if c.Kind == arkham.KindArtifact {
		key = c.Artifact
	}
	return &Card{ID: int(c.ID), Key: key, Kind: string(c.Kind), Cursed: c.Colour == arkham.Cursed}
}

// FromView builds one viewer's board from its view and legal moves. It only translates: every
// choice offered is one of legal, and every fact shown is in v.
func FromView(v *arkham.View, legal []engine.Move, r Roster) Board {
	me := v.Seat
	between := v.Phase == arkham.PhaseDeal || v.Phase == arkham.PhaseOver
	b := Board{Round: v.Round, Deck: v.DeckSize, Removed: v.Removed, DoomOn: v.Options.Doom == "on", Doom: v.Doom,
		Over: v.Phase == arkham.PhaseOver}
	name := func(s engine.Seat) string { return r.name(s, v.Players) }

	var last map[engine.Seat]arkham.ResultPosition
	if between && v.LastRound != nil {
		b.Reveal = true
		last = map[engine.Seat]arkham.ResultPosition{}
		for _, rp := range v.LastRound.Positions {
			last[rp.Seat] = rp
		}
	}
	for _, p := range v.Positions {
		s := Seat{Pos: int(p.Seat), Name: name(p.Seat), You: p.Seat == me, Dummy: p.Dummy,
			Bot: flag(r.Bots, p.Seat), Offline: flag(r.Offline, p.Seat), Sanity: p.Sanity,
			HandDown: p.HandOnTable, Card: cardOf(p.Card)}
		if !between {
			s.Active = p.Seat == v.Active
			s.Holding = v.Passing != nil && v.Passing.Holder == p.Seat && v.Phase == arkham.PhaseRespond
		}
		if rp, ok := last[p.Seat]; ok {
			s.Card = cardOf(rp.Card)
			f := fateOf(v, rp, name)
			s.Fate = &f
		}
		b.Seats = append(b.Seats, s)
	}
	if v.LastRound != nil {
		b.Result = resultOf(v, name)
	}

	// The drawn card, and the Orb or Trapezohedron peek: only ever the viewer's own knowledge.
	if v.Passing != nil && v.Phase == arkham.PhaseGive && v.Passing.Holder == me {
		b.Drawn = cardOf(v.Passing.Card)
	}
	if pk, how := lastPeek(v); pk != nil {
		b.Peek = pk
		b.PeekNote = i18n.T("ark.trap_peek")
		if how == arkham.SeenByOrb {
			b.PeekNote = i18n.T("ark.orb_peek")
		}
	}

	for i, t := range arkham.ArtifactTypes {
		pile := Pile{Key: t.Key, Cards: []Card{}}
		for _, id := range v.Discards.Artifacts[i] {
			pile.Cards = append(pile.Cards, *cardOf(id))
		}
		b.Piles = append(b.Piles, pile)
	}
	for _, id := range v.Discards.Other {
		b.Other = append(b.Other, *cardOf(id))
	}
	for _, e := range v.Log {
		b.Log = append(b.Log, eventText(e, name))
	}
	b.Prompt = promptOf(v, name)
	b.Actions = actionsOf(legal, me, name)
	if v.Outcome != nil {
		for _, w := range v.Outcome.Winners {
			b.Winners = append(b.Winners, name(w))
			b.YouWon = b.YouWon || w == me
		}
	}
	// The host may turn the deduction helper off for the whole table (a table option every
	// view carries, so guests follow it).
	if me >= 0 && !between && !v.Options.HelperOff() {
		o := OddsOf(v)
		b.Odds = &o
	}
	return b
}

// lastPeek is the newest card the viewer peeked with the Orb or Trapezohedron this turn that is
// still on top of the deck.
func lastPeek(v *arkham.View) (*Card, arkham.SeenHow) {
	for i := len(v.Seen) - 1; i >= 0; i-- {
		s := v.Seen[i]
		if s.Turn != v.Turn {
			break
		}
		if (s.How == arkham.SeenByOrb || s.How == arkham.SeenByTrapezohedron) && s.Where == arkham.PlaceDeck {
			return cardOf(s.Card), s.How
		}
	}
	return nil, ""
}

func promptOf(v *arkham.View, name func(engine.Seat) string) string {
	me, mover := v.Seat, v.ToMove
	switch v.Phase {
	case arkham.PhaseOver:
		return i18n.T("ark.game_over")
	case arkham.PhaseDeal:
		return i18n.T("ark.dealing")
	case arkham.PhaseGive:
		if mover == me {
			return i18n.T("ark.your_turn")
		}
		return i18n.T("ark.other_gives", name(mover))
	case arkham.PhaseRespond:
		if mover == me {
			from := v.Active
			if v.Passing != nil && len(v.Passing.Chain) >= 2 {
				from = v.Passing.Chain[len(v.Passing.Chain)-2]
			}
			return i18n.T("ark.follower_prompt", name(from))
		}
		return i18n.T("ark.other_responds", name(mover))
	case arkham.PhaseOrb:
		if mover == me {
			return i18n.T("ark.orb_prompt")
		}
		return i18n.T("ark.other_orb", name(mover))
	}
	return ""
}

func actionsOf(legal []engine.Move, me engine.Seat, name func(engine.Seat) string) []Action {
	var out []Action
	for _, m := range legal {
		if m.Seat != me {
			continue
		}
		a := Action{Move: m}
		switch m.Kind {
		case arkham.MoveGive:
			a.Label = i18n.T("ark.give_to", name(m.To))
		case arkham.MoveTake:
			a.Label, a.Help, a.Primary = i18n.T("ark.take"), i18n.T("ark.take_help"), true
		case arkham.MovePass:
			a.Label = i18n.T("ark.pass_to", name(m.To))
		case arkham.MoveDrop:
			a.Label = i18n.T("ark.pass_none")
		case arkham.MoveOrb:
			if m.Option == arkham.OrbRemove {
				a.Label = i18n.T("ark.orb_remove")
			} else {
				a.Label, a.Primary = i18n.T("ark.orb_keep"), true
			}
		default:
			a.Label = m.Kind
		}
		out = append(out, a)
	}
	return out
}

// The view's vocabulary in words: eventText (below) for log entries, causeKey and fateKey for a
// round's end and each hand's fate. These are the only places that turn engine/arkham's typed
// words into catalog keys; TestEveryWordHasAMessage checks every value the engine lists.

// causeKey is the catalog key of why a round ended.
func causeKey(c arkham.Cause) string { return "cause." + string(c) }

// fateKey is the catalog key of why a hand survived or failed.
func fateKey(f arkham.Fate) string { return "fate." + string(f) }

// eventText words one public log entry.
func eventText(e arkham.Event, name func(engine.Seat) string) string {
	to := ""
	if e.To != nil {
		to = name(*e.To)
	}
	cardName := ""
	if c := cardOf(e.Card); c != nil {
		cardName = c.Label()
	}
	switch e.Kind {
	case arkham.EventRoundStart:
		return i18n.T("log.round_start", name(e.Seat))
	case arkham.EventGive:
		return i18n.T("log.give", name(e.Seat), to)
	case arkham.EventPass:
		return i18n.T("log.pass", name(e.Seat), to)
	case arkham.EventTake:
		return i18n.T("log.take", name(e.Seat), cardName)
	case arkham.EventDrop:
		return i18n.T("log.drop", name(e.Seat), cardName)
	case arkham.EventOrbReturn:
		return i18n.T("log.orb_return", name(e.Seat))
	case arkham.EventOrbRemove:
		return i18n.T("log.orb_remove", name(e.Seat))
	case arkham.EventTrapezohedron:
		if e.N > 0 {
			return i18n.T("log.trap_gain", name(e.Seat))
		}
		return i18n.T("log.trap_loss", name(e.Seat))
	case arkham.EventGate:
		return i18n.T("log.gate", name(e.Seat), to, cardName)
	case arkham.EventMystery:
		return i18n.T("log.mystery", cardName)
	case arkham.EventRoundEnd:
		return i18n.T("log.round_end", i18n.T(causeKey(e.Cause)))
	}
	return string(e.Kind) // a kind without words (TestEveryWordHasAMessage fails first)
}

func resultOf(v *arkham.View, name func(engine.Seat) string) *Result {
	lr := v.LastRound
	res := &Result{Round: lr.Round, Cause: i18n.T(causeKey(lr.Cause))}
	for _, rp := range lr.Positions {
		res.Rows = append(res.Rows, ResultRow{Pos: int(rp.Seat), Name: name(rp.Seat), You: rp.Seat == v.Seat,
			Card: cardOf(rp.Card), Fate: fateOf(v, rp, name), Sanity: rp.Sanity, Dummy: rp.Dummy})
	}
	return res
}

// fateOf explains one hand's fate in words, naming who it clashed with for a duplicate.
func fateOf(v *arkham.View, rp arkham.ResultPosition, name func(engine.Seat) string) Fate {
	f := Fate{Survived: rp.Survived, Delta: rp.Delta}
	lr := v.LastRound
	switch rp.Reason {
	case arkham.FateDuplicate:
		var same []string
		mine := rp.Card.Card().Artifact
		for _, o := range lr.Positions {
			if o.Seat != rp.Seat && mine != "" && o.Card.Card().Artifact == mine {
				same = append(same, name(o.Seat))
			}
		}
		f.Why = i18n.T("fate.duplicate", strings.Join(same, i18n.T("app.list_sep")))
	case arkham.FateOldOne, arkham.FateOldOneHolder, arkham.FateSpared:
		old := ""
		if c := cardOf(lr.OldOne); c != nil {
			old = c.Name()
		}
		f.Why = i18n.T(fateKey(rp.Reason), old)
	default:
		f.Why = i18n.T(fateKey(rp.Reason))
	}
	return f
}
