package shadowsboard

import (
	"strings"
	"testing"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board/boardtest"
	"miskatonic/engine"
	"miskatonic/engine/shadows"
)

// TestEveryEventWorded: every event kind a Shadows log can carry (shadows.Vocabulary) reads as
// a sentence in every language, with no raw catalog key.
func TestEveryEventWorded(t *testing.T) {
	var v *shadows.View
	boardtest.EachState(t, shadows.Rules{}, 2, 1, func(g *shadows.Game) {
		if w := g.ViewOf(engine.Observer); v == nil && w.Elder != nil {
			v = w
		}
	})
	if v == nil {
		t.Fatal("no state with an Elder")
	}
	loc := shadows.Locations[0]
	card := map[shadows.EventKind]string{shadows.EventEnd: shadows.ReasonWin, shadows.EventShare: "bills", shadows.EventRetainer: "bills",
		shadows.EventMove: loc, shadows.EventDrive: loc, shadows.EventBanish: "1"} // a banished shadow is always named
	n := Names{}
	for _, lang := range []i18n.Lang{i18n.English, i18n.Japanese, i18n.French} {
		i18n.SetLang(lang)
		for _, k := range shadows.Vocabulary() {
			line := n.LogLine(shadows.Event{Kind: k, Seat: 0, N: 1, Card: card[k], Location: loc}, v)
			if line == "" || strings.Contains(line, "⟨") || strings.Contains(line, "%!") {
				t.Errorf("%s: %s → %q", lang, k, line)
			}
			// An event with no card named (another seat's view of the shadows) reads as a
			// whole sentence, not with a hole where the card's name would be ("shadows: .").
			if strings.Contains(line, " .") || strings.Contains(line, "：。") || strings.Contains(line, "がを") {
				t.Errorf("%s: %s → %q has a hole", lang, k, line)
			}
		}
	}
	i18n.SetLang(i18n.English)
}
