package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/engine/games"
)

// Every problem of the code path has words in the catalog, with a way forward.
func TestCodeProblemsWorded(t *testing.T) {
	for _, key := range []string{
		session.ProblemCodePass, session.ProblemCodeNotCode, session.ProblemCodeWantOff,
		session.ProblemCodeWantAns, session.ProblemCodeNoOpen, session.ProblemCodeNoLink,
		session.ProblemCodeLost, session.ProblemCodeNotHost, session.ProblemCodeNoTable,
		session.ProblemNoRelay,
	} {
		if !i18n.Has(key) {
			t.Errorf("no message for %s", key)
		}
	}
}

func TestCodeJoinRender(t *testing.T) {
	cases := []struct {
		name    string
		page    *CodeJoin
		want    []string
		notWant []string
	}{
		{
			name:    "empty form",
			page:    &CodeJoin{},
			want:    []string{`id="code-pass-input"`, `id="offer-input"`, `id="make-answer"`, i18n.T("code.join_title")},
			notWant: []string{`id="code-problem"`},
		},
		{
			name: "a broken code says what to do",
			page: &CodeJoin{name: "Bea", problem: session.ProblemCodeNotCode},
			want: []string{`id="code-problem"`, `data-problem="code.not_code"`, i18n.T("code.not_code"), `id="make-answer"`},
		},
		{
			name: "an unexpected error is shown as text",
			page: &CodeJoin{err: "boom"},
			want: []string{`id="code-problem"`, "boom"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := html.UnescapeString(app.HTMLString(tc.page))
			for _, w := range tc.want {
				if !strings.Contains(got, html.UnescapeString(w)) {
					t.Errorf("missing %q", w)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(got, w) {
					t.Errorf("unexpected %q", w)
				}
			}
		})
	}
}

// Only a host's hosted table gets the panel.
func TestHostCodePanelOnlyForHosts(t *testing.T) {
	if hostCodePanel(nil, session.Snapshot{}) != nil {
		t.Fatal("a page with no table shows the code panel")
	}
	if hostCodeRejoin(nil, session.Snapshot{}) != nil {
		t.Fatal("a page with no table shows the reconnect panel")
	}
	solo, err := session.StartSolo(&session.MemStore{}, session.SoloConfig{Name: "Ann", Game: games.All()[0].Name(), Players: 3, Level: "random"})
	if err != nil {
		t.Fatal(err)
	}
	defer solo.Forget()
	if hostCodePanel(solo, solo.Snapshot()) != nil || hostCodeRejoin(solo, solo.Snapshot()) != nil {
		t.Fatal("a solo table offers to connect devices")
	}
}

// The host's panel offers a code while a seat is free, and says why not when none is.
func TestHostCodeFullTable(t *testing.T) {
	host, err := session.StartHostAnyNet(&session.MemStore{}, session.HostConfig{Name: "Ann", Game: games.All()[0].Name(),
		Net: session.Net{Origin: "http://x.test", RelayURL: "ws://127.0.0.1:1/signal"}})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Forget()
	for _, tc := range []struct {
		seats   int
		want    string
		notWant string
	}{
		{1, `id="code-make"`, `id="code-full"`},
		{6, `id="code-make"`, `id="code-full"`},
		{7, `id="code-full"`, `id="code-make"`},
	} {
		got := app.HTMLString(&HostCode{Sess: host, Seats: tc.seats})
		if !strings.Contains(got, tc.want) || strings.Contains(got, tc.notWant) {
			t.Errorf("%d seats: want %s and not %s in %s", tc.seats, tc.want, tc.notWant, got)
		}
	}
}
