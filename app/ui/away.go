package ui

// The turn deadline for an absent player (issue 10, finding 9), above every board: everyone
// sees whom the table waits for and the time left; once it runs out the host's page offers the
// choice (wait longer, a bot standing in, end the game) and the guests' pages say the host is
// choosing. The countdown is counted from when this page heard of it (no clocks compared). A
// person holding several seats is one name and one choice (wire.Away.People).

import (
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/uiloop"
	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// AwayBanner draws the deadline; nothing when nobody is away.
type AwayBanner struct {
	app.Compo

	Away      *wire.Away
	At        time.Time // when Away was received
	Names     []string  // by seat
	IsHost    bool
	OnWait    func(ctx app.Context)
	OnStandIn func(ctx app.Context, seat engine.Seat)
	OnEnd     func(ctx app.Context)

	ticking bool
}

func (b *AwayBanner) OnMount(ctx app.Context) { b.tickLater(ctx) }

func (b *AwayBanner) OnUpdate(ctx app.Context) { b.tickLater(ctx) }

// tickLater redraws once a second while a countdown runs.
func (b *AwayBanner) tickLater(ctx app.Context) {
	if b.ticking || b.Away == nil || len(b.Away.Seats) == 0 || b.Away.Expired {
		return
	}
	b.ticking = true
	uiloop.After(ctx, time.Second, func(ctx app.Context) {
		b.ticking = false
		b.Update()
	})
}

// left is the whole seconds of the deadline still to run.
func (b *AwayBanner) left() int {
	ms := time.Duration(b.Away.Millis)*time.Millisecond - time.Since(b.At)
	return max(0, int((ms+time.Second-1)/time.Second))
}

// who names the people away, each by their first seat's name (a person's extra characters are
// named after them: one name says it).
func (b *AwayBanner) who() string {
	var names []string
	for _, p := range b.Away.Persons() {
		names = append(names, b.name(p[0]))
	}
	return strings.Join(names, ", ")
}

func (b *AwayBanner) name(s engine.Seat) string {
	if s.Valid(len(b.Names)) {
		return b.Names[s]
	}
	return ""
}

func (b *AwayBanner) Render() app.UI {
	if b.Away == nil || len(b.Away.Seats) == 0 {
		return app.Div().ID("away").Hidden(true)
	}
	who := b.who()
	if !b.Away.Expired {
		return app.Div().Class("away-note").ID("away").Attr("role", "status").Body(
			app.P().Text(i18n.T("away.waiting", who, b.left())),
		)
	}
	if !b.IsHost {
		return app.Div().Class("away-note").ID("away").Attr("role", "status").Body(
			app.P().Text(i18n.T("away.host_choosing", who)),
		)
	}
	var stand []app.UI
	for _, p := range b.Away.Persons() { // one choice per person: it covers all their seats
		seat := p[0]
		stand = append(stand, app.Button().Type("button").Class("btn").ID("away-standin").
			Text(i18n.T("away.standin", b.name(seat))).
			OnClick(func(ctx app.Context, e app.Event) { b.OnStandIn(ctx, seat) }))
	}
	return app.Div().Class("away-note", "problem").ID("away").Attr("role", "alert").Body(
		app.P().Text(i18n.T("away.ask_host", who)),
		app.Div().Class("problem-actions").Body(append(append([]app.UI{
			app.Button().Type("button").Class("btn", "primary").ID("away-wait").Text(i18n.T("away.wait")).
				OnClick(func(ctx app.Context, e app.Event) { b.OnWait(ctx) })},
			stand...),
			app.Button().Type("button").Class("btn").ID("away-end").Text(i18n.T("away.end")).
				OnClick(func(ctx app.Context, e app.Event) { b.OnEnd(ctx) }))...,
		),
	)
}
