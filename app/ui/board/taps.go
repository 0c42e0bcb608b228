package board

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// Taps is a click listener of the browser's own on a board's element, for the taps that only
// change what the board shows (a card explained, a choice pressed before it is sent).
//
// Not go-app's OnClick: after every event it handles, go-app draws the component the event
// came from and every component above it, so a tap handled there draws the board, the whole
// game screen around it and the page again, for a change only the board shows. A tap handled
// here draws what its handler dispatches: the board alone (app.Context.Dispatch with the
// board's own context).
type Taps struct {
	fn app.Func  // the listener, while mounted
	on app.Value // the element it listens on
}

// Listen calls tap with the target of every click on el (a mounted component's JSValue), in a
// browser; natively it does nothing. A second Listen before Stop is ignored.
func (l *Taps) Listen(el app.Value, tap func(target app.Value)) {
	if !app.IsClient || l.fn != nil || el == nil || !el.Truthy() {
		return
	}
	l.fn = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) > 0 {
			tap(args[0].Get("target"))
		}
		return nil
	})
	l.on = el
	el.Call("addEventListener", "click", l.fn)
}

// Stop ends the listener: removed before it is released, as a click after the release would
// call a released function.
func (l *Taps) Stop() {
	if l.fn == nil {
		return
	}
	l.on.Call("removeEventListener", "click", l.fn)
	l.fn.Release()
	l.fn, l.on = nil, nil
}

// Tapped is the element under target (itself included) that matches selector, if any: the
// control a tap on one of its parts pressed.
func Tapped(target app.Value, selector string) (app.Value, bool) {
	if target == nil || !target.Truthy() || !target.Get("closest").Truthy() {
		return nil, false
	}
	el := target.Call("closest", selector)
	return el, el.Truthy()
}
