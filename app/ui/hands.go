package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
)

// One person, several seats (app/session/hands.go): in a co-operative game the solo page asks how
// many characters the player plays themself, and a host may take more than one seat in the lobby.

// handsField is the solo page's "characters you play" choice; nil for a game of one seat each.
func (p *Solo) handsField() app.UI {
	g, ok := board.Lookup(p.game)
	if !ok || g.Hands < 2 {
		return nil
	}
	var opts []app.UI
	for n := 1; n <= min(g.Hands, p.players); n++ {
		opts = append(opts, app.Elem("option").Attr("value", strconv.Itoa(n)).Attr("selected", n == p.hands).Text(strconv.Itoa(n)))
	}
	return app.Div().Class("opt").Body(
		app.Elem("label").Attr("for", "solo-hands").Text(i18n.T("solo.hands")),
		app.Elem("select").ID("solo-hands").Body(opts...).
			OnChange(func(ctx app.Context, e app.Event) { p.hands, _ = strconv.Atoi(ctx.JSSrc().Get("value").String()) }),
		app.P().Class("muted", "small").Text(i18n.T("solo.hands.help")),
	)
}

// handButton lets the host of a co-operative game take one more seat in the lobby.
func (g *GameScreen) handButton(snap session.Snapshot) app.UI {
	s := g.Sess
	game, ok := board.Lookup(s.Game())
	if !ok || game.Hands < 2 || !s.CanAddHand() || snap.Started || s.Hands() >= game.Hands {
		return nil
	}
	return app.P().Body(
		app.Elem("button").Attr("type", "button").Class("btn").ID("lobby-add-hand").Text(i18n.T("lobby.add_hand", s.Hands())).
			OnClick(func(ctx app.Context, e app.Event) { g.try(ctx, s.AddHand) }),
	)
}
