package blindtable

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/mask"
)

// TestStandInTrapezohedron: a key holder vanishes right after the deal and a stand-in plays its
// seat for the round. When that seat takes the Trapezohedron, the peek was opened to the absent
// player alone, so the stand-in says the public guess (State.StandInColour): the round is
// scored, never voided, whatever the peeked card was; the other colour is refused. Seeds are
// searched until a guess is wrong.
func TestStandInTrapezohedron(t *testing.T) {
	const absent = engine.Seat(2)
	found, wrong := 0, 0
	for seed := uint64(300); seed < 400 && wrong < 1; seed++ {
		f := newFixture(t, seed, 4, []engine.Seat{0, 1, 2, 3}, map[string]string{"event": "trapezohedron"})
		f.level = "random"
		var mu sync.Mutex
		vanished := false
		peek, truth := -1, ""
		f.onApply = func(s engine.Seat, p *Page, e Entry) {
			mu.Lock()
			defer mu.Unlock()
			if n, ok := p.st.Head(); s == 0 && ok && n.Purpose == arkham.PurposePeek && n.Viewers.Has(absent) && vanished {
				peek = n.Handle
			}
			if s == 0 && peek >= 0 && truth == "" && p.st.d != nil && p.st.d.done {
				truth = arkham.TopicTrapSane
				if p.st.b.Public(peek).Card().Colour == arkham.Cursed {
					truth = arkham.TopicTrapCursed
				}
			}
			if s == 0 && !vanished && p.st.d != nil && p.st.d.dealt && !p.st.d.done {
				vanished = true
				go func() {
					f.vanish(absent)
					if err := f.host.StandIn(absent); err != nil {
						f.failf("stand-in: %v", err)
					}
				}()
			}
		}
		// The host's page first tries the other colour: every State refuses it (the host's
		// first), then the honest guess goes through.
		f.alter[0] = func(p *Page, in Input) []Input {
			var c ClaimBody
			if in.Kind != KindClaim || json.Unmarshal(in.Body, &c) != nil || c.Claim.Seat != absent || c.Claim.Topic == arkham.TopicOldOne {
				return []Input{in}
			}
			c.Claim.Topic = map[string]string{arkham.TopicTrapSane: arkham.TopicTrapCursed, arkham.TopicTrapCursed: arkham.TopicTrapSane}[c.Claim.Topic]
			signed, err := mask.SignClaim(p.cfg.Identity, p.st.d.sc, c.Claim)
			if err != nil {
				panic(err)
			}
			c.Claim = signed
			return []Input{resign(p, in, c), in}
		}
		f.start()
		f.settle(func() bool {
			mu.Lock()
			v := vanished
			mu.Unlock()
			end := false
			f.client(0).Do(func(p *Page) { end = p.st.b.Status().Deal != nil || p.st.b.Status().Over })
			return f.verdict() != nil || v && end
		})
		if v := f.verdict(); v != nil {
			t.Fatalf("seed %d: %v", seed, v)
		}
		for _, e := range f.host.Log() {
			if e.In.Kind != KindClaim || e.In.From != f.cfg.Host {
				continue
			}
			var c ClaimBody
			_ = json.Unmarshal(e.In.Body, &c)
			if c.Claim.Seat == absent && c.Claim.Topic != arkham.TopicOldOne {
				found++
				if rj := f.client(0).Rejects(); !slices.ContainsFunc(rj, func(r string) bool { return strings.Contains(r, "public guess") }) {
					t.Fatalf("seed %d: the other colour was not refused: %v", seed, rj)
				}
				mu.Lock()
				if truth != c.Claim.Topic {
					wrong++
				}
				t.Logf("seed %d: the stand-in for seat %d guessed %s, the peek was %s; the round was scored", seed, absent, c.Claim.Topic, truth)
				mu.Unlock()
			}
		}
		f.hostState(func(st *State) bool {
			if len(st.b.Faults()) > 0 {
				t.Fatalf("seed %d: faults %+v", seed, st.b.Faults())
			}
			return true
		})
		f.vanish(0)
		f.vanish(1)
		f.vanish(3)
	}
	if wrong == 0 {
		t.Fatalf("no seed had the stood-in seat guess a Trapezohedron colour wrong (%d guesses)", found)
	}
}
