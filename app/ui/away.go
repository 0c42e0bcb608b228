package ui

// The turn deadline for an absent player (issue 10, finding 9), above every board: everyone
// sees whom the table waits for and the time left; once it runs out the host's page offers the
// choice (wait longer, a bot standing in, end the game) and the guests' pages say the host is
// choosing. The countdown is counted from when this page heard of it (no clocks compared). A
// person holding several seats is one name and one choice (wire.Away.People); each person has
// their own countdown, from when they left (wire.Away.Left), and the host's choice for them
// comes when theirs runs out, not when someone else's does.

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
	onWait    func(ctx app.Context) // the host's choices (choices sets them)
	onStandIn func(ctx app.Context, seat engine.Seat)
	onEnd     func(ctx app.Context)

	ticking bool
}

// choices sets the host's choices once the deadline ran out: wait longer, a bot stands in for
// a seat, end the game. Unexported fields, so go-app leaves them out when it compares the
// banner a drawing of the screen hands it (a func never compares equal: the banner was drawn
// again with every drawing of the screen); the first ones stay, and they read the screen's
// state when called.
func (b *AwayBanner) choices(wait func(app.Context), standIn func(app.Context, engine.Seat), end func(app.Context)) *AwayBanner {
	b.onWait, b.onStandIn, b.onEnd = wait, standIn, end
	return b
}

func (b *AwayBanner) OnMount(ctx app.Context) { b.tickLater(ctx) }

func (b *AwayBanner) OnUpdate(ctx app.Context) { b.tickLater(ctx) }

// tickLater redraws once a second while a countdown runs.
func (b *AwayBanner) tickLater(ctx app.Context) {
	if b.ticking || b.Away == nil || len(b.Away.Seats) == 0 || len(b.counting()) == 0 {
		return
	}
	b.ticking = true
	uiloop.After(ctx, time.Second, func(ctx app.Context) {
		b.ticking = false
		b.Update()
	})
}

// left is the whole seconds of person p's countdown still to run.
func (b *AwayBanner) left(p int) int {
	millis, _ := b.Away.PersonLeft(p)
	ms := time.Duration(millis)*time.Millisecond - time.Since(b.At)
	return max(0, int((ms+time.Second-1)/time.Second))
}

// counting lists the people whose countdown still runs (Persons' order); runOut, those whose
// has run out, each by their first seat.
func (b *AwayBanner) counting() []int { return b.split(false) }

func (b *AwayBanner) runOut() []engine.Seat {
	var out []engine.Seat
	ps := b.Away.Persons()
	for _, p := range b.split(true) {
		out = append(out, ps[p][0])
	}
	return out
}

func (b *AwayBanner) split(out bool) []int {
	var ps []int
	for p := range b.Away.Persons() {
		if _, o := b.Away.PersonLeft(p); o == out {
			ps = append(ps, p)
		}
	}
	return ps
}

// who names people by their first seats (a person's extra characters are named after them:
// one name says it).
func (b *AwayBanner) who(seats []engine.Seat) string {
	var names []string
	for _, s := range seats {
		names = append(names, b.name(s))
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
	// Each person still counted down for: their own time left.
	var waiting []app.UI
	ps := b.Away.Persons()
	for _, p := range b.counting() {
		waiting = append(waiting, app.P().Class("away-counting").Text(i18n.T("away.waiting", b.name(ps[p][0]), b.left(p))))
	}
	out := b.runOut()
	if len(out) == 0 {
		return app.Div().Class("away-note").ID("away").Attr("role", "status").Body(waiting...)
	}
	who := b.who(out)
	if !b.IsHost {
		return app.Div().Class("away-note").ID("away").Attr("role", "status").Body(
			app.P().Text(i18n.T("away.host_choosing", who)),
			app.Range(waiting).Slice(func(i int) app.UI { return waiting[i] }),
		)
	}
	var stand []app.UI
	for _, seat := range out { // one choice per person whose time ran out: it covers all their seats
		stand = append(stand, app.Elem("button").Attr("type", "button").Class("btn").ID("away-standin").
			Text(i18n.T("away.standin", b.name(seat))).
			OnClick(func(ctx app.Context, e app.Event) { b.onStandIn(ctx, seat) }))
	}
	return app.Div().Class("away-note", "problem").ID("away").Attr("role", "alert").Body(
		app.P().Text(i18n.T("away.ask_host", who)),
		app.Div().Class("problem-actions").Body(append(append([]app.UI{
			app.Elem("button").Attr("type", "button").Class("btn", "primary").ID("away-wait").Text(i18n.T("away.wait")).
				OnClick(func(ctx app.Context, e app.Event) { b.onWait(ctx) })},
			stand...),
			app.Elem("button").Attr("type", "button").Class("btn").ID("away-end").Text(i18n.T("away.end")).
				OnClick(func(ctx app.Context, e app.Event) { b.onEnd(ctx) }))...,
		),
		app.Range(waiting).Slice(func(i int) app.UI { return waiting[i] }),
	)
}
