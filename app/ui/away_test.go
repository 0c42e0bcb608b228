package ui

import (
	"html"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// TestAwayBanner: everyone sees whom the table waits for and the time left; once it runs out
// only the host's page offers the choice (wait, a stand-in for each absent seat, end), and the
// guests' pages say the host is choosing.
func TestAwayBanner(t *testing.T) {
	names := []string{"Ann", "Bea", "Cy"}
	noop := func(app.Context) {}
	b := func(a *wire.Away, host bool) string {
		return app.HTMLString(&AwayBanner{Away: a, At: time.Now(), Names: names, IsHost: host,
			OnWait: noop, OnEnd: noop, OnStandIn: func(app.Context, engine.Seat) {}})
	}
	if html := b(nil, true); strings.Contains(html, "Bea") {
		t.Errorf("a banner with nobody away: %s", html)
	}
	counting := b(&wire.Away{Seats: []engine.Seat{1}, Millis: 42_000}, true)
	if want := i18n.T("away.waiting", "Bea", 42); !strings.Contains(counting, want) {
		t.Errorf("no %q in %s", want, counting)
	}
	if strings.Contains(counting, "away-standin") {
		t.Error("the choice is offered before the deadline ran out")
	}
	host := b(&wire.Away{Seats: []engine.Seat{1}, Expired: true}, true)
	for _, id := range []string{`id="away-wait"`, `id="away-standin"`, `id="away-end"`, i18n.T("away.standin", "Bea")} {
		if !strings.Contains(host, id) {
			t.Errorf("the host's choice lacks %s: %s", id, host)
		}
	}
	// One person holding two seats (Bea and her second character) is one name and one choice;
	// two people are two.
	names = []string{"Ann", "Bea", "Bea (character 2)", "Cy"}
	one := b(&wire.Away{Seats: []engine.Seat{1, 2}, People: []int{0, 0}, Expired: true}, true)
	if n := strings.Count(one, `id="away-standin"`); n != 1 || strings.Contains(one, "character 2") {
		t.Errorf("one person's two seats: %d choices, %s", n, one)
	}
	two := b(&wire.Away{Seats: []engine.Seat{1, 3}, People: []int{0, 1}, Expired: true}, true)
	if n := strings.Count(two, `id="away-standin"`); n != 2 || !strings.Contains(two, i18n.T("away.standin", "Cy")) {
		t.Errorf("two people: %d choices, %s", n, two)
	}
	names = []string{"Ann", "Bea", "Cy"}
	guest := b(&wire.Away{Seats: []engine.Seat{1}, Expired: true}, false)
	if strings.Contains(guest, "away-standin") || !strings.Contains(guest, i18n.T("away.host_choosing", "Bea")) {
		t.Errorf("a guest's banner: %s", guest)
	}

	// Two people, each with their own countdown: Bea's has run out, Cy (who left 20 s later)
	// still has 20 s. The host is offered a stand-in for Bea alone, and everyone sees Cy's time.
	mixed := &wire.Away{Seats: []engine.Seat{1, 2}, People: []int{0, 1}, Expired: true, Left: []int{0, 20_000}}
	host = b(mixed, true)
	if n := strings.Count(host, `id="away-standin"`); n != 1 || !strings.Contains(host, i18n.T("away.standin", "Bea")) || strings.Contains(host, i18n.T("away.standin", "Cy")) {
		t.Errorf("the host's choice with Cy's time still running: %d stand-ins, %s", n, host)
	}
	for _, w := range []string{i18n.T("away.ask_host", "Bea"), i18n.T("away.waiting", "Cy", 20)} {
		if !strings.Contains(host, html.EscapeString(w)) {
			t.Errorf("the host's banner lacks %q: %s", w, host)
		}
	}
	guest = b(mixed, false)
	for _, w := range []string{i18n.T("away.host_choosing", "Bea"), i18n.T("away.waiting", "Cy", 20)} {
		if !strings.Contains(guest, html.EscapeString(w)) {
			t.Errorf("a guest's banner lacks %q: %s", w, guest)
		}
	}
	// Both counting, each their own time.
	both := b(&wire.Away{Seats: []engine.Seat{1, 2}, People: []int{0, 1}, Millis: 5_000, Left: []int{5_000, 25_000}}, true)
	for _, w := range []string{i18n.T("away.waiting", "Bea", 5), i18n.T("away.waiting", "Cy", 25)} {
		if !strings.Contains(both, html.EscapeString(w)) {
			t.Errorf("two countdowns: %q missing in %s", w, both)
		}
	}
}
