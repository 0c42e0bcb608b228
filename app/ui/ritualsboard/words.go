package ritualsboard

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// Names puts words on seats, cards and places for one viewer. It knows no rules: it only
// names what the view and the legal moves already say.
type Names struct {
	Seats []string // by seat number ("" falls back to "Seat N")
	Me    engine.Seat
}

// Seat names a seat, "you" for the viewer.
func (n Names) Seat(s engine.Seat) string {
	if s == n.Me && s >= 0 {
		return i18n.T("rit.you")
	}
	if int(s) >= 0 && int(s) < len(n.Seats) && n.Seats[s] != "" {
		return n.Seats[s]
	}
	return i18n.T("rit.seat_n", int(s)+1)
}

// PlaceName names a ritual place by its Great Old One (in the reader's script: katakana in
// Japanese) and its symbol letter.
func PlaceName(key string) string {
	p := rituals.PlaceByKey(key)
	if p < 0 {
		return key
	}
	return GodName(p) + " (" + rituals.Places[p].Letter + ")"
}

// GodName is the Great Old One of place p in the reader's language.
func GodName(p int) string {
	if p < 0 || p >= rituals.NumPlaces {
		return ""
	}
	return i18n.T("rit.god." + rituals.Places[p].Key)
}

// RankName is a cultist's rank in the viewer's language with the German printed name beside.
func RankName(rank int) string {
	if rank < 0 || rank >= len(rituals.RankNamesDE) {
		return ""
	}
	return i18n.T("rit.rank."+strconv.Itoa(rank)) + " · " + rituals.RankNamesDE[rank]
}

// EventName is an event's name in the viewer's language with the German printed name beside.
func EventName(c rituals.CardID) string {
	card := c.Card()
	for _, t := range rituals.EventTypes {
		if t.Key == card.Event {
			return i18n.T("rit.ev."+string(t.Key)) + " · " + t.NameDE
		}
	}
	return card.Key
}

// CardName is a short name for any card: a cultist by rank and insanity, an event by name.
func CardName(c rituals.CardID) string {
	card := c.Card()
	switch {
	case c.IsCultist():
		return i18n.T("rit.cultist", card.Insanity, i18n.T("rit.rank."+strconv.Itoa(card.Rank)))
	case c.IsEvent():
		return EventName(c)
	}
	return i18n.T("rit.no_cultist")
}

// Signs draws a cultist's elder signs as stars.
func Signs(n int) string { return strings.Repeat("✦", max(n, 0)) }

// LogLine tells one public log entry in plain words, as a sentence: its first letter is a
// capital even when the line opens with a lower-case word ("you", a card), except where it
// opens with a player's own name, which is shown as they typed it. Scripts without case
// (Japanese) are left as they are.
func (n Names) LogLine(e rituals.Event) string {
	return n.sentence(n.logLine(e))
}

// sentence capitalises line's first letter unless the line starts with another player's name.
func (n Names) sentence(line string) string {
	for i, name := range n.Seats {
		if name != "" && engine.Seat(i) != n.Me && strings.HasPrefix(line, name) {
			return line
		}
	}
	r, size := utf8.DecodeRuneInString(line)
	if up := unicode.ToUpper(r); up != r && size > 0 && r != utf8.RuneError {
		return string(up) + line[size:]
	}
	return line
}

func (n Names) logLine(e rituals.Event) string {
	switch e.Kind {
	case rituals.EventGrab:
		return i18n.T("rit.log.grab", n.Seat(e.Seat), PlaceName(e.Place))
	case rituals.EventGrabLost:
		return i18n.T("rit.log.grab_lost", n.Seat(e.Seat), PlaceName(e.Place))
	case rituals.EventReveal:
		if e.Card == 0 {
			return i18n.T("rit.log.reveal_none", n.Seat(e.Seat))
		}
		return i18n.T("rit.log.reveal", n.Seat(e.Seat), CardName(e.Card))
	case rituals.EventPlay:
		return n.playLine(e)
	case rituals.EventNegated:
		return i18n.T("rit.log.negated", n.Seat(e.Seat), CardName(e.Card))
	case rituals.EventDiscover:
		return i18n.T("rit.log.discover", n.Seat(e.Seat), PlaceName(e.Place))
	case rituals.EventPlace:
		if e.To >= 0 && e.To != e.Seat {
			return i18n.T("rit.log.place_by", n.Seat(e.Seat), CardName(e.Card), PlaceName(e.Place), e.N, n.Seat(e.To))
		}
		return i18n.T("rit.log.place", n.Seat(e.Seat), CardName(e.Card), PlaceName(e.Place), e.N)
	case rituals.EventInvoke:
		return i18n.T("rit.log.invoke", n.Seat(e.Seat), PlaceName(e.Place))
	case rituals.EventPsychotic:
		return i18n.T("rit.log.psychotic", n.Seat(e.Seat), CardName(e.Card), n.Seat(e.To))
	case rituals.EventDraw:
		return i18n.T("rit.log.draw", n.Seat(e.Seat), e.N)
	case rituals.EventEnd:
		return i18n.T("rit.log.end", n.Seat(e.Seat))
	}
	return string(e.Kind)
}

