package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/lang"
	"miskatonic/app/ui/uiloop"
	"miskatonic/engine/games"
)

// Solo is the page for a game against bots, entirely in this browser (no network at all). On a
// reload it resumes the saved game by itself.
type Solo struct {
	app.Compo

	game     string
	fast     bool // ?pace=fast: bots move at once (tests)
	name     string
	players  int
	hands    int // seats the player plays themself (games with board.Game.Hands > 1)
	level    string
	options  map[string]string
	sess     *session.Session
	starting bool
	err      string
	ctx      app.Context // the page's own context: an element's goes stale once it is redrawn away
}

func (p *Solo) OnMount(ctx app.Context) { p.ctx = ctx }

func (p *Solo) OnNav(ctx app.Context) {
	p.ctx = ctx
	q := ctx.Page().URL().Query()
	p.game = q.Get("game")
	if p.game == "" {
		p.game = board.Default()
	}
	p.fast = q.Get("pace") == "fast"
	st := session.DefaultStore()
	if p.name == "" {
		p.name = session.SavedName(st)
	}
	if p.players == 0 {
		p.players = 5
		if g, ok := board.Lookup(p.game); ok && g.Hands > 1 {
			// A co-operative game: alone you play every character, four at most (its rulebook's advice).
			p.players, p.hands = g.Hands, g.Hands
		}
	}
	if p.level == "" {
		p.level = defaultLevel(p.game)
	}
	if p.options == nil {
		p.options = map[string]string{}
	}
	// This game's table only: the page's table or the saved one of another game stays where
	// it is (issue 24: an Arkham game no longer opens for Ring of Shadows).
	if cur := session.Current(); cur != nil && cur.Kind() == session.Solo && cur.Game() == p.game {
		p.sess = cur
		return
	}
	if p.sess != nil && p.sess.Game() != p.game {
		p.sess = nil // the page came back for another game
	}
	saved, err := session.Saved(st, session.Solo, p.game)
	if err != nil {
		p.err = errorText(err) // a broken save is dropped; the player is told, and may start anew
	}
	if !saved && q.Get("quick") == "1" && !p.starting {
		// Quick game: one click from home, every choice at its default; the name is the one
		// used last time, or a plain "You" the player can change next time.
		name := p.name
		if name == "" {
			name = i18n.T("quick.you")
		}
		delay := session.DefaultBotDelay
		if p.fast {
			delay = 0
		}
		p.launch(ctx, session.SoloConfig{Name: name, Game: p.game, Players: p.players, Level: p.level,
			Options: p.options, BotDelay: delay})
		return
	}
	if saved {
		p.starting = true
		game := p.game
		uiloop.Go(func() {
			s, _, err := session.ResumeHost(st, session.Solo, game)
			p.ctx.Dispatch(func(ctx app.Context) {
				p.starting = false
				p.sess = s
				if s != nil {
					session.SetCurrent(s)
				}
				if err != nil {
					p.err = errorText(err)
				}
			})
		})
	}
}

func (p *Solo) Render() app.UI {
	if p.sess != nil {
		return &GameScreen{Sess: p.sess, onAgain: p.again}
	}
	if p.starting {
		return app.Main().Class("mk-page").Body(app.P().Class("muted").Text(i18n.T("app.loading")))
	}
	return app.Main().Class("mk-page", "setup").ID("solo-setup").Body(
		&lang.Switch{},
		app.H1().Text(i18n.T("solo.title")+" — "+i18n.T("game."+p.game)),
		problem(p.err),
		app.Elem("form").Class("panel", "setup-form").OnSubmit(p.start).Body(
			nameField(p.name, func(v string) { p.name = v }),
			app.Div().Class("opt").Body(
				app.Elem("label").Attr("for", "solo-players").Text(i18n.T("solo.players")),
				app.Elem("select").ID("solo-players").Body(p.playerChoices()...).
					OnChange(func(ctx app.Context, e app.Event) {
						p.players, _ = strconv.Atoi(ctx.JSSrc().Get("value").String())
					}),
			),
			p.handsField(),
			app.Div().Class("opt").Body(
				app.Elem("label").Attr("for", "solo-level").Text(i18n.T("solo.level")),
				app.Elem("select").ID("solo-level").Body(p.levelChoices()...).
					OnChange(func(ctx app.Context, e app.Event) { p.level = ctx.JSSrc().Get("value").String() }),
			),
			optionFields(p.game, p.options, func(k, v string) { p.options[k] = v }),
			app.Elem("button").Attr("type", "submit").Class("btn", "primary").ID("solo-start").Text(i18n.T("solo.start")),
		),
		app.P().Body(app.Elem("a").Attr("href", "/").Text(i18n.T("app.back_home"))),
	)
}

