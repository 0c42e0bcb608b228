package arkhamboard

import (
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/arkham"
)

// TestUnchangedTableIsNotRedrawn: the screen draws the board again whenever anything around it
// changes, each time with a new move callback; go-app must find the board unchanged then, and
// changed when the view is.
func TestUnchangedTableIsNotRedrawn(t *testing.T) {
	v := &arkham.View{Round: 1, Players: 3}
	p := board.Props{View: v, Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}}, Seq: 4, Table: "t1",
		OnAct: func(app.Context, engine.Move) {}}
	q := p
	q.OnAct = func(app.Context, engine.Move) {}
	if !boardtest.Unchanged(Draw(p), Draw(q)) {
		t.Fatal("the same view with another callback counts as a change: the board is redrawn")
	}
	q.Seq = 5
	if boardtest.Unchanged(Draw(p), Draw(q)) {
		t.Fatal("a new seq counts as no change")
	}
}
