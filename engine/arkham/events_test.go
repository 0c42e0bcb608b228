package arkham

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"miskatonic/engine"
)

func TestOrb(t *testing.T) {
	base := spot{players: 5, held: []CardID{dagger1, Orb, grimoire1, idol1, candelabra1},
		deck: []CardID{dagger2, chaliceX, grimoire2}}
	t.Run("ruling 4: the peek is private and the discarder chooses", func(t *testing.T) {
		g := base.game(t)
		play(t, g, "give 1", "take")
		if st := g.Status(); st.Phase != PhaseOrb || !st.IsActive(1) {
			t.Fatalf("status %+v", st)
		}
		if got := g.Legal(1); len(got) != 2 || got[0].Option != OrbReturn || got[1].Option != OrbRemove {
			t.Fatalf("legal %v", got)
		}
		v := g.ViewOf(1)
		if len(v.Seen) != 1 || v.Seen[0].Card != chaliceX || v.Seen[0].How != "orb" || v.Seen[0].Where != "deck" {
			t.Fatalf("discarder's seen = %+v", v.Seen)
		}
		for _, s := range []engine.Seat{engine.Observer, 0, 2, 3, 4} {
			if strings.Contains(viewJSON(t, g, s), `"chalice-cursed"`) {
				t.Fatalf("seat %d sees the peeked card", s)
			}
		}
	})
	t.Run("ruling 4: remove takes the top card out face down", func(t *testing.T) {
		g := base.game(t)
		play(t, g, "give 1", "take", "orb remove")
		v := g.ViewOf(2)
		if v.Removed != 1 || v.DeckSize != 0 || v.Active != 2 {
			t.Fatalf("removed %d deck %d active %d", v.Removed, v.DeckSize, v.Active)
		}
		if g.passing.open() != grimoire2 {
			t.Fatalf("next draw = %v, want grimoire-2", g.passing.open())
		}
		if w := g.ViewOf(1).Seen[0].Where; w != "removed" {
			t.Fatalf("peeked card is %s, want removed", w)
		}
		if last := v.Log[len(v.Log)-1]; last.Kind != "orb_remove" || last.Card != 0 {
			t.Fatalf("log %+v", last)
		}
	})
	t.Run("ruling 4: return leaves it on top; the peeker can follow it", func(t *testing.T) {
		g := base.game(t)
		play(t, g, "give 1", "take", "orb return")
		if g.passing.open() != chaliceX {
			t.Fatalf("next draw = %v", g.passing.open())
		}
		play(t, g, "give 1") // C gives the card B peeked back to B
		seen := g.ViewOf(1).Seen
		if seen[0].Where != "passing" || seen[0].Seat != 1 {
			t.Fatalf("seen %+v", seen)
		}
		if c := g.ViewOf(1).Passing.Card; c != chaliceX {
			t.Fatalf("peeker sees the passing card as %v", c)
		}
		if c := g.ViewOf(3).Passing.Card; c != 0 {
			t.Fatalf("a bystander sees the passing card: %v", c)
		}
	})
	t.Run("ruling 4: Orb on an empty deck does nothing", func(t *testing.T) {
		g := spot{players: 5, held: []CardID{dagger1, Orb, grimoire1, idol1, candelabra1},
			deck: []CardID{dagger2}}.game(t)
		play(t, g, "give 1", "take")
		if g.phase != phDeal || g.last.cause != causeDeckEmpty || g.nSeen != 1 {
			t.Fatalf("phase %s cause %s seen %d", phaseNames[g.phase], causeNames[g.last.cause], g.nSeen)
		}
	})
}

func TestTrapezohedron(t *testing.T) {
	cases := []struct {
		name   string
		sanity int8
		top    CardID
		want   int
		over   bool
	}{
		{"ruling 5: sane top card: gain 1", 5, chalice1, 6, false},
		{"ruling 1 and 5: sane top card at 7 stays 7", 7, chalice1, 7, false},
		{"ruling 5: cursed top card: lose 1", 5, chaliceX, 4, false},
		{"ruling 5: Trapezohedron at 1 sanity ends the game at once", 1, chaliceX, 0, true},
		{"ruling 5: an Old One is cursed", 3, Hastur, 2, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := spot{players: 5, opts: map[string]string{"event": "trapezohedron"},
				held:   []CardID{dagger1, Trapezohedron, grimoire1, idol1, candelabra1},
				deck:   []CardID{dagger2, c.top, grimoire2},
				sanity: []int8{7, c.sanity, 7, 7, 7}}.game(t)
			play(t, g, "give 1", "take")
			if int(g.sanity[1]) != c.want {
				t.Fatalf("sanity = %d, want %d", g.sanity[1], c.want)
			}
			st := g.Status()
			if st.Over != c.over {
				t.Fatalf("over = %v", st.Over)
			}
			if c.over {
				if st.Result.Reason != ReasonTrapezohedron || len(st.Result.Winners) != 4 {
					t.Fatalf("result %+v", st.Result)
				}
				return
			}
			if g.passing.open() != c.top {
				t.Fatalf("the peeked card did not stay on top: drew %v", g.passing.open())
			}
			pub := g.ViewOf(engine.Observer)
			var tr *Event
			for i := range pub.Log {
				if pub.Log[i].Kind == "trapezohedron" {
					tr = &pub.Log[i]
				}
			}
			if tr == nil || (tr.N > 0) == isCursed[c.top] {
				t.Fatalf("public log lacks the gain or loss: %+v", pub.Log)
			}
			if strings.Contains(viewJSON(t, g, 3), `"`+c.top.Key()+`"`) {
				t.Fatal("a bystander sees the peeked card")
			}
			if s := g.ViewOf(1).Seen; len(s) != 1 || s[0].Card != c.top || s[0].How != "trapezohedron" {
				t.Fatalf("peeker's seen %+v", s)
			}
		})
	}
}

