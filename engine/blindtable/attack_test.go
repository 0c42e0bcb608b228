package blindtable

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/bot"
	"miskatonic/engine/mask"
)

// resign is what an attacker's page does after changing an input's body: sign it again.
func resign(p *Page, in Input, body any) Input {
	out, err := Sign(p.cfg.Identity, p.st.id, p.cfg.Seat, in.Kind, body)
	if err != nil {
		panic(err)
	}
	return out
}

// once guards an attack made at most once per game.
type once struct {
	mu   sync.Mutex
	done bool
	seat engine.Seat
}

func (o *once) try(s engine.Seat) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.done {
		return false
	}
	o.done, o.seat = true, s
	return true
}

func (o *once) did() (bool, engine.Seat) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.done, o.seat
}

// TestShiftedTokenRefused: a guest seals a viewer its token shifted to show another card
// (T + M_A − M_B). The viewer refuses it on receipt, before it opens anything, and its verdict
// names the guest; in clear (a public opening) the host refuses to sequence it at all.
func TestShiftedTokenRefused(t *testing.T) {
	for _, public := range []bool{false, true} {
		f := newFixture(t, 21, 4, []engine.Seat{0, 1, 2, 3}, nil)
		var at once
		var victim engine.Seat = -1
		var victimKnew int
		f.alter[1] = func(p *Page, in Input) []Input {
			if in.Kind != KindTokens {
				return []Input{in}
			}
			var tb Tokens
			_ = json.Unmarshal(in.Body, &tb)
			n, _ := p.st.Head()
			if (tb.Out.Public != nil) != public || (!public && len(tb.Out.Sealed) == 0) || !at.try(1) {
				return []Input{in}
			}
			tok, _ := p.key.Token(p.cfg.Rand, p.st.d.sc, p.st.Final()[n.Handle], n.Handle, n.Purpose)
			shifted, _ := mask.AddPoints(tok.T, p.st.deck.Point(0))
			tok.T, _ = mask.SubPoints(shifted, p.st.deck.Point(1))
			if public {
				tb.Out.Public = &tok
			} else {
				env := tb.Out.Sealed[0]
				victim = env.To
				msg, _ := json.Marshal(tok)
				tb.Out.Sealed[0], _ = p.box.Seal(p.cfg.Rand, p.st.d.sc, p.cfg.Seat, p.st.d.peers[env.To], env.Label, msg)
			}
			return []Input{resign(p, in, tb)}
		}
		f.start()
		if public {
			f.settle(func() bool { return len(f.client(1).Rejects()) > 0 })
			r := f.client(1).Rejects()[0]
			if !strings.Contains(r, "proof") {
				t.Fatalf("host refused the shifted public token with %q", r)
			}
			if v := f.verdict(); v != nil {
				t.Fatalf("a refused token changed a page: %v", v)
			}
			t.Logf("public: host refused it: %s", r)
			continue
		}
		f.settle(func() bool { return len(f.verdicts()) == 4 })
		v := f.verdicts()[victim]
		if v.Seat != 1 || v.Code != CodeToken || !strings.Contains(v.Detail, "on receipt") {
			t.Fatalf("verdict %+v, want seat 1's token refused on receipt", v)
		}
		for s, w := range f.verdicts() { // the victim's report stops the whole table
			if w.Seat != 1 || w.Code != CodeToken {
				t.Fatalf("seat %d's page: verdict %+v", s, w)
			}
			if s != victim {
				t.Logf("seat %d's page: %v", s, w)
			}
		}
		if _, err := f.host.Submit(must(Sign(f.ids[0], ConfigID(f.cfg), 0, KindSigma, Sigma{Deal: 1}))); err == nil {
			t.Fatal("the host sequences after the verdict")
		}
		f.client(victim).Do(func(p *Page) {
			n, _ := p.st.Head()
			victimKnew = int(p.know.Card(p.st.b, n.Handle))
		})
		if victimKnew != 0 {
			t.Fatalf("the victim opened the card anyway: %d", victimKnew)
		}
		t.Logf("sealed: seat %d's page: %v", victim, v)
	}
}

