package ui

import (
	"html"
	"reflect"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board"
)

// logGame is a game whose Log reads the round label and lines off the view.
type logView struct {
	round string
	lines []string
}

var logGame = board.Game{Name: "log", Log: func(p board.Props) (string, []string) {
	v := p.View.(logView)
	return v.round, v.lines
}}

// TestHistoryKeepsEveryLine: a log emptied each round, a window that slides and a repeated
// line each keep every line once, in order, under its round.
func TestHistoryKeepsEveryLine(t *testing.T) {
	cases := []struct {
		name  string
		views []logView
		want  map[string][]string
	}{
		{"a round's log emptied by the next", []logView{{"R1", []string{"a"}}, {"R1", []string{"a", "b"}}, {"R2", nil}, {"R2", []string{"c"}}},
			map[string][]string{"R1": {"a", "b"}, "R2": {"c"}}},
		{"a sliding window", []logView{{"", []string{"a", "b", "c"}}, {"", []string{"b", "c", "d"}}, {"", []string{"d", "e", "f"}}},
			map[string][]string{"": {"a", "b", "c", "d", "e", "f"}}},
		{"the same view twice", []logView{{"", []string{"a"}}, {"", []string{"a"}}, {"", []string{"a", "a"}}},
			map[string][]string{"": {"a", "a"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var h History
			for _, v := range c.views {
				h.note(logGame, board.Props{View: v, Table: "t"})
			}
			got := map[string][]string{}
			for _, r := range h.rounds {
				got[r.label] = append(got[r.label], r.lines...)
			}
			for k, v := range got {
				if len(v) == 0 {
					delete(got, k)
				}
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
			out := html.UnescapeString(app.HTMLString(h.panel()))
			for _, lines := range c.want {
				for _, l := range lines {
					if !strings.Contains(out, "<li>"+l+"</li>") {
						t.Errorf("panel lacks %q: %s", l, out)
					}
				}
			}
		})
	}
	// A new game at the table starts a new history.
	var h History
	h.note(logGame, board.Props{View: logView{"R1", []string{"old"}}, Table: "t1"})
	h.note(logGame, board.Props{View: logView{"R1", []string{"new"}}, Table: "t2"})
	if out := app.HTMLString(h.panel()); strings.Contains(out, "old") || !strings.Contains(out, "new") {
		t.Errorf("the last game's history stayed: %s", out)
	}
}
