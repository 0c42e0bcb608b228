package table

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"miskatonic/engine"
	"miskatonic/engine/arkham"
	"miskatonic/engine/fair/toy"
	"miskatonic/engine/wire"
)

func init() { extraRules["arkham"] = arkham.Rules{} }

// randomOptions picks one choice of every option.
// randomOptions draws options a table of seats may be started with (some choices depend on
// the seat count, as Arkham's first player does); the draw repeats until the rules accept it.
func randomOptions(r engine.Rules, seats int, rr *randReader) map[string]string {
	for {
		m := map[string]string{}
		for _, o := range r.Options() {
			m[o.Key] = o.Choices[rr.intn(len(o.Choices))]
		}
		if _, err := r.New(engine.Config{Seats: seats, Options: m}); err == nil {
			return m
		}
	}
}

// A host with 6 guests plays whole Arkham Ritual games over links that drop, duplicate, delay
// and reorder frames; every guest ends with the host's view of its seat and every deal verified.
func TestArkhamSixGuestsFaultyLinks(t *testing.T) {
	playFaulty(t, arkham.Rules{}, 6, 4, nil)
}

// recorder keeps every frame a guest receives.
type recorder struct {
	Conn
	mu     sync.Mutex
	frames [][]byte
}

func (r *recorder) Recv() ([]byte, error) {
	f, err := r.Conn.Recv()
	if err == nil {
		r.mu.Lock()
		r.frames = append(r.frames, f)
		r.mu.Unlock()
	}
	return f, err
}

// checkFrames decodes every frame a seat received and checks it reveals nothing the seat may not
// know: each view (and legal list) is exactly the engine's for that seat at that seq, moves and logs never
// carry an unrevealed deal key, and a deal's secret comes only after its epoch ended.
func checkFrames(rules engine.Rules, rec engine.Record, seat engine.Seat, frames [][]byte) error {
	g, err := rules.New(rec.Config)
	if err != nil {
		return err
	}
	views, legal := []string{}, []string{}
	epochEnd := map[int]int{} // epoch → game seq at which the next deal was asked for or the game ended
	epoch := 0
	keys := []string{}
	add := func() {
		b, _ := json.Marshal(g.View(seat))
		views = append(views, string(b))
		l := g.Legal(seat)
		if l == nil {
			l = []engine.Move{}
		}
		b, _ = json.Marshal(l)
		legal = append(legal, string(b))
	}
	add()
	for i, m := range rec.Moves {
		if m.Kind == engine.KindDeal {
			epoch++
			keys = append(keys, m.Seed)
		}
		if err := g.Apply(m); err != nil {
			return fmt.Errorf("replay move %d: %v", i, err)
		}
		add()
		st := g.Status()
		if st.Deal != nil || st.Over {
			if _, ok := epochEnd[epoch]; !ok && epoch > 0 {
				epochEnd[epoch] = i + 1
			}
		}
	}
	seen := -1 // highest view seq received so far
	for _, f := range frames {
		_, msg, err := wire.Decode(f)
		if err != nil {
			return fmt.Errorf("undecodable frame: %v", err)
		}
		for e, k := range keys {
			if k != "" && strings.Contains(string(f), k) {
				if _, ok := msg.(*wire.Log); !ok {
					return fmt.Errorf("deal %d's key sent in a %s", e+1, msg.Type())
				}
			}
		}
		switch m := msg.(type) {
		case *wire.View:
			if m.Seq >= len(views) || string(m.View) != views[m.Seq] {
				return fmt.Errorf("view at seq %d differs from the engine's view of seat %d:\n%s\n%s", m.Seq, seat, m.View, views[min(m.Seq, len(views)-1)])
			}
			if l, _ := json.Marshal(m.Legal); string(l) != legal[m.Seq] {
				return fmt.Errorf("legal moves at seq %d differ from the engine's: %s, want %s", m.Seq, l, legal[m.Seq])
			}
			if m.Move != nil && m.Move.Seed != "" {
				return fmt.Errorf("view %d carries a deal key", m.Seq)
			}
			seen = max(seen, m.Seq)
		case *wire.Log:
			seen = max(seen, m.From+len(m.Moves)) // public moves already applied (a late watcher's log)
			for _, mv := range m.Moves {
				if mv.Seed != "" {
					return fmt.Errorf("log carries a deal key")
				}
			}
		case *wire.Reveal:
			end, ok := epochEnd[m.Epoch]
			if !ok || seen < end {
				return fmt.Errorf("deal %d revealed at seq %d, before its epoch ended (seq %d)", m.Epoch, seen, end)
			}
		}
	}
	return nil
}

// TestNoLeaks plays 1,000 random games (Arkham Ritual and the toy game, 3–7 seats, random
// options, some bots) and checks every frame every guest received.
func TestNoLeaks(t *testing.T) {
	defer checkNoLeak(t)()
	games := 1000
	if testing.Short() {
		games = 50
	}
	for i := 0; i < games; i++ {
		seed := uint64(10_000 + i)
		rr := newRand(seed)
		var rules engine.Rules = arkham.Rules{}
		if i%4 == 3 {
			rules = toy.Rules{}
		}
		min, max := rules.Seats()
		seats := min + rr.intn(max-min+1)
		bots := rr.intn(2)
		recs := make([]*recorder, seats-bots)
		tt := newTable(t, tableOpts{rules: rules, guests: seats - bots, bots: bots, seed: seed, opts: randomOptions(rules, seats, rr), tick: 200 * time.Millisecond,
			wrap: func(i int, c Conn) Conn { recs[i] = &recorder{Conn: c}; return recs[i] }})
		tt.play()
		tt.finish()
		rec := tt.host.Record()
		tt.close()
		for j, r := range recs {
			r.mu.Lock()
			err := checkFrames(rules, rec, engine.Seat(j), r.frames)
			r.mu.Unlock()
			if err != nil {
				t.Fatalf("game %d (%s, %d seats), seat %d: %v", i, rules.Name(), seats, j, err)
			}
		}
	}
}
