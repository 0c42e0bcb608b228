package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// TestLobbyYouOnce: the lobby lists a player who kept the default name as "You", not "You (you)".
func TestLobbyYouOnce(t *testing.T) {
	m := LobbyModel{Game: "test", IsHost: true, Min: 2, Max: 4, Options: lobbyOptions,
		Seats: []LobbySeat{{Seat: 0, Name: "You", Host: true, You: true}, {Seat: 1, Name: "Bot", Bot: true}}}
	out := html.UnescapeString(app.HTMLString(&Lobby{Model: m}))
	if strings.Contains(out, "You (you)") || !strings.Contains(out, `class="seat-name">You<`) {
		t.Fatalf("lobby seat: %s", out)
	}
}
