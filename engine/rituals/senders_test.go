package rituals

import (
	"fmt"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/enginetest"
	"miskatonic/engine/rng"
)

// TestPlaceSendersFollowCultists: every cultist at a ritual place is shown with the seat that
// sent it, the seat its placement was logged for; the log restarts each round but the sender
// stays into the next rounds, also when Embarrassing Mistake moves the cultist to another place.
func TestPlaceSendersFollowCultists(t *testing.T) {
	checked, moved := 0, 0
	for seed := uint64(0); seed < 60; seed++ {
		rnd := rng.FromInt(seed)
		g, _ := New(engine.Config{Seats: MinPlayers + int(seed)%(MaxPlayers-MinPlayers+1)})
		sender := map[CardID]engine.Seat{}
		fail := enginetest.FailOn(t)
		enginetest.WalkWith(g, rnd, 0, enginetest.Hooks{After: func(s engine.Seat, m engine.Move, err error) {
			fail(s, m, err)
			v := g.ViewOf(engine.Observer)
			for _, e := range v.Log {
				switch e.Kind {
				case EventPlace:
					sender[e.Card] = e.Seat
				case EventPlay:
					if Cards[e.Card].Event == KeyMistake {
						moved++
					}
				}
			}
			for _, p := range v.Places {
				if len(p.Senders) != len(p.Cultists) {
					t.Fatalf("seed %d: place %s shows %d cultists and %d senders", seed, p.Key, len(p.Cultists), len(p.Senders))
				}
				for i, c := range p.Cultists {
					want, ok := sender[c]
					if !ok {
						// Placed by the move that also ended the round: that log was cleared
						// before this look.
						continue
					}
					if p.Senders[i] != want {
						t.Fatalf("seed %d: cultist %d at %s shown as sent by %d, placed by %d", seed, c, p.Key, p.Senders[i], want)
					}
					checked++
				}
			}
		}})
	}
	if checked < 3000 || moved == 0 {
		t.Fatalf("only %d cultists checked, %d Embarrassing Mistakes played", checked, moved)
	}
}

// TestLobbyNote: two or three players hear which cultists leave the deck (the eight "2-3" cards
// of spec §2.4, by insanity) and how big the deck is; two also hear that the psychotic #1 goes to
// the other player; four and five hear nothing.
func TestLobbyNote(t *testing.T) {
	for _, c := range []struct {
		seats int
		key   string
	}{{2, "rit.lobby.two"}, {3, "rit.lobby.three"}, {4, ""}, {5, ""}} {
		key, args := Rules{}.LobbyNote(c.seats)
		if key != c.key {
			t.Fatalf("%d players: key %q, want %q", c.seats, key, c.key)
		}
		if key == "" {
			continue
		}
		want := []any{c.seats, 8, "9, 17, 30, 42, 52, 53, 71, 89", 84}
		if fmt.Sprint(args) != fmt.Sprint(want) {
			t.Fatalf("%d players: %v, want %v", c.seats, args, want)
		}
		g, _ := New(engine.Config{Seats: c.seats})
		g.ApplyDeal(rng.FromInt(1).Seed())
		if int(g.deckEnd) != 84 {
			t.Fatalf("%d players: the engine deals from %d cards, the note says 84", c.seats, g.deckEnd)
		}
	}
}
