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
// changed when the view is. The moves still reach the callback, which rides beside the props.
func TestUnchangedTableIsNotRedrawn(t *testing.T) {
	played := 0
	p := board.Props{View: &rituals.View{Round: 1}, Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}}, Seq: 4, Table: "t1",
		OnAct: func(app.Context, engine.Move) { played++ }}
	boardtest.RedrawnOnlyWhenChanged(t, Draw, p)
	Draw(p).(*Table).act(engine.Move{Kind: "pass"})(nil, app.Event{})
	if played != 1 {
		t.Fatalf("a move reached the callback %d times, want 1", played)
	}
}
