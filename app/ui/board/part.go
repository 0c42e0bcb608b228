package board

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// Drawer is the plain data of one part of a board and how to draw it.
type Drawer interface{ Draw() app.UI }

// Part draws a board's part so that it redraws only when its data changed: go-app compares a
// child component's exported fields with reflect.DeepEqual and renders it again only when one
// differs, and Of is the part's whole data (with its type), so a move that changes one seat
// redraws that seat, not the log or every other seat (issue 11).
//
// Every part of every board is this one component rather than a component type of its own:
// each go-app component type costs ~18 generated methods (the promoted app.Compo ones) in the
// wasm, about 13 KB raw apiece with their runtime tables (issue 26). A Drawer may hold the
// mounted board (a pointer, compared by address) for its callbacks: go-app sets Of whole when
// it changed, so the part always draws with the current one.
type Part struct {
	app.Compo
	Of Drawer
}

// Render draws the part's data, or an empty hidden placeholder when it has none.
func (p *Part) Render() app.UI {
	if p.Of == nil {
		return app.Div().Hidden(true)
	}
	return p.Of.Draw()
}

// Memo is d as a part that redraws only when d changes.
func Memo(d Drawer) app.UI { return &Part{Of: d} }

// SelfDrawn is a Drawer whose part is also redrawn on its own, without its board drawn again
// (a countdown's second): it is handed its part once mounted, to set the part's Of and Update
// it. The board's next drawing then hands the part equal data, which draws nothing again.
type SelfDrawn interface {
	Drawer
	Mounted(p *Part)
}

// OnMount hands a SelfDrawn its part.
func (p *Part) OnMount(app.Context) {
	if s, ok := p.Of.(SelfDrawn); ok {
		s.Mounted(p)
	}
}