func (n Names) playLine(e rituals.Event) string {
	name := CardName(e.Card)
	switch {
	case e.To >= 0:
		return i18n.T("rit.log.play_on", n.Seat(e.Seat), name, n.Seat(e.To))
	case e.Place != "" && rituals.CardID(e.N).IsCultist():
		return i18n.T("rit.log.play_move", n.Seat(e.Seat), name, CardName(rituals.CardID(e.N)), PlaceName(e.Place))
	case e.Place != "":
		return i18n.T("rit.log.play_at", n.Seat(e.Seat), name, PlaceName(e.Place))
	}
	return i18n.T("rit.log.play", n.Seat(e.Seat), name)
}

// MoveLabel words a legal move as its button says it.
func (n Names) MoveLabel(m engine.Move) string {
	switch m.Kind {
	case rituals.MoveGrab:
		return i18n.T("rit.do.grab", PlaceName(m.Option))
	case rituals.MoveSend:
		if m.Card == 0 {
			return i18n.T("rit.do.send_none")
		}
		return i18n.T("rit.do.send", CardName(rituals.CardID(m.Card)))
	case rituals.MovePlace:
		return i18n.T("rit.do.place", PlaceName(m.Option))
	case rituals.MovePsychotic:
		return i18n.T("rit.do.psychotic", n.Seat(m.To))
	case rituals.MovePass:
		return i18n.T("rit.do.pass")
	case rituals.MovePlay:
		c := rituals.CardID(m.Card)
		name := EventName(c)
		switch ev := c.Card().Event; {
		case ev == rituals.KeyNoWay:
			return i18n.T("rit.do.react", name)
		case ev == rituals.KeyRearrange:
			return i18n.T("rit.do.swap", name, PlaceName(m.Option), m.N/10, m.N%10)
		case ev == rituals.KeyMistake:
			return i18n.T("rit.do.play_move", name, CardName(rituals.CardID(m.N)), PlaceName(m.Option))
		case m.Option != "":
			return i18n.T("rit.do.play_at", name, PlaceName(m.Option))
		case ev == rituals.KeyFalseGod || ev == rituals.KeyTargeted || ev == rituals.KeyBreakdown || ev == rituals.KeyRightMind:
			return i18n.T("rit.do.play_on", name, n.Seat(m.To))
		}
		return i18n.T("rit.do.play", name)
	}
	return m.Kind
}

// Breakdown is one seat's score as the view shows it: the signs right of its Secret Influence
// (×5), left (×1), and the #2/#3 cultists at its unfinished places (subtracted). Total is the
// engine's own figure (SeatView.Score); the parts only explain it.
type Breakdown struct {
	Right, Left, Penalty, Total int
}

// BreakdownOf reads seat s's breakdown off the view.
func BreakdownOf(v *rituals.View, s int) Breakdown {
	var b Breakdown
	if s < 0 || s >= len(v.Seats) {
		return b
	}
	sv := v.Seats[s]
	for _, c := range sv.Right {
		b.Right += c.Card().Signs
	}
	for _, c := range sv.Left {
		b.Left += c.Card().Signs
	}
	for _, p := range v.Places {
		if int(p.Owner) != s {
			continue
		}
		for i, c := range p.Cultists {
			if i == 1 || i == 2 {
				b.Penalty += c.Card().Signs
			}
		}
	}
	b.Total = sv.Score
	return b
}
