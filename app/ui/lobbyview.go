package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
)

// LobbySeat is one seat in the lobby.
type LobbySeat struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Host    bool   `json:"host,omitempty"`
	Bot     bool   `json:"bot,omitempty"`
	You     bool   `json:"you,omitempty"`
	Offline bool   `json:"offline,omitempty"`
	// Path (host only) is how this player's link reaches the host: "direct", "turn" or
	// "relayed" (app/rtc); empty when unknown (bots, the host, a guest's view).
	Path string `json:"path,omitempty"`
}

// LobbyModel is what the lobby shows. The host sees controls; guests see the same table read-only.
type LobbyModel struct {
	Game     string            `json:"game"`
	Invite   string            `json:"invite"` // full invite URL; empty for a solo table
	QR       string            `json:"qr"`     // data: URL of the invite's QR code image
	Seats    []LobbySeat       `json:"seats"`
	Min, Max int               `json:"-"`
	IsHost   bool              `json:"-"`
	Options  []engine.Option   `json:"-"`
	Chosen   map[string]string `json:"-"`
	Problem  string            `json:"-"` // a translated error to show, if any
	Match    int               `json:"-"` // games already played at this table (a rematch when > 0)
	// Noter, if the game has one, says what a seat count changes (engine.LobbyNoter).
	Noter engine.LobbyNoter `json:"-"`
}

// Lobby is the pre-game screen: invite, seats, options, start.
type Lobby struct {
	app.Compo

	Model    LobbyModel
	OnAddBot func(ctx app.Context)
	OnRemove func(ctx app.Context, seat int)
	OnOption func(ctx app.Context, key, value string)
	OnStart  func(ctx app.Context)
	Extra    app.UI // under the invite: the host's connect-by-code panel (codeconnect.go)

	copied bool
}

// OnMount warms the page up for the game while the table waits for its players (warm.go).
func (l *Lobby) OnMount(ctx app.Context) { warmUp(ctx, l, l.Model.Game) }

// OnDismount stops the lobby's rehearsal: the game has begun (or the page moved on).
func (l *Lobby) OnDismount() { stopRehearsal() }

func (l *Lobby) Render() app.UI {
	m := l.Model
	n := len(m.Seats)
	canStart := m.IsHost && n >= m.Min && n <= m.Max
	return app.Div().Class("lobby").ID("lobby").Body(
		app.H1().Text(i18n.T("game."+m.Game)+" — "+i18n.T("lobby.title")),
		problem(m.Problem),
		l.newGame(),
		// Two columns on a wide screen (arkham.css): what the host shares, and the table itself.
		// Each column is one box, so the seats and Start sit under each other whatever the
		// invite's height (in one grid of loose panels, Start waited below the tall invite).
		app.Div().Class("lobby-share").Body(
			l.invite(),
			l.Extra,
		),
		app.Div().Class("lobby-side").Body(
			app.Elem("section").Class("panel", "lobby-seats").Body(
				app.Elem("h2").Text(i18n.T("lobby.seats", n, m.Max)),
				app.Elem("ul").Class("seat-list").Body(l.seatItems()...),
				app.If(m.IsHost && n < m.Max,
					app.Elem("button").Attr("type", "button").Class("btn").ID("add-bot").Text(i18n.T("lobby.add_bot")).
						OnClick(func(ctx app.Context, e app.Event) {
							if l.OnAddBot != nil {
								l.OnAddBot(ctx)
							}
						}),
				),
				seatNote(m.Noter, n),
			),
			l.options(),
			app.Div().Class("lobby-start").Body(
				app.If(m.IsHost,
					app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("start").Attr("disabled", !canStart).
						Text(i18n.T("lobby.start")).
						OnClick(func(ctx app.Context, e app.Event) {
							if l.OnStart != nil {
								l.OnStart(ctx)
							}
						}),
				).Else(
					app.P().Class("muted").Text(i18n.T("lobby.waiting_host")),
				),
				app.If(!canStart && m.IsHost, app.P().Class("muted", "small").Text(i18n.T("lobby.need_players", m.Min, m.Max, n))),
			),
		),
	)
}

// newGame tells everyone at a rematch that this is the same table, with the same seats.
func (l *Lobby) newGame() app.UI {
	if l.Model.Match == 0 {
		return nil
	}
	key := "lobby.new_game_guest"
	if l.Model.IsHost {
		key = "lobby.new_game_host"
	}
	return app.P().Class("panel", "new-game").ID("new-game").Attr("role", "status").Text(i18n.T(key))
}

func problem(msg string) app.UI {
	if msg == "" {
		return nil
	}
	return app.P().Class("problem").Attr("role", "alert").Text(msg)
}

