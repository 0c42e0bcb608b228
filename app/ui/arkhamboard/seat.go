package arkhamboard

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// seatTile draws one seat: name, badges, sanity, the card the viewer may see, and the fate at
// the end of a round.
func seatTile(s Seat, tap *Action, onAct func(app.Context, engine.Move)) app.UI {
	classes := []string{"seat"}
	if s.You {
		classes = append(classes, "you")
	}
	if s.Active {
		classes = append(classes, "active")
	}
	if s.Dummy {
		classes = append(classes, "dummy")
	}
	if s.Holding {
		classes = append(classes, "holding")
	}
	if s.Fate != nil {
		if s.Fate.Survived {
			classes = append(classes, "survived")
		} else {
			classes = append(classes, "failed")
		}
	}
	name := s.Name
	if s.You {
		name = i18n.YouName(s.Name)
	}
	if tap != nil {
		classes = append(classes, "target")
	}
	tile := app.Div()
	var hint app.UI
	if tap != nil {
		hint = app.Elem("span").Class("tap-hint").Aria("hidden", "true").Text(tapHint(tap))
	}
	if tap != nil && onAct != nil {
		m := tap.Move
		// Scoped by the move, as in actionBar: a reused tile must not keep an old move.
		tile = tile.Title(tap.Label).OnClick(func(ctx app.Context, e app.Event) { onAct(ctx, m) }, m.String())
	}
	return tile.
		Class(classes...).
		DataSet("seat", strconv.Itoa(s.Pos)).
		Aria("label", seatLabel(s, name)).
		Body(
			app.Div().Class("seat-head").Body(
				app.Elem("span").Class("seat-name").Title(name).Text(name),
				app.Div().Class("badges").Body(
					app.If(s.Active, app.Elem("span").Class("badge", "badge-active").Text(i18n.T("ark.active"))),
					app.If(s.Bot, app.Elem("span").Class("badge").Text(i18n.T("lobby.bot"))),
					app.If(s.Offline, app.Elem("span").Class("badge", "badge-warn").Text(i18n.T("conn.offline"))),
				),
			),
			cardOrBack(s.Card, "m", s.You),
			app.Div().Class("seat-foot").Body(
				app.If(!s.Dummy, sanityMeter(s.Sanity)),
				app.If(s.HandDown, app.Elem("span").Class("badge", "hand-down").Title(i18n.T("ark.hand_down")).Text(i18n.T("ark.hand_short"))),
				app.If(s.Holding, app.ElemSelfClosing("img").Class("holding-card").Attr("src", "/web/cards/back.svg").Attr("alt", i18n.T("ark.card_with", s.Name))),
			),
			fateLine(s.Fate),
			hint,
		)
}

// tapHint is the word on a seat that takes a tap: give or pass.
func tapHint(a *Action) string {
	if a.Move.Kind == arkham.MovePass {
		return i18n.T("tap.pass")
	}
	return i18n.T("tap.give")
}

func seatLabel(s Seat, name string) string {
	label := name
	if s.Dummy {
		label += ", " + i18n.T("ark.dummy_note")
	} else {
		label += ", " + i18n.T("ark.sanity", s.Sanity)
	}
	if s.Card != nil {
		label += ", " + s.Card.Label()
	} else if s.You {
		label += ", " + i18n.T("card.hidden")
	}
	return label
}

// sanityMeter shows the markers as pips (up to seven) and the number.
func sanityMeter(n int) app.UI {
	pips := make([]app.UI, 0, 7)
	for i := 0; i < 7; i++ {
		cls := "pip"
		if i < n {
			cls = "pip on"
		}
		pips = append(pips, app.Elem("span").Class(cls))
	}
	return app.Div().Class("sanity").Aria("hidden", "true").Body(
		app.Div().Class("pips").Body(pips...),
		app.Elem("span").Class("sanity-n").Text(strconv.Itoa(n)),
	)
}

// fateLine explains a seat's fate; nothing before the reveal.
func fateLine(f *Fate) app.UI {
	if f == nil {
		return nil
	}
	verdict := i18n.T("ark.failed")
	if f.Survived {
		verdict = i18n.T("ark.survived")
	}
	delta := ""
	switch {
	case f.Delta < 0:
		delta = i18n.T("ark.lost_n", -f.Delta)
	case f.Delta > 0:
		delta = i18n.T("ark.gained_n", f.Delta)
	}
	return app.Div().Class("fate").Body(
		app.Elem("strong").Text(verdict),
		app.If(delta != "", app.Elem("span").Class("delta").Text(delta)),
		app.If(f.Why != "", app.Elem("span").Class("why").Text(f.Why)),
	)
}
