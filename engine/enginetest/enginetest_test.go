package enginetest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/rng"
)

// toy is a tiny game for testing the suite: after one deal, seats take 1 or 2 from a pile in
// turn; whoever empties it wins. Each seat holds a dealt secret only it may see. The flags break
// it in one way each, and the suite must notice.
type toy struct {
	n, pile, turn int
	dealt         bool
	secrets       []int
	history       []int
	taken         []int // per seat, updated in place
	calls         int
	bug           string
}

type toyView struct {
	Seat    engine.Seat `json:"seat"`
	Pile    int         `json:"pile"`
	History []int       `json:"history"`
	Taken   []int       `json:"taken"`
	Secrets []string    `json:"secrets"`
	Pad     string      `json:"pad,omitempty"`
	Calls   int         `json:"calls,omitempty"`
}

type toyRules struct{ bug string }

func (toyRules) Name() string             { return "toy" }
func (toyRules) Seats() (int, int)        { return 2, 4 }
func (toyRules) Options() []engine.Option { return nil }
func (r toyRules) New(cfg engine.Config) (engine.Game, error) {
	if cfg.Seats < 2 || cfg.Seats > 4 {
		return nil, engine.Errorf(engine.KindBadConfig, "toy", "seats")
	}
	return &toy{n: cfg.Seats, bug: r.bug, history: []int{}, taken: make([]int, cfg.Seats)}, nil
}
func (toyRules) DecodeView(b []byte) (engine.View, error) {
	var v toyView
	err := json.Unmarshal(b, &v)
	return &v, err
}

func (g *toy) Status() engine.Status {
	st := engine.Status{Phase: "play", Turn: len(g.history), Active: []engine.Seat{}}
	switch {
	case !g.dealt:
		st.Phase, st.Active = "deal", []engine.Seat{engine.Dealer}
		st.Deal = &engine.DealRequest{Epoch: 1, Context: "toy"}
	case g.pile == 0:
		st.Over = true
		st.Result = &engine.Outcome{Winners: []engine.Seat{engine.Seat((g.turn + g.n - 1) % g.n)}, Reason: "toy.end"}
	default:
		st.Active = []engine.Seat{engine.Seat(g.turn)}
	}
	return st
}

func (g *toy) Legal(s engine.Seat) []engine.Move {
	st := g.Status()
	if g.bug == "lying-legal" && g.dealt && !st.Over && s == engine.Seat((g.turn+1)%g.n) {
		return []engine.Move{{Seat: s, Kind: "take", N: 1}}
	}
	if !st.IsActive(s) || s == engine.Dealer {
		return nil
	}
	out := []engine.Move{{Seat: s, Kind: "take", N: 1}}
	if g.pile >= 2 {
		out = append(out, engine.Move{Seat: s, Kind: "take", N: 2})
	}
	return out
}

func (g *toy) Apply(m engine.Move) error {
	if g.bug == "dirty-apply" {
		g.calls++ // changes the view even when the move is then refused
	}
	st := g.Status()
	if err := engine.CheckTurn(st, m, "toy"); err != nil {
		return err
	}
	if m.Kind == engine.KindDeal {
		k, err := m.DealKey()
		if err != nil || m.To != 0 || m.Card != 0 || m.Option != "" || m.N != 0 {
			return engine.Errorf(engine.KindMalformed, "toy", "bad deal")
		}
		r := rng.New(k)
		g.pile = 5 + r.Intn(10)
		g.secrets = make([]int, g.n)
		for i := range g.secrets {
			g.secrets[i] = r.Intn(1000)
		}
		g.dealt = true
		return nil
	}
	if !engine.IsLegal(g.Legal(m.Seat), m) {
		return engine.Errorf(engine.KindIllegal, "toy", "%v", m)
	}
	g.pile -= m.N
	g.history = append(g.history, m.N)
	g.taken[m.Seat] += m.N
	g.turn = (g.turn + 1) % g.n
	return nil
}

func (g *toy) View(s engine.Seat) engine.View {
	v := &toyView{Seat: s, Pile: g.pile, History: append([]int{}, g.history...), Secrets: []string{},
		Taken: append([]int{}, g.taken...)}
	if g.bug == "shared-view" {
		v.Taken = g.taken
	}
	for i, x := range g.secrets {
		if engine.Seat(i) == s || g.bug == "leaky-view" {
			v.Secrets = append(v.Secrets, fmt.Sprintf("s%d-%d", i, x))
		}
	}
	if g.bug == "big-view" {
		v.Pad = strings.Repeat("x", MaxViewBytes)
	}
	if g.bug == "dirty-apply" || g.bug == "impure-view" {
		v.Calls = g.calls
	}
	if g.bug == "impure-view" {
		g.calls++
	}
	return v
}

func (g *toy) Clone() engine.Game {
	c := *g
	c.secrets = append([]int(nil), g.secrets...)
	c.history = append([]int{}, g.history...)
	c.taken = append([]int{}, g.taken...)
	if g.bug == "shallow-clone" {
		c.taken = g.taken
	}
	return &c
}

func toySecrets(eg engine.Game, s engine.Seat) []string {
	g := eg.(*toy)
	var out []string
	for i, x := range g.secrets {
		if engine.Seat(i) != s {
			out = append(out, fmt.Sprintf("s%d-%d", i, x))
		}
	}
	return out
}

func TestSuiteCatchesBrokenGames(t *testing.T) {
	cases := []struct {
		bug  string
		want string // in the error; "" means the game is correct and must pass
	}{
		{"", ""},
		{"leaky-view", "leaks"},
		{"shared-view", "shared memory"},
		{"dirty-apply", "refused moves changed the game"},
		{"lying-legal", "legal moves"},
		{"big-view", "bytes (limit"},
		{"impure-view", "changed"},
		{"shallow-clone", "diverged"}, // applying a legal move on a clone moves the original too
	}
	for _, c := range cases {
		t.Run("bug="+c.bug, func(t *testing.T) {
			s := &suite{games: 1, seed: 1, maxMoves: 1000, checkEvery: 1, secrets: toySecrets}
			var err error
			for seed := uint64(0); seed < 20 && err == nil; seed++ {
				err = s.playout(toyRules{bug: c.bug}, engine.Config{Seats: 3}, seed)
			}
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("correct game failed: %v", err)
			case c.want != "" && err == nil:
				t.Fatalf("bug %s went unnoticed", c.bug)
			case c.want != "" && !strings.Contains(err.Error(), c.want):
				t.Fatalf("bug %s reported as %v, want %q", c.bug, err, c.want)
			}
		})
	}
}

// TestRunToy runs the public entry point on the correct toy game.
func TestRunToy(t *testing.T) {
	Run(t, toyRules{}, []engine.Config{{Seats: 2}, {Seats: 4}}, Games(5), Secrets(toySecrets),
		Invariant(func(g engine.Game) error {
			if p := g.(*toy).pile; p < 0 {
				return fmt.Errorf("pile %d", p)
			}
			return nil
		}))
}

func TestConfigName(t *testing.T) {
	got := ConfigName(engine.Config{Seats: 5, Options: map[string]string{"z": "1", "a": "2"}})
	if got != "5p,a=2,z=1" {
		t.Fatalf("ConfigName = %q", got)
	}
}

// Version is the rules version (see engine.Rules).
func (toyRules) Version() int { return 1 }