// seatNote says what the game changes for this many players (dummy hands, say), if anything.
func seatNote(noter engine.LobbyNoter, n int) app.UI {
	if noter == nil {
		return nil
	}
	key, args := noter.LobbyNote(n)
	if key == "" {
		return nil
	}
	return app.P().Class("muted", "small").Text(i18n.T(key, args...))
}

func (l *Lobby) invite() app.UI {
	m := l.Model
	if m.Invite == "" {
		return nil
	}
	copyText := i18n.T("app.copy")
	if l.copied {
		copyText = i18n.T("app.copied")
	}
	return app.Elem("section").Class("panel", "invite").Body(
		app.Elem("h2").Text(i18n.T("lobby.invite")),
		app.P().Class("muted", "small").Text(i18n.T("lobby.invite_hint")),
		app.Div().Class("invite-row").Body(
			app.ElemSelfClosing("input").Attr("type", "text").Attr("readonly", true).ID("invite-link").Class("invite-link").
				Aria("label", i18n.T("lobby.invite")).Attr("value", m.Invite).
				OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
			app.Elem("button").Attr("type", "button").Class("btn").ID("copy-invite").Text(copyText).
				OnClick(func(ctx app.Context, e app.Event) {
					if clip := app.Window().Get("navigator").Get("clipboard"); clip.Truthy() {
						clip.Call("writeText", m.Invite)
					}
					l.copied = true
				}),
			app.If(app.Window().Get("navigator").Get("share").Truthy(),
				app.Elem("button").Attr("type", "button").Class("btn").ID("share-invite").Text(i18n.T("app.share")).
					OnClick(func(ctx app.Context, e app.Event) {
						data := map[string]any{"title": i18n.T("app.name"), "url": m.Invite}
						app.Window().Get("navigator").Call("share", data)
					}),
			),
		),
		app.If(m.QR != "", app.ElemSelfClosing("img").Class("qr").Attr("src", m.QR).Attr("alt", i18n.T("lobby.qr_label"))),
	)
}

func (l *Lobby) seatItems() []app.UI {
	items := make([]app.UI, 0, len(l.Model.Seats))
	for _, s := range l.Model.Seats {
		s := s
		name := s.Name
		if s.You {
			name = i18n.YouName(s.Name)
		}
		status := i18n.T("lobby.connected")
		if s.Offline {
			status = i18n.T("lobby.disconnected")
		}
		items = append(items, app.Elem("li").Class("lobby-seat").DataSet("seat", strconv.Itoa(s.Seat)).Body(
			app.Elem("span").Class("seat-name").Text(name),
			app.If(s.Host, app.Elem("span").Class("badge").Text(i18n.T("lobby.host"))),
			app.If(s.Bot, app.Elem("span").Class("badge").Text(i18n.T("lobby.bot"))),
			app.If(!s.Bot, app.Elem("span").Class("badge", map[bool]string{true: "badge-warn", false: "badge-ok"}[s.Offline]).Text(status)),
			linkPathBadge(s.Path),
			app.If(l.Model.IsHost && !s.Host,
				app.Elem("button").Attr("type", "button").Class("btn", "small").Text(i18n.T("lobby.remove")).
					Aria("label", i18n.T("lobby.remove")+" "+s.Name).
					OnClick(func(ctx app.Context, e app.Event) {
						if l.OnRemove != nil {
							l.OnRemove(ctx, s.Seat)
						}
					}, s.Seat, s.Name), // scope: a reused button must not keep an old seat's handler
			),
		))
	}
	return items
}

func (l *Lobby) options() app.UI {
	m := l.Model
	if len(m.Options) == 0 {
		return nil
	}
	rows := make([]app.UI, 0, len(m.Options))
	for _, o := range m.Options {
		o := o
		cur := m.Chosen[o.Key]
		if cur == "" {
			cur = o.Default
		}
		opts := make([]app.UI, 0, len(o.Choices))
		for _, c := range o.Choices {
			opts = append(opts, app.Elem("option").Attr("value", c).Attr("selected", c == cur).Text(i18n.T("opt.choice."+c)))
		}
		id := "opt-" + o.Key
		rows = append(rows, app.Div().Class("opt").Body(
			app.Elem("label").Attr("for", id).Text(i18n.T("opt."+o.Key)),
			app.Elem("select").ID(id).Attr("disabled", !m.IsHost).Body(opts...).
				OnChange(func(ctx app.Context, e app.Event) {
					if l.OnOption != nil {
						l.OnOption(ctx, o.Key, ctx.JSSrc().Get("value").String())
					}
				}),
			app.P().Class("muted", "small").Text(i18n.T("opt."+o.Key+".help")),
		))
	}
	return app.Elem("section").Class("panel", "lobby-options").Body(
		app.Elem("h2").Text(i18n.T("lobby.options")),
		app.Div().Class("opts").Body(rows...),
	)
}