// TestChainCheatNamed: seat 2 cheats in its shuffle step — a card substituted by one it can
// read, a card duplicated, or the whole step masked with another σ than it committed. The
// audit (at round end, or at once when a card opens twice or to no card) names seat 2's step.
func TestChainCheatNamed(t *testing.T) {
	cases := map[string]func(p *Page, out []mask.Masked){
		"substituted": func(p *Page, out []mask.Masked) { out[4] = p.st.deck.Initial()[7] },
		"duplicated":  func(p *Page, out []mask.Masked) { out[3] = out[9] },
		"masked": func(p *Page, out []mask.Masked) {
			in := p.st.d.steps[len(p.st.d.steps)-1].Deck
			other, _ := mask.Shuffle(p.st.d.sc, p.cfg.Seat, mask.Hash{1, 2, 3}, p.st.d.ks.Joint(), in)
			copy(out, other)
		},
	}
	for name, cheat := range cases {
		f := newFixture(t, 31, 4, []engine.Seat{0, 1, 2, 3}, nil)
		f.level = bot.LevelRandom
		var at once
		f.alter[2] = func(p *Page, in Input) []Input {
			if in.Kind != KindShuffle || !at.try(2) {
				return []Input{in}
			}
			var sh Shuffle
			_ = json.Unmarshal(in.Body, &sh)
			cheat(p, sh.Deck)
			return []Input{resign(p, in, sh)}
		}
		f.start()
		f.settle(func() bool { return f.verdict() != nil || f.over() })
		v := f.verdict()
		if v == nil || v.Seat != 2 || v.Code != CodeChain {
			t.Fatalf("%s: verdict %+v, want seat 2's chain step", name, v)
		}
		t.Logf("%s: %s", name, v.Detail)
	}
}

// TestFalseClaimNamed: at a Gate, a guest that sees the Great Old One held claims it sees none.
// The round's audit convicts it by seat.
func TestFalseClaimNamed(t *testing.T) {
	for seed := uint64(1); seed < 20; seed++ { // seed 1 gives a liar its chance (games are reproducible)
		f := newFixture(t, seed, 6, []engine.Seat{0, 1, 2, 3, 4, 5}, nil)
		f.level = bot.LevelRandom
		var at once
		for _, s := range f.cfg.Game.Holders {
			f.alter[s] = func(p *Page, in Input) []Input {
				if in.Kind != KindClaim || p.cfg.Seat == f.cfg.Host {
					return []Input{in}
				}
				var cb ClaimBody
				_ = json.Unmarshal(in.Body, &cb)
				if cb.Claim.Topic != arkham.TopicOldOne || len(cb.Claim.Sees) == 0 || !at.try(p.cfg.Seat) {
					return []Input{in}
				}
				cb.Claim.Sees = nil
				cb.Claim, _ = mask.SignClaim(p.cfg.Identity, p.st.d.sc, cb.Claim)
				return []Input{resign(p, in, cb)}
			}
		}
		f.start()
		f.settle(func() bool { return f.over() })
		lied, liar := at.did()
		v := f.verdict()
		if !lied {
			if v != nil {
				t.Fatalf("seed %d: honest table convicted: %v", seed, v)
			}
			continue
		}
		if v == nil || v.Seat != liar || v.Code != CodeClaim {
			t.Fatalf("seed %d: verdict %+v, want seat %d's claim", seed, v, liar)
		}
		t.Logf("seed %d: seat %d lied: %s", seed, liar, v.Detail)
		return
	}
	t.Fatal("no game gave a liar its chance")
}

// TestTokensStayInViewerSets: over random games, every token an honest page sends goes to its
// opening's viewer set only: sealed to members other than itself, in clear only for everyone.
func TestTokensStayInViewerSets(t *testing.T) {
	checked := 0
	var mu sync.Mutex
	games := uint64(4)
	if testing.Short() {
		games = 1
	}
	for seed := uint64(60); seed < 60+games; seed++ {
		seats := 3 + int(seed%5)
		humans := []engine.Seat{0, 1}
		for s := engine.Seat(2); s < engine.Seat(seats); s += 2 {
			humans = append(humans, s)
		}
		f := newFixture(t, seed, seats, humans, nil)
		f.level = bot.LevelRandom
		for _, s := range humans {
			f.alter[s] = func(p *Page, in Input) []Input {
				if in.Kind != KindTokens {
					return []Input{in}
				}
				var tb Tokens
				_ = json.Unmarshal(in.Body, &tb)
				n, _ := p.st.Head()
				if tb.Out.Public != nil && !n.Viewers.All {
					f.failf("seat %d sent need %d's token in clear to %+v", s, n.ID, n.Viewers)
				}
				for _, env := range tb.Out.Sealed {
					if !n.Viewers.Has(env.To) || env.To == s || n.Viewers.All {
						f.failf("seat %d sealed need %d's token to seat %d, viewers %+v", s, n.ID, env.To, n.Viewers)
					}
				}
				mu.Lock()
				checked += 1 + len(tb.Out.Sealed)
				mu.Unlock()
				return []Input{in}
			}
		}
		f.play()
	}
	t.Logf("%d tokens checked", checked)
	if checked == 0 {
		t.Fatal("no token checked")
	}
}
