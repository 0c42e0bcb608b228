// The yardstick for start times: the app anyone would write first with go-app v9 and pion, built
// with the same flags as ours (the browser tests build and serve it beside ours). One page with a
// button that opens a data channel, so pion is linked as it is in ours. Like ours
// (cmd/miskatonic/main_wasm.go, main_native.go) it splits its main by build tag, so the browser
// binary does not carry the server side (net/http's server, TLS, go-app's Handler): without the
// split the yardstick was 11.6 MB of code against 4.6 MB and flattered us (issue 26).
package main

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
	"github.com/pion/webrtc/v3"
)

type home struct {
	app.Compo
	state string
}

func (h *home) Render() app.UI {
	return app.Main().ID("home").Body(
		app.H1().Text("Minimal"),
		app.Button().ID("connect").Text("Open a data channel").OnClick(h.connect),
		app.P().Text(h.state),
	)
}

func (h *home) connect(ctx app.Context, e app.Event) {
	pc, err := webrtc.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		h.state = err.Error()
		return
	}
	if _, err := pc.CreateDataChannel("data", nil); err != nil {
		h.state = err.Error()
		return
	}
	h.state = "channel opened"
}
