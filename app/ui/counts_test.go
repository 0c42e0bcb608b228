package ui

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/board"
	"miskatonic/engine/replay"
)

// TestCountedWordsAgree: a count of one reads in the singular ("after 1 game", "1 deal
// proved"), French too for 0 and 1; Japanese has no plural and reads the same for every count.
func TestCountedWordsAgree(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	score := func(games int) func() string {
		return func() string {
			return html.UnescapeString(app.HTMLString(scoreLine([]board.Score{{Name: "Ann", Wins: 1, Games: games}})))
		}
	}
	verdict := func(deals, signed, moves int) func() string {
		return func() string {
			r := &Replay{verdict: replay.Verdict{Verified: true, Kind: replay.Verified, Deals: deals, Signed: signed}}
			return html.UnescapeString(app.HTMLString(r.verdictBanner(moves)))
		}
	}
	cases := []struct {
		name    string
		lang    i18n.Lang
		render  func() string
		want    []string
		notWant []string
	}{
		{"en score after one game", i18n.English, score(1), []string{"after 1 game:"}, []string{"1 games"}},
		{"en score after two games", i18n.English, score(2), []string{"after 2 games:"}, nil},
		{"fr score after one game", i18n.French, score(1), []string{"après 1 partie\u202f:"}, []string{"1 parties"}},
		{"fr score after two games", i18n.French, score(2), []string{"après 2 parties"}, nil},
		{"ja score", i18n.Japanese, score(1), []string{"1ゲーム"}, nil},
		{"en one deal, one move", i18n.English, verdict(1, 1, 1),
			[]string{"1 deal proved", "1 move signed by its player", "1 move replayed"}, []string{"1 deals", "1 moves"}},
		{"en many", i18n.English, verdict(3, 40, 41),
			[]string{"3 deals proved", "40 moves signed by their players", "41 moves replayed by the rules to the end"}, nil},
		{"fr zero and one are singular", i18n.French, verdict(1, 0, 1),
			[]string{"1 donne prouvée", "0 coup signé", "1 coup rejoué"}, []string{"donnes", "coups"}},
		{"fr many", i18n.French, verdict(2, 5, 5), []string{"2 donnes prouvées", "5 coups signés"}, nil},
		{"ja verdict", i18n.Japanese, verdict(1, 1, 1), []string{"ディール 1 回", "手 1 手"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			i18n.SetLang(c.lang)
			got := c.render()
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			for _, w := range append(c.notWant, "⟨") {
				if strings.Contains(got, w) {
					t.Errorf("%q has %q", got, w)
				}
			}
		})
	}
}
