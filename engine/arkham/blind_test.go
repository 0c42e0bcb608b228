package arkham_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/rng"
)

// blindConfigs spans seat counts, decks and tables with bots run by one page.
func blindConfig(r *rng.Rand) arkham.BlindConfig {
	seats := arkham.MinPlayers + r.Intn(arkham.MaxPlayers-arkham.MinPlayers+1)
	opts := map[string]string{}
	for _, o := range arkham.OptionList {
		if o.Key == "first" || o.Key == "helper" {
			continue
		}
		opts[o.Key] = o.Choices[r.Intn(len(o.Choices))]
	}
	cfg := arkham.BlindConfig{Config: engine.Config{Seats: seats, Options: opts}}
	// Every other game: some seats are bots run by the first key holder's page.
	bots := 0
	if r.Intn(2) == 0 {
		bots = r.Intn(seats - 1)
	}
	cfg.Runner = map[engine.Seat]engine.Seat{}
	for s := engine.Seat(0); s < engine.Seat(seats); s++ {
		if int(s) >= seats-bots {
			cfg.Runner[s] = 0
		} else {
			cfg.Holders = append(cfg.Holders, s)
		}
	}
	return cfg
}

func asJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// compare checks the host-blind machine against today's engine at a quiet moment: the same
// status, the same legal moves for every seat, and for every seat with a page the very view.
// A bot's view is its seat's view with its page's own hand hidden, unless that page knows it.
func (bt *blindTable) compare(step string) {
	t := bt.t
	t.Helper()
	if a, b := bt.ref.Status(), bt.b.Status(); !reflect.DeepEqual(a, b) {
		t.Fatalf("%s: status\nref   %+v\nblind %+v", step, a, b)
	}
	for s := engine.Seat(0); s < engine.Seat(bt.b.Players()); s++ {
		if a, b := bt.ref.Legal(s), bt.b.Legal(s); !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: seat %d legal\nref   %v\nblind %v", step, s, a, b)
		}
		runner := bt.b.Runner(s)
		want := bt.ref.ViewOf(s)
		if runner != s && want.Phase != arkham.PhaseDeal && want.Phase != arkham.PhaseOver {
			known := bt.pages[runner].know.Card(bt.b, bt.b.HeldHandle(int(runner)))
			if known != 0 && known != want.Positions[runner].Card {
				t.Fatalf("%s: page %d believes it holds %v", step, runner, known)
			}
			want.Positions[runner].Card = known
			if known == 0 {
				want.Unseen = []engine.Seat{runner}
			}
			// A bot draws (and peeks at the Orb) blind: it sees those cards only once its page
			// may, e.g. when another seat takes the card and it faces outward.
			know := bt.pages[runner].know
			pageKnows := func(c arkham.CardID) bool {
				for h := 0; h < arkham.DeckCards; h++ {
					if bt.b.Public(h) == c || know.Card(bt.b, h) == c {
						return true
					}
				}
				return false
			}
			if want.Passing != nil && know.Card(bt.b, bt.b.PassingHandle()) == 0 {
				want.Passing.Card = 0
			}
			seen := want.Seen[:0]
			for _, x := range want.Seen {
				if pageKnows(x.Card) {
					seen = append(seen, x)
				}
			}
			want.Seen = seen
		}
		// The page reloads: its knowledge comes back from its own storage.
		saved := asJSON(t, bt.pages[runner].know)
		var know arkham.Knowledge
		if err := json.Unmarshal([]byte(saved), &know); err != nil {
			t.Fatalf("%s: reload page %d: %v", step, runner, err)
		}
		if a, b := asJSON(t, want), asJSON(t, bt.b.ViewFor(s, &know)); a != b {
			t.Fatalf("%s: seat %d view\nref   %s\nblind %s", step, s, a, b)
		}
	}
	// No page knows its own person's card unless that person saw it (its own draw or peek),
	// but for the one documented exception: a bot's Trapezohedron peek, opened to its page.
	if st := bt.ref.Status(); !st.Over && st.Deal == nil {
		for _, h := range bt.hs {
			c := bt.pages[h].know.Card(bt.b, bt.b.HeldHandle(int(h)))
			if c == 0 {
				continue
			}
			ok := false
			for s := engine.Seat(0); s < engine.Seat(bt.b.Players()); s++ {
				if bt.b.Runner(s) != h {
					continue
				}
				for _, x := range bt.ref.ViewOf(s).Seen {
					ok = ok || (x.Card == c && (s == h || x.How == arkham.SeenByTrapezohedron))
				}
			}
			if !ok {
				t.Fatalf("%s: page %d knows its own card %v, which its person never saw", step, h, c)
			}
		}
	}
	if a, b := asJSON(t, bt.ref.ViewOf(engine.Observer)), asJSON(t, bt.b.PublicView()); a != b {
		t.Fatalf("%s: public view\nref   %s\nblind %s", step, a, b)
	}
}

