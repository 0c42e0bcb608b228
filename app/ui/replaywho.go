package ui

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine/replay"
)

// The replay page's "who played" (issue 23: records bound to the table): the table code of
// the host's seal and each seat's key fingerprint, short enough for people to read out and
// compare with what they saw at the table.

// unprovenWhy words why a record proves less than who played (replay.Verdict.Reason).
func unprovenWhy(reason string) string {
	switch reason {
	case replay.ReasonNoProof:
		return i18n.T("replay.why_no_proof")
	case replay.ReasonNoKeys:
		return i18n.T("replay.why_no_keys")
	case replay.ReasonHostUnseated:
		return i18n.T("replay.why_host_unseated")
	}
	return i18n.T("replay.why_unsealed")
}

// whoPlayed lists the seats with their names and key fingerprints, the host's marked and the
// one this device played (own: its key's fingerprint) pointed out, under the table code (or
// the lack of one). A host-blind record (blind) has no code and no host's seal: its host
// only ordered the log its players signed.
func whoPlayed(w replay.Who, own string, blind bool) app.UI {
	noCode, hostSeat := i18n.T("replay.no_code"), i18n.T("replay.host_seat")
	if blind {
		noCode, hostSeat = i18n.T("replay.blind_who"), i18n.T("replay.blind_host")
	}
	code := app.P().ID("replay-code").Class("muted").Text(noCode)
	if w.Code != "" {
		code = app.P().ID("replay-code").DataSet("code", w.Code).Body(
			app.Text(i18n.T("replay.code", "")), app.Elem("code").Class("table-code").Text(w.Code))
	}
	items := make([]app.UI, 0, len(w.Seats))
	hostSeated := false
	for _, s := range w.Seats {
		key := i18n.T("replay.no_key")
		if s.Fingerprint != "" {
			key = i18n.T("replay.fingerprint", s.Fingerprint)
		}
		line := []app.UI{app.Elem("strong").Text(s.Name), app.Text(" · "), app.Elem("code").Class("key-fingerprint").Text(key)}
		if s.Host {
			hostSeated = true
			line = append(line, app.Text(" · "+hostSeat))
		}
		if own != "" && s.Fingerprint == own {
			line = append(line, app.Text(" · "), app.Elem("em").Class("replay-you").Text(i18n.T("replay.you")))
		}
		items = append(items, app.Elem("li").DataSet("seat", int(s.Seat)).DataSet("fingerprint", s.Fingerprint).Body(line...))
	}
	var host app.UI
	if !hostSeated && w.Host != "" {
		host = app.P().ID("replay-host").Class("muted").Text(i18n.T("replay.host_key", w.Host))
	}
	return app.Elem("section").ID("replay-who").Class("replay-who").Body(
		app.Elem("h2").Text(i18n.T("replay.who")),
		code,
		app.Elem("ul").ID("replay-players").Body(items...),
		host,
		app.P().Class("muted").Text(i18n.T("replay.who_lead")),
	)
}
