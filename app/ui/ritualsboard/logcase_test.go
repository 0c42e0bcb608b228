package ritualsboard

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/rituals"
)

// TestLogLinesAreSentences: every line of the Rituals log starts with a capital, also when it
// opens with "you"/"vous"; a player's own name is shown as typed ("ann"); Japanese is unchanged.
func TestLogLinesAreSentences(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	n := Names{Seats: []string{"ann", "Bea", "cy"}, Me: 2}
	mine := rituals.Event{Kind: rituals.EventDraw, Seat: 2, To: -1, N: 2}
	anns := rituals.Event{Kind: rituals.EventDraw, Seat: 0, To: -1, N: 2}
	cases := []struct {
		lang i18n.Lang
		log  []rituals.Event
		want []string
		nope []string
	}{
		{i18n.English, []rituals.Event{mine, anns, {Kind: rituals.EventEnd, Seat: 2, To: -1}},
			[]string{">You drew 2.<", ">ann drew 2.<", ">You could not draw"}, []string{">you "}},
		{i18n.French, []rituals.Event{mine, anns}, []string{">Vous pioche", ">ann pioche"}, []string{">vous "}},
		{i18n.Japanese, []rituals.Event{mine, anns}, []string{">あなたが2枚引きました。<", ">annが2枚引きました。<"}, nil},
	}
	for _, c := range cases {
		i18n.SetLang(c.lang)
		out := html.UnescapeString(app.HTMLString(logPanel(c.log, 0, n)))
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: log lacks %q: %s", c.lang, w, out)
			}
		}
		for _, w := range c.nope {
			if strings.Contains(out, w) {
				t.Errorf("%s: log has %q: %s", c.lang, w, out)
			}
		}
	}
	// Every kind of line, for every viewer, starts with a capital in English.
	i18n.SetLang(i18n.English)
	kinds, _, _ := rituals.Vocabulary()
	for _, kind := range kinds {
		for by := 0; by < 3; by++ {
			v := Names{Seats: []string{"Ann", "Bea", "Cy"}, Me: 2}
			e := rituals.Event{Kind: kind, Seat: engine.Seat(by), To: engine.Seat((by + 1) % 3), Card: 1, Place: rituals.Places[0].Key, N: 1}
			line := v.LogLine(e)
			if line == "" || strings.ToUpper(line[:1]) != line[:1] {
				t.Errorf("%s by seat %d: %q does not start with a capital", kind, by, line)
			}
		}
	}
}

// TestPlacedByAnotherNamesTheChooser: a cultist placed where another player chose (False God,
// Opponent-Targeted) is told with the chooser's name and the position, in every language; the
// line once printed the position where the name belonged ("as 1 chose").
func TestPlacedByAnotherNamesTheChooser(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	n := Names{Seats: []string{"Ann", "Bea", "Cy"}, Me: 2}
	e := rituals.Event{Kind: "place", Seat: 0, To: 1, Card: 14, Place: "dagon", N: 2}
	for _, lang := range []i18n.Lang{i18n.English, i18n.French, i18n.Japanese} {
		i18n.SetLang(lang)
		line := n.LogLine(e)
		if !strings.Contains(line, "Bea") || !strings.Contains(line, "Ann") || !strings.Contains(line, "2") || strings.Contains(line, "%!") {
			t.Errorf("%s: %q lacks the chooser, the owner or the position", lang, line)
		}
	}
}
