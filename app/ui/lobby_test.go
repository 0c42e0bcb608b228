package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
)

// fillNote is a game that fills small tables with dummy hands, as the lobby learns through
// engine.LobbyNoter (the lobby itself knows no game's rules).
type fillNote struct{}

func (fillNote) LobbyNote(n int) (string, []any) {
	if n < 3 || n > 4 {
		return "", nil
	}
	return "lobby.dummies", []any{n, 5 - n}
}

// lobbyOptions are options whose words the catalog holds.
var lobbyOptions = []engine.Option{{Key: "doom", Choices: []string{"off", "on"}, Default: "off"}}

func TestLobbyRender(t *testing.T) {
	seats := func(n int) []LobbySeat {
		out := []LobbySeat{{Seat: 0, Name: "Ann", Host: true, You: true}}
		for i := 1; i < n; i++ {
			out = append(out, LobbySeat{Seat: i, Name: "Bot", Bot: true})
		}
		return out
	}
	cases := []struct {
		name     string
		model    LobbyModel
		want     []string
		notWant  []string
		canStart bool
	}{
		{
			name:  "host with three seats can start and sees the dummies explained",
			model: LobbyModel{Game: "test", Noter: fillNote{}, IsHost: true, Min: 3, Max: 7, Seats: seats(3), Invite: "http://x/#/join/a.b", Options: lobbyOptions},
			want: []string{`id="start"`, `id="add-bot"`, `id="invite-link"`, i18n.T("lobby.dummies", 3, 2),
				i18n.T("opt.doom.help"), i18n.T("lobby.seats", 3, 7)},
			notWant:  []string{i18n.T("lobby.waiting_host")},
			canStart: true,
		},
		{
			name:  "host alone cannot start yet",
			model: LobbyModel{Game: "test", Noter: fillNote{}, IsHost: true, Min: 3, Max: 7, Seats: seats(1)},
			want:  []string{`id="start"`, i18n.T("lobby.need_players", 3, 7, 1)},
		},
		{
			name:     "a full table offers no more bots",
			model:    LobbyModel{Game: "test", Noter: fillNote{}, IsHost: true, Min: 3, Max: 7, Seats: seats(7)},
			notWant:  []string{`id="add-bot"`, "dummy hands"},
			canStart: true,
		},
		{
			name:    "after a rematch a guest is told it is a new game at the same table",
			model:   LobbyModel{Game: "test", Noter: fillNote{}, Min: 3, Max: 7, Seats: seats(4)[1:], Match: 1},
			want:    []string{`id="new-game"`, i18n.T("lobby.new_game_guest"), i18n.T("lobby.waiting_host")},
			notWant: []string{`id="start"`, i18n.T("lobby.new_game_host")},
		},
		{
			name:     "after a rematch the host may start at once",
			model:    LobbyModel{Game: "test", Noter: fillNote{}, IsHost: true, Min: 3, Max: 7, Seats: seats(3), Invite: "http://x/#/join/a.b", Match: 2},
			want:     []string{`id="new-game"`, i18n.T("lobby.new_game_host"), `id="invite-link"`},
			canStart: true,
		},
		{
			name:     "a first game says nothing about a new game",
			model:    LobbyModel{Game: "test", Noter: fillNote{}, IsHost: true, Min: 3, Max: 7, Seats: seats(3)},
			notWant:  []string{`id="new-game"`},
			canStart: true,
		},
		{
			name:    "a guest waits and changes nothing",
			model:   LobbyModel{Game: "test", Noter: fillNote{}, Min: 3, Max: 7, Seats: seats(4)[1:], Options: lobbyOptions},
			want:    []string{i18n.T("lobby.waiting_host")},
			notWant: []string{`id="start"`, `id="add-bot"`, i18n.T("lobby.remove")},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := app.HTMLString(&Lobby{Model: c.model})
			for _, w := range c.want {
				if !strings.Contains(out, w) && !strings.Contains(out, html.EscapeString(w)) {
					t.Errorf("missing %q", w)
				}
			}
			if got := startEnabled(out); got != c.canStart {
				t.Errorf("start enabled = %v, want %v", got, c.canStart)
			}
			for _, w := range c.notWant {
				if strings.Contains(out, w) || strings.Contains(out, html.EscapeString(w)) {
					t.Errorf("unexpected %q", w)
				}
			}
		})
	}
}

func TestProblemBannerOffersAWayForward(t *testing.T) {
	for _, key := range []string{"conn.bad_link", "conn.full", "conn.host_closed", "conn.unreachable", "conn.host_gone"} {
		out := app.HTMLString(problemBanner(key, true))
		if !strings.Contains(out, `href="/"`) || strings.Contains(out, "⟨") {
			t.Errorf("%s: %s", key, out)
		}
	}
	if out := app.HTMLString(problemBanner("conn.lost", false)); strings.Contains(out, `href="/"`) {
		t.Errorf("a passing problem should not push the player away: %s", out)
	}
}

// startEnabled finds the start button's tag and reports whether it is enabled.
func startEnabled(out string) bool {
	for _, tag := range strings.Split(out, "<button") {
		if strings.Contains(tag, `id="start"`) {
			tag, _, _ = strings.Cut(tag, ">")
			return strings.Contains(tag, `disabled="false"`) || !strings.Contains(tag, "disabled")
		}
	}
	return false
}
