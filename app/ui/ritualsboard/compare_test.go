package ritualsboard

import (
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// TestUnchangedTableIsNotRedrawn: the screen draws the board again whenever anything around it
// changes, each time with a new move callback; go-app must find the board unchanged then, and
// changed when the view is. The moves still reach the callback.
func TestUnchangedTableIsNotRedrawn(t *testing.T) {
	v := &rituals.View{Round: 1}
	played := 0
	p := board.Props{View: v, Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}}, Seq: 4, Table: "t1",
		OnAct: func(app.Context, engine.Move) { played++ }}
	q := p
	q.OnAct = func(app.Context, engine.Move) {}
	if !boardtest.Unchanged(Draw(p), Draw(q)) {
		t.Fatal("the same view with another callback counts as a change: the board is redrawn")
	}
	q.Seq = 5
	if boardtest.Unchanged(Draw(p), Draw(q)) {
		t.Fatal("a new seq counts as no change")
	}
	Draw(p).(*Table).act(engine.Move{Kind: "pass"})(nil, app.Event{})
	if played != 1 {
		t.Fatalf("a move reached the callback %d times, want 1", played)
	}
}