func TestViews(t *testing.T) {
	g := spot{players: 4, held: []CardID{dagger1, chalice1, grimoire1, idol1, candelabra1},
		deck: []CardID{dagger2, chalice2}}.game(t)
	play(t, g, "give 2")
	for _, c := range []struct {
		seat      engine.Seat
		hidden    []int // positions whose card must be null
		passingUp bool
	}{
		{engine.Observer, []int{0, 1, 2, 3}, false},
		{0, []int{0}, true},
		{1, []int{1}, false},
		{2, []int{2}, false},
	} {
		v := g.ViewOf(c.seat)
		for _, p := range v.Positions {
			hid := false
			for _, h := range c.hidden {
				hid = hid || int(p.Seat) == h
			}
			if (p.Card == 0) != hid {
				t.Errorf("seat %d sees position %d as %v", c.seat, p.Seat, p.Card)
			}
		}
		if (v.Passing.Card != 0) != c.passingUp {
			t.Errorf("seat %d sees the passing card as %v", c.seat, v.Passing.Card)
		}
		if v.Passing.Holder != 2 || len(v.Passing.Chain) != 2 {
			t.Errorf("passing %+v", v.Passing)
		}
	}
	if !g.ViewOf(1).Positions[4].Dummy || g.ViewOf(engine.Observer).Positions[4].Card != candelabra1 {
		t.Error("the dummy's card must be face up to everyone")
	}
}

