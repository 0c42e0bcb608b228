package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/engine"
	"miskatonic/engine/replay"
	"miskatonic/engine/table"
	"miskatonic/engine/wire"
)

// An engine error is shown in the reader's language, never as its English text.
func TestErrorTextInReadersLanguage(t *testing.T) {
	defer i18n.SetLang(i18n.Current())
	i18n.SetLang(i18n.Japanese)
	err := engine.Errorf(wire.KindState, "table: start", "seat %d (%s) is not ready", 1, "Ann")
	if got, want := errorText(err), i18n.In(i18n.Japanese, "why.refused.state"); got != want {
		t.Errorf("engine error: %q, want %q", got, want)
	}
	if got, want := errorText(errors.New("disk full")), i18n.In(i18n.Japanese, session.ProblemInternal); got != want {
		t.Errorf("other error: %q, want %q and no English", got, want)
	}
}

// Every problem a join or a table can run into is worded in every language, translated, and
// none of the three renders carries the error's English detail (it goes to the console).
func TestProblemsWordedWithoutTheirEnglish(t *testing.T) {
	defer i18n.SetLang(i18n.Current())
	const detail = "dial tcp 10.0.0.1:443: the relay refused the connection"
	for _, p := range session.Problems() {
		errs := []error{
			&session.JoinError{Problem: p, Err: errors.New(detail)},
			&session.Error{Problem: p, Err: errors.New(detail)},
		}
		if !i18n.Has(p) {
			t.Errorf("%s: no message", p)
			continue
		}
		for _, l := range i18n.Languages {
			i18n.SetLang(l)
			for _, err := range errs {
				key, text := problemOf(err)
				if text == "" || (key != "" && key != p) {
					t.Errorf("%s: problemOf(%T) = %q, %q", p, err, key, text)
				}
				for _, got := range []string{text, errorText(err)} {
					if got != i18n.In(l, p) || strings.Contains(got, "relay refused") || strings.Contains(got, "⟨") {
						t.Errorf("%s in %s: %q, want %q without the English detail", p, l, got, i18n.In(l, p))
					}
				}
			}
			if l != i18n.English && i18n.In(l, p) == i18n.In(i18n.English, p) {
				t.Errorf("%s: %s reads the same as the English", p, l)
			}
		}
	}
}

// A record that will not open, or that fails its check, is worded by where it failed, never by
// the verifier's English.
func TestRecordProblemsWithoutEnglish(t *testing.T) {
	defer i18n.SetLang(i18n.Current())
	for _, l := range i18n.Languages {
		i18n.SetLang(l)
		r := &Replay{}
		r.load(engine.Record{}, errors.New("the link is damaged: illegal base64 data at input byte 4"))
		if r.err != i18n.In(l, "replay.bad_record", i18n.In(l, "replay.why_damaged")) || strings.Contains(r.err, "base64") {
			t.Errorf("%s: damaged record: %q", l, r.err)
		}
		r.load(engine.Record{Game: "chess"}, nil)
		if r.err != i18n.In(l, "replay.bad_record", i18n.In(l, "replay.why_unknown_game")) || strings.Contains(r.err, "chess") {
			t.Errorf("%s: unknown game: %q", l, r.err)
		}
		for _, v := range []replay.Verdict{{Epoch: 2, Seq: 9, Problem: "deal 2 has no proof: it was not revealed"},
			{Seq: 9, Problem: "move 9 (pass) was not signed by seat 1"}, {Problem: "the game in the record is not finished"}} {
			if got := verdictWhy(v); strings.Contains(got, v.Problem[:8]) || strings.Contains(got, "⟨") {
				t.Errorf("%s: verdict %q worded %q", l, v.Problem, got)
			}
		}
	}
}

// A goodbye whose problem names no cause shows the host's code, worded by the reader.
func TestByeDetailInReadersLanguage(t *testing.T) {
	defer i18n.SetLang(i18n.Current())
	i18n.SetLang(i18n.French)
	snap := session.Snapshot{GuestState: table.GuestState{Dropped: &wire.Bye{Code: wire.ByeFlood, Reason: "too many refused messages"}}, Problem: session.ProblemDropped}
	out := app.HTMLString(problemBanner(snap.Problem, true, byeDetail(snap)))
	if want := i18n.In(i18n.French, "why.bye.flood"); !strings.Contains(out, want) || strings.Contains(out, "too many") {
		t.Errorf("banner %s, want %q", out, want)
	}
	snap.Problem = session.ProblemFull
	if byeDetail(snap) != nil {
		t.Error("a problem with its own cause got the bye detail too")
	}
}