// playBlind plays one seeded game on both machines, choosing with choose (nil: random legal
// moves), comparing at every step.
func playBlind(t *testing.T, seed uint64, cfg *arkham.BlindConfig, choose func(bt *blindTable, s engine.Seat) engine.Move, leak bool) *blindTable {
	t.Helper()
	r := rng.FromInt(seed)
	if cfg == nil {
		c := blindConfig(r)
		cfg = &c
	}
	bt := newBlindTable(t, seed, *cfg, true)
	bt.revealByAudit = seed%2 == 0 // both round-end flows, each against today's engine
	if leak {
		bt.checks = func() {
			if err := bt.leaks(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	for step := 0; step < 2000; step++ {
		st := bt.b.Status()
		if st.Over {
			return bt
		}
		if st.Deal != nil {
			var key [32]byte
			_, _ = bt.rand.Read(key[:])
			bt.applyDeal(key)
		} else {
			s := st.Active[0]
			var m engine.Move
			if choose != nil {
				m = choose(bt, s)
			} else {
				legal := bt.b.Legal(s)
				m = legal[r.Intn(len(legal))]
			}
			bt.applyMove(m)
		}
		if f := bt.b.Faults(); len(f) > 0 {
			t.Fatalf("seed %d: honest pages convicted: %+v", seed, f)
		}
		bt.compare(fmt.Sprintf("seed %d step %d", seed, step))
	}
	t.Fatalf("seed %d: game did not end", seed)
	return nil
}

// TestBlindMatchesEngine: over many seeded games of random legal moves, the host-blind machine
// driven by real masked deals reaches exactly today's engine's game, dealt the same cards:
// same statuses, legal moves and views at every step; and at every met need, no page can open a
// card it may not see with all it holds (TestBlindLeaks' property, checked here too).
func TestBlindMatchesEngine(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	seen := map[string]int{}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		bt := playBlind(t, seed, nil, nil, true)
		replayBlind(t, bt)
		for k, n := range bt.seen {
			seen[k] += n
		}
	}
	t.Logf("needs met: %v", seen)
	if testing.Short() {
		return // too few games to meet every kind
	}
	for _, k := range []string{"open/deal", "open/draw", "open/take", "open/discard", "open/peek", "open/gate",
		"open/reveal", "claim/oldone", "claim/trap", "audit/"} {
		if seen[k] == 0 {
			t.Errorf("no game met a %s need: widen the seeds", k)
		}
	}
}

// replayBlind rebuilds the public machine from the game's input log, as it travels (JSON): a
// reloading page or a record's replay reaches the very same public state.
func replayBlind(t *testing.T, bt *blindTable) {
	t.Helper()
	data, err := json.Marshal(bt.inputs)
	if err != nil {
		t.Fatal(err)
	}
	var log []arkham.BlindInput
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	b, err := arkham.NewBlind(bt.cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, in := range log {
		if err := b.Step(in); err != nil {
			t.Fatalf("replay input %d: %v", i, err)
		}
	}
	if a, c := asJSON(t, bt.b.PublicView()), asJSON(t, b.PublicView()); a != c {
		t.Fatalf("replayed public state differs\nlive   %s\nreplay %s", a, c)
	}
	if !reflect.DeepEqual(bt.b.Status(), b.Status()) {
		t.Fatal("replayed status differs")
	}
}
