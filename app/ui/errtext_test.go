package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
	"miskatonic/engine"
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
	if got := errorText(errors.New("disk full")); !strings.Contains(got, "disk full") || got == i18n.In(i18n.English, "app.error", "disk full") {
		t.Errorf("other error: %q, want the Japanese frame with the English detail", got)
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