func (p *Solo) playerChoices() []app.UI {
	rules, ok := games.Lookup(p.game)
	if !ok {
		return nil
	}
	lo, hi := rules.Seats()
	var out []app.UI
	for n := lo; n <= hi; n++ {
		out = append(out, app.Elem("option").Attr("value", strconv.Itoa(n)).Attr("selected", n == p.players).Text(strconv.Itoa(n)))
	}
	return out
}

func (p *Solo) levelChoices() []app.UI {
	var out []app.UI
	for _, l := range botLevels(p.game) {
		out = append(out, app.Elem("option").Attr("value", l).Attr("selected", l == p.level).Text(i18n.T("bot."+l)))
	}
	return out
}

func (p *Solo) start(ctx app.Context, e app.Event) {
	e.PreventDefault()
	name := strings.TrimSpace(p.name)
	if name == "" {
		p.err = i18n.T("home.name_needed")
		return
	}
	delay := session.DefaultBotDelay
	if p.fast {
		delay = 0
	}
	hands := 0
	if g, ok := board.Lookup(p.game); ok && g.Hands > 1 {
		hands = min(p.hands, p.players, g.Hands)
	}
	cfg := session.SoloConfig{Name: name, Game: p.game, Players: p.players, Hands: hands, Level: p.level, Options: p.options, BotDelay: delay}
	p.launch(ctx, cfg)
}

func (p *Solo) launch(ctx app.Context, cfg session.SoloConfig) {
	p.starting, p.err = true, ""
	uiloop.Go(func() {
		s, err := session.StartSolo(session.DefaultStore(), cfg)
		p.ctx.Dispatch(func(ctx app.Context) {
			p.starting = false
			if err != nil {
				p.err = errorText(err)
				return
			}
			session.SetCurrent(s)
			p.sess = s
		})
	})
}

// again deals another game at the same table: the same bots, options and pace, saved in the
// solo slot as before.
func (p *Solo) again(ctx app.Context) {
	s := p.sess
	if s == nil {
		return
	}
	uiloop.Go(func() {
		err := s.Rematch()
		p.ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				app.Log("play again:", err)
				p.err = errorText(err)
			}
		})
	})
}

// nameField is the player's name input, shared by the setup screens.
func nameField(value string, set func(string)) app.UI {
	return app.Div().Class("opt").Body(
		app.Elem("label").Attr("for", "player-name").Text(i18n.T("home.your_name")),
		app.ElemSelfClosing("input").Attr("type", "text").ID("player-name").Attr("maxlength", 24).Attr("required", true).Attr("autocomplete", "on").
			Attr("value", value).Attr("placeholder", i18n.T("home.name_hint")).
			OnInput(func(ctx app.Context, e app.Event) { set(ctx.JSSrc().Get("value").String()) }),
	)
}

// optionFields lets a host choose the game's options, each with a short explanation.
func optionFields(game string, chosen map[string]string, set func(k, v string)) app.UI {
	rules, ok := games.Lookup(game)
	if !ok {
		return nil
	}
	rows := []app.UI{app.Elem("legend").Text(i18n.T("lobby.options"))}
	for _, o := range rules.Options() {
		o := o
		cur := chosen[o.Key]
		if cur == "" {
			cur = o.Default
		}
		var opts []app.UI
		for _, c := range o.Choices {
			opts = append(opts, app.Elem("option").Attr("value", c).Attr("selected", c == cur).Text(i18n.T("opt.choice."+c)))
		}
		id := "opt-" + o.Key
		rows = append(rows, app.Div().Class("opt").Body(
			app.Elem("label").Attr("for", id).Text(i18n.T("opt."+o.Key)),
			app.Elem("select").ID(id).Body(opts...).
				OnChange(func(ctx app.Context, e app.Event) { set(o.Key, ctx.JSSrc().Get("value").String()) }),
			app.P().Class("muted", "small").Text(i18n.T("opt."+o.Key+".help")),
		))
	}
	return app.Elem("fieldset").Class("opts").Body(rows...)
}
