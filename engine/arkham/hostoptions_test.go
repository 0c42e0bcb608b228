package arkham

import (
	"encoding/json"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// dealFirst starts a game and applies the first round's deal with key k.
func dealFirst(t *testing.T, cfg engine.Config, k [32]byte) *Game {
	t.Helper()
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(engine.DealMove(k)); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestHostPicksFirstPlayer: spec ruling 13 lets the host pick the first round's active player
// instead of the deal. Whatever the deal key, the picked seat is active in round 1; from round 2
// on the usual lowest-sanity rule applies.
func TestHostPicksFirstPlayer(t *testing.T) {
	for seats := MinPlayers; seats <= MaxPlayers; seats++ {
		for pick := 1; pick <= seats; pick++ {
			opts := map[string]string{"first": "seat" + string(rune('0'+pick))}
			for k := 0; k < 8; k++ {
				key := rng.FromInt(uint64(seats*100 + pick*10 + k)).Seed()
				g := dealFirst(t, engine.Config{Seats: seats, Options: opts}, key)
				if st := g.Status(); len(st.Active) != 1 || st.Active[0] != engine.Seat(pick-1) {
					t.Fatalf("%d seats, host picked seat %d: active %v", seats, pick, st.Active)
				}
			}
		}
	}
	// With the deal choosing, every seat is sometimes first (the option does not stick).
	seen := map[engine.Seat]bool{}
	for k := 0; k < 200 && len(seen) < 5; k++ {
		key := rng.FromInt(uint64(k)).Seed()
		seen[dealFirst(t, engine.Config{Seats: 5, Options: map[string]string{"first": "deal"}}, key).Status().Active[0]] = true
	}
	if len(seen) != 5 {
		t.Fatalf("random first player only ever %v", seen)
	}
}

func TestFirstPlayerOptionRefused(t *testing.T) {
	for _, first := range []string{"seat0", "seat8", "5", "Seat1", "random"} {
		g, err := Rules{}.New(engine.Config{Seats: 5, Options: map[string]string{"first": first}})
		if err == nil || g != nil || engine.KindOf(err) != engine.KindBadConfig {
			t.Fatalf("first=%s: %v, %v", first, g, err)
		}
	}
}

// TestFirstPlayerBeyondTheTable: the lobby offers seats 1-7 whatever the table's size; a pick
// of a seat the table does not have (a player left after the host chose) leaves the choice to
// the deal, exactly as if the host had not picked, instead of refusing to start.
func TestFirstPlayerBeyondTheTable(t *testing.T) {
	key := rng.FromInt(9).Seed()
	picked := dealFirst(t, engine.Config{Seats: 3, Options: map[string]string{"first": "seat5"}}, key)
	dealt := dealFirst(t, engine.Config{Seats: 3}, key)
	a, _ := json.Marshal(picked.View(engine.Observer))
	b, _ := json.Marshal(dealt.View(engine.Observer))
	if string(a) != string(b) {
		t.Fatalf("an impossible pick changed the game:\n%s\n%s", a, b)
	}
}

// TestFirstPlayerBoundIntoTheDeal: the host's pick is part of what the first deal is committed
// for (a deal under one pick cannot be passed off under another), and a random first player
// leaves the context exactly as before the option existed, so old records still verify.
func TestFirstPlayerBoundIntoTheDeal(t *testing.T) {
	ctx := func(opts map[string]string) string {
		g, err := New(engine.Config{Seats: 4, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		return g.Status().Deal.Context
	}
	old := "arkham/v1 round=1 players=4 event=orb character1=investigator character2=cultist oldone=cthulhu doom=off variant=standard"
	if got := ctx(nil); got != old {
		t.Fatalf("default context %q, want %q", got, old)
	}
	if got := ctx(map[string]string{"first": "deal", "helper": "off"}); got != old {
		t.Fatalf("dealt first / helper off context %q", got)
	}
	if got := ctx(map[string]string{"first": "seat2"}); got != old+" first=seat2" {
		t.Fatalf("picked first context %q", got)
	}
}

// TestHelperOption travels in every seat's view (the board hides the deduction helper when the
// host turned it off) and changes nothing else a seat sees.
func TestHelperOption(t *testing.T) {
	var key [32]byte
	key[0] = 7
	on := dealFirst(t, engine.Config{Seats: 5}, key)
	off := dealFirst(t, engine.Config{Seats: 5, Options: map[string]string{"helper": "off"}}, key)
	for s := engine.Observer; s < 5; s++ {
		a, _ := json.Marshal(on.View(s))
		b, _ := json.Marshal(off.View(s))
		if strings.Contains(string(a), `"helper"`) || !strings.Contains(string(b), `"helper":"off"`) {
			t.Fatalf("seat %d: helper not in the view as chosen:\n%s\n%s", s, a, b)
		}
		if strings.Replace(string(b), `,"helper":"off"`, "", 1) != string(a) {
			t.Fatalf("seat %d: the helper option changed more than itself", s)
		}
		v, err := Rules{}.DecodeView(b)
		if err != nil || !v.(*View).Options.HelperOff() {
			t.Fatalf("decoded view: %v", err)
		}
	}
	if m := off.Options().Map(); m["helper"] != "off" || m["first"] != "deal" {
		t.Fatalf("map %v", m)
	}
}
