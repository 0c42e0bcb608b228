package ui

// The replay page for a host-blind record (issue 25): the table's signed log, checked and
// stepped through by engine/replay/blindreplay exactly as every page folded it. The record
// holds no card but those opened for everyone, so the board shows the public table — and every
// card once its round ends; there is no seat's-eyes view to pick.

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/fair"
	"miskatonic/engine/replay"
	"miskatonic/engine/replay/blindreplay"
)

// fragLast (/replay#last) opens this browser's last finished game (keyLastRecord): a
// host-blind record is too long for a link, so "Watch the replay" opens it from storage.
const fragLast = "last"

// maxBlindRecord bounds a host-blind record the page reads: a 7-seat game's log, every token
// with its proof, is a few MiB.
const maxBlindRecord = 8 << 20

// stepper is a record move by move, whatever its kind.
type stepper interface {
	Len() int
	Move(i int) (engine.Move, bool)
	View(i int, seat engine.Seat) (engine.View, error)
	Public(i int) engine.View // what everyone saw after i moves, as the game's own type
	End() engine.Status       // the status after the last move
}

// openSteps is an engine.Record's steps (engine/replay).
type openSteps struct{ *replay.Steps }

func (s openSteps) Public(i int) engine.View { return s.At(i).View(engine.Observer) }
func (s openSteps) End() engine.Status       { return s.At(s.Len()).Status() }

// blindSteps is a host-blind record's steps.
type blindSteps struct{ *blindreplay.Steps }

func (s blindSteps) Public(i int) engine.View { v, _ := s.View(i, engine.Observer); return v }

func (s blindSteps) End() engine.Status {
	if s.Err != nil {
		return engine.Status{} // stopped short of its end: unfinished
	}
	return s.Result.Status
}

// loadBlind checks a host-blind record and shows it from its first position. A record that
// cannot be read is an error on the page; one that fails its checks shows up to the failure,
// under a red verdict.
func (r *Replay) loadBlind(raw []byte) {
	r.rec, r.steps, r.blind, r.err, r.at = nil, nil, nil, "", 0
	if len(raw) > maxBlindRecord {
		r.err = badRecord("replay.why_damaged", fmt.Errorf("the record is larger than %d bytes", maxBlindRecord))
		return
	}
	s, err := blindreplay.NewSteps(raw)
	if err != nil {
		r.err = badRecord("replay.why_damaged", err)
		return
	}
	if s.Err != nil {
		app.Log("miskatonic: host-blind record not verified:", s.Err.Error())
	}
	r.blind, r.steps = s, blindSteps{s}
	r.rec = &engine.Record{Game: "arkham", Config: s.Config.Game.Config, Names: s.Names}
	r.verdict = replay.Verdict{HostSeat: s.Config.Host}
}

// blindBanner is a host-blind record's verdict: its log checked to the end, the table's stop
// (naming the seat that broke the protocol), or where the log fails its checks.
func (r *Replay) blindBanner(n int) app.UI {
	s := r.blind
	switch {
	case s.Err != nil:
		return app.P().Class("replay-verdict", "bad").ID("replay-verdict").DataSet("verified", "false").DataSet("kind", replay.Failed).
			Attr("role", "alert").Text(i18n.T("replay.not_verified", i18n.T("replay.blind_fail")))
	case s.Result.Verdict != nil:
		v := s.Result.Verdict
		return app.P().Class("replay-verdict", "bad").ID("replay-verdict").DataSet("verified", "false").DataSet("kind", "stopped").
			DataSet("seat", int(v.Seat)).Attr("role", "alert").Text(i18n.T("replay.blind_stopped", i18n.T("why.blind."+v.Code, r.mover(v.Seat))))
	}
	return app.P().Class("replay-verdict", "ok").ID("replay-verdict").DataSet("verified", "true").DataSet("kind", replay.Verified).DataSet("blind", "true").
		Text(i18n.T("replay.verified", i18n.T("replay.blind_deals", s.Result.Deals),
			i18n.T("replay.blind_signed", s.Result.Entries), i18n.T("replay.verified_replayed", n)))
}

// who lists the players: an engine.Record's from its host's seal, a host-blind record's from
// the keys its table's Config gives each person (every entry is signed by one of them).
func (r *Replay) who() app.UI {
	if r.blind == nil {
		return whoPlayed(replay.Players(*r.rec, r.verdict), fair.Fingerprint(r.own), false)
	}
	cfg := r.blind.Config
	w := replay.Who{Host: fair.Fingerprint(cfg.Identities[cfg.Host])}
	for s := range cfg.Game.Seats {
		x := engine.Seat(s)
		sw := replay.SeatWho{Seat: x, Name: r.mover(x), Host: x == cfg.Host}
		if k, ok := cfg.Identities[x]; ok {
			sw.Fingerprint = fair.Fingerprint(k)
		}
		w.Seats = append(w.Seats, sw)
	}
	return app.Div().Body(
		whoPlayed(w, fair.Fingerprint(r.own), true),
		app.P().Class("muted").ID("replay-blind-public").Text(i18n.T("replay.blind_public")),
	)
}
