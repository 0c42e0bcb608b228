package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/session"
)

// Issue 24: the home page offers every saved table on its own row, resumed by its own game's
// page, with Abandon beside Resume; the confirmation names the game it abandons.
func TestResumeRowsPerGame(t *testing.T) {
	saved := []session.SavedTable{{Kind: session.Host, Game: "rituals"}, {Kind: session.Solo, Game: "arkham"}, {Kind: session.Solo, Game: "shadows"}}
	out := app.HTMLString(&Resume{saved: saved})
	for _, w := range []string{
		`id="resume-host-rituals"`, `href="/new?game=rituals"`,
		`id="resume-solo-arkham"`, `href="/solo?game=arkham"`,
		`id="resume-solo-shadows"`, `href="/solo?game=shadows"`,
		`id="abandon-solo-arkham"`, `id="abandon-solo-shadows"`, `id="abandon-host-rituals"`,
		i18n.T("resume.abandon"),
	} {
		if !contains(out, w) {
			t.Errorf("home does not show %s", w)
		}
	}
	if strings.Contains(out, "abandon-ask") {
		t.Error("a confirmation shows before anyone asked to abandon")
	}
	out = app.HTMLString(&Resume{saved: saved, abandoning: "solo-shadows"})
	ask := i18n.T("resume.abandon_ask", i18n.T("game.shadows"))
	if !strings.Contains(out, `id="abandon-ask-solo-shadows"`) || !contains(out, ask) || strings.Contains(out, "abandon-ask-solo-arkham") {
		t.Errorf("the confirmation is not Ring of Shadows' alone:\n%s", out)
	}
	if !strings.Contains(out, `id="abandon-yes-solo-shadows"`) || !strings.Contains(out, `id="abandon-no-solo-shadows"`) {
		t.Error("the confirmation offers no choice")
	}
	if i := strings.Index(out, "⟨"); i >= 0 {
		t.Errorf("a catalog key is missing: %s", out[i:min(len(out), i+60)])
	}
	if out := app.HTMLString(&Resume{}); strings.Contains(out, "resume-") {
		t.Errorf("nothing saved, yet: %s", out)
	}
}