// TestViewSize plays long 7-player games (everyone passes as long as possible, so the log is
// as long as it gets) and checks every view stays within 16 KiB.
func TestViewSize(t *testing.T) {
	worst := 0
	for seed := byte(0); seed < 20; seed++ {
		g, _ := New(engine.Config{Seats: 7, Options: map[string]string{"event": "trapezohedron"}})
		for step := 0; step < 2000; step++ {
			s, ok := g.Mover()
			if !ok {
				break
			}
			if s == engine.Dealer {
				g.ApplyDeal([32]byte{seed, byte(step)})
				continue
			}
			legal := g.Legal(s)
			m := legal[len(legal)-1] // pass to the highest seat, or drop/remove
			if g.phase == phRespond && len(legal) > 1 && legal[len(legal)-1].Kind == MoveDrop {
				m = legal[0] // take rather than end the round
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			for _, v := range []engine.Seat{engine.Observer, 0, 3, 6} {
				b, _ := json.Marshal(g.View(v))
				worst = max(worst, len(b))
			}
		}
	}
	if worst > 16<<10 {
		t.Fatalf("largest view %d bytes", worst)
	}
	t.Logf("largest 7-player view: %d bytes", worst)
}

// TestBadInput: refused moves return typed errors and leave the game byte-for-byte unchanged.
func TestBadInput(t *testing.T) {
	g := spot{players: 5, held: []CardID{dagger1, Orb, grimoire1, idol1, candelabra1},
		deck: []CardID{dagger2, chalice2, grimoire2}}.game(t)
	give := func() *Game { return g.Clone().(*Game) }
	respond := func() *Game { h := give(); play(t, h, "give 1", "pass 3"); return h }
	orb := func() *Game { h := give(); play(t, h, "give 1", "take"); return h }
	dealing := func() *Game { h := give(); play(t, h, dropAll5...); return h }
	over := func() *Game {
		h := spot{players: 5, held: []CardID{dagger1, candelabra1, grimoire1, idolX, candelabraX},
			deck: []CardID{chalice1}, sanity: []int8{1, 1, 1, 1, 1}}.game(t)
		play(t, h, dropAll5...)
		return h
	}
	seed := strings.Repeat("ab", 32)
	cases := []struct {
		name string
		at   func() *Game
		m    engine.Move
		kind engine.Kind
	}{
		{"out of turn", give, engine.Move{Seat: 2, Kind: MoveGive, To: 1}, engine.KindNotYourTurn},
		{"give to self", give, engine.Move{Seat: 0, Kind: MoveGive, To: 0}, engine.KindIllegal},
		{"give to a dummy-sized seat", give, engine.Move{Seat: 0, Kind: MoveGive, To: 5}, engine.KindIllegal},
		{"give with a stray card field", give, engine.Move{Seat: 0, Kind: MoveGive, To: 1, Card: 3}, engine.KindIllegal},
		{"take in the give phase", give, engine.Move{Seat: 0, Kind: MoveTake}, engine.KindIllegal},
		{"unknown kind", give, engine.Move{Seat: 0, Kind: "keep"}, engine.KindMalformed},
		{"empty kind", give, engine.Move{Seat: 0}, engine.KindMalformed},
		{"no such seat", give, engine.Move{Seat: 9, Kind: MoveGive, To: 1}, engine.KindBadSeat},
		{"observer moves", give, engine.Move{Seat: engine.Observer, Kind: MoveGive, To: 1}, engine.KindBadSeat},
		{"deal when none is due", give, engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: seed}, engine.KindIllegal},
		{"pass to a hand off the table", respond, engine.Move{Seat: 3, Kind: MovePass, To: 1}, engine.KindIllegal},
		{"pass back to the active player", respond, engine.Move{Seat: 3, Kind: MovePass, To: 0}, engine.KindIllegal},
		{"drop while hands remain", respond, engine.Move{Seat: 3, Kind: MoveDrop}, engine.KindIllegal},
		{"the previous holder takes", respond, engine.Move{Seat: 1, Kind: MoveTake}, engine.KindNotYourTurn},
		{"orb with a bad option", orb, engine.Move{Seat: 1, Kind: MoveOrb, Option: "keep"}, engine.KindIllegal},
		{"orb by another seat", orb, engine.Move{Seat: 0, Kind: MoveOrb, Option: OrbReturn}, engine.KindNotYourTurn},
		{"move while the deal is due", dealing, engine.Move{Seat: 0, Kind: MoveGive, To: 1}, engine.KindNeedDeal},
		{"deal by a player", dealing, engine.Move{Seat: 0, Kind: engine.KindDeal, Seed: seed}, engine.KindIllegal},
		{"deal with a short seed", dealing, engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: "abcd"}, engine.KindMalformed},
		{"deal with a non-hex seed", dealing, engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: strings.Repeat("zz", 32)}, engine.KindMalformed},
		{"deal with extra fields", dealing, engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: seed, N: 2}, engine.KindMalformed},
		{"move after the end", over, engine.Move{Seat: 0, Kind: MoveGive, To: 1}, engine.KindGameOver},
		{"deal after the end", over, engine.Move{Seat: engine.Dealer, Kind: engine.KindDeal, Seed: seed}, engine.KindGameOver},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := c.at()
			before := *h
			err := h.Apply(c.m)
			var e *engine.Error
			if !errors.As(err, &e) || e.Kind != c.kind {
				t.Fatalf("Apply(%v) = %v, want kind %s", c.m, err, c.kind)
			}
			if *h != before {
				t.Fatal("a refused move changed the game")
			}
		})
	}
}

// TestDealRequests: every round asks for a fresh deal whose epoch is the round number and whose
// context binds the round, the table size and the deck.
func TestDealRequests(t *testing.T) {
	g, _ := New(engine.Config{Seats: 4, Options: map[string]string{"oldone": "hastur"}})
	contexts := map[string]bool{}
	for round := 1; ; round++ {
		st := g.Status()
		if st.Over {
			break
		}
		if st.Deal == nil || st.Deal.Epoch != round || !st.IsActive(engine.Dealer) || len(st.Active) != 1 {
			t.Fatalf("round %d: status %+v", round, st)
		}
		ctx := st.Deal.Context
		for _, want := range []string{"arkham", "round=" + string(rune('0'+round)), "players=4", "oldone=hastur"} {
			if round < 10 && !strings.Contains(ctx, want) {
				t.Fatalf("context %q lacks %q", ctx, want)
			}
		}
		if contexts[ctx] {
			t.Fatalf("context %q reused", ctx)
		}
		contexts[ctx] = true
		if err := g.Apply(engine.DealMove([32]byte{byte(round)})); err != nil {
			t.Fatal(err)
		}
		for g.phase != phDeal && g.phase != phOver { // everyone passes: the round ends quickly
			s, _ := g.Mover()
			legal := g.Legal(s)
			if err := g.Apply(legal[len(legal)-1]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(contexts) < 2 {
		t.Fatalf("only %d rounds", len(contexts))
	}
}
