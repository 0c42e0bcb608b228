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
	boardtest.RedrawnOnlyWhenChanged(t, Draw, board.Props{View: &arkham.View{Round: 1, Players: 3},
		Seats: []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}}, Seq: 4, Table: "t1",
		OnAct: func(app.Context, engine.Move) {}})
}
