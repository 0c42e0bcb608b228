package ui_test

import (
	"encoding/json"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/arkhamboard"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/app/ui/highcardboard"
	"miskatonic/app/ui/ritualsboard"
	"miskatonic/app/ui/shadowsboard"
	"miskatonic/engine"
	"miskatonic/engine/games"
)

// hostileBoards are every game's board, in a fixed order for the fuzzer's game byte.
var hostileBoards = []board.Game{arkhamboard.Game, ritualsboard.Game, shadowsboard.Game, highcardboard.Game}

// FuzzBoardsOnHostileViews (the dishonest host's test of "never crashes a peer"): a guest's page
// draws whatever its host sends before any check at the round's end can catch a lie, so every
// game's board is fed any view its rules decode, any list of moves offered, any roster length
// and any seats said to be locked in. Drawing the board and its log must never panic.
func FuzzBoardsOnHostileViews(f *testing.F) {
	roster := make([]board.Seat, 8)
	for i := range roster {
		roster[i] = board.Seat{Name: string(rune('A' + i))}
	}
	for gi, g := range hostileBoards {
		rules, ok := games.Lookup(g.Name)
		if !ok {
			f.Fatalf("no rules for %s", g.Name)
		}
		min, _ := rules.Seats()
		seats := max(min, 3)
		per := boardtest.GameProps(f, rules, seats, 5, roster, true)
		for _, props := range per {
			for i := 0; i < len(props); i += max(1, len(props)/6) {
				p := props[i]
				view, _ := json.Marshal(p.View)
				legal, _ := json.Marshal(p.Legal)
				var locked []byte
				for _, s := range p.Locked {
					locked = append(locked, byte(s))
				}
				f.Add(uint8(gi), view, legal, uint8(len(p.Seats)), locked)
			}
		}
	}
	f.Fuzz(func(t *testing.T, game uint8, view, legal []byte, seats uint8, locked []byte) {
		g := hostileBoards[int(game)%len(hostileBoards)]
		rules, _ := games.Lookup(g.Name)
		v, err := rules.DecodeView(view)
		if err != nil {
			return
		}
		var moves []engine.Move
		_ = json.Unmarshal(legal, &moves) // a list that does not decode is offered as none
		p := board.Props{View: v, Legal: moves, Seats: roster[:int(seats)%(len(roster)+1)], Table: "t1",
			OnAct: func(app.Context, engine.Move) {}}
		for _, b := range locked {
			p.Locked = append(p.Locked, engine.Seat(int8(b)))
		}
		_ = app.HTMLString(g.Board(p))
		if g.Log != nil {
			g.Log(p)
		}
	})
}

// TestBoardsOnHostileViewFields is the fuzz target's structured half: byte mutations of JSON
// rarely decode, so here every number in sampled real views is set, one at a time, to a value
// a dishonest host might pick (a seat or card index out of range, negative, huge), and every
// list is emptied and doubled; every game's board must draw each such view, with the moves
// offered, without a panic.
func TestBoardsOnHostileViewFields(t *testing.T) {
	roster := make([]board.Seat, 8)
	for i := range roster {
		roster[i] = board.Seat{Name: string(rune('A' + i))}
	}
	for _, g := range hostileBoards {
		t.Run(g.Name, func(t *testing.T) {
			rules, _ := games.Lookup(g.Name)
			min, _ := rules.Seats()
			seats := max(min, 3)
			per := boardtest.GameProps(t, rules, seats, 9, roster, true)
			drawn := 0
			for _, props := range per {
				for i := len(props) / 3; i < len(props); i += max(1, len(props)/3) {
					p := props[i]
					raw, _ := json.Marshal(p.View)
					var tree any
					if err := json.Unmarshal(raw, &tree); err != nil {
						t.Fatal(err)
					}
					for _, variant := range hostileVariants(tree) {
						b, _ := json.Marshal(variant)
						v, err := rules.DecodeView(b)
						if err != nil {
							continue
						}
						q := p
						q.View = v
						func() {
							defer func() {
								if r := recover(); r != nil {
									t.Fatalf("the %s board panicked (%v) on the view %s", g.Name, r, b)
								}
							}()
							_ = app.HTMLString(g.Board(q))
							if g.Log != nil {
								g.Log(q)
							}
						}()
						drawn++
					}
				}
			}
			if drawn == 0 {
				t.Fatal("no hostile view decoded: the test checks nothing")
			}
			t.Logf("%d hostile views drawn", drawn)
		})
	}
}

// hostileVariants returns copies of tree, each with one change: a number replaced by a
// hostile value, or a list emptied or doubled.
func hostileVariants(tree any) []any {
	var out []any
	var walk func(node any, set func(any))
	walk = func(node any, set func(any)) {
		switch n := node.(type) {
		case float64:
			for _, h := range []float64{-1, 99, 1 << 20} {
				set(h)
				out = append(out, deepCopy(tree))
			}
			set(n)
		case []any:
			set([]any{})
			out = append(out, deepCopy(tree))
			set(append(append([]any{}, n...), n...))
			out = append(out, deepCopy(tree))
			set(n)
			for i := range n {
				walk(n[i], func(x any) { n[i] = x })
			}
		case map[string]any:
			for k, x := range n {
				walk(x, func(y any) { n[k] = y })
			}
		}
	}
	walk(tree, func(any) {})
	return out
}

func deepCopy(x any) any {
	b, _ := json.Marshal(x)
	var y any
	_ = json.Unmarshal(b, &y)
	return y
}
