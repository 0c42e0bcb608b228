package ui

import (
	"html"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/app/ui/arkhamboard"
	"miskatonic/app/ui/board"
	"miskatonic/app/ui/ritualsboard"
	"miskatonic/app/ui/shadowsboard"
	"miskatonic/engine"
	"miskatonic/engine/games"
	"miskatonic/engine/rng"
)

// forPlayers are, per game, the lines a board words for the viewer as the one who plays: a
// watcher (engine.Observer) must never read them. ("You drew" is checked by its place, the
// dock's cards: its Japanese is also part of a log line.)
var forPlayers = map[string][]string{
	"arkham": {"ark.your_turn", "ark.follower_prompt", "ark.orb_prompt", "ark.trap_peek", "ark.orb_peek",
		"ark.you_won", "ark.you_lost"},
	"rituals": {"rit.prompt.grab", "rit.prompt.send", "rit.prompt.place", "rit.prompt.place_other", "rit.prompt.psychotic",
		"rit.prompt.react", "rit.prompt.events"},
	"shadows": {"sh.prompt.you", "sh.won", "sh.lost"},
}

// forWatchers are the lines a watcher reads instead at the end of the game.
var forWatchers = map[string][]string{
	"arkham":  {"ark.watch_over"},
	"shadows": {"sh.watch_won", "sh.watch_lost"},
}

var verb = regexp.MustCompile(`%(\[\d+\])?[vd%]`)

// fragment is the longest stretch of a message between its verbs: what a rendered page holds
// of it whatever the arguments.
func fragment(msg string) string {
	best := ""
	for _, f := range verb.Split(msg, -1) {
		if f = strings.TrimSpace(f); utf8.RuneCountInString(f) > utf8.RuneCountInString(best) {
			best = f
		}
	}
	return best
}

var promptText = regexp.MustCompile(`id="(?:ark|rit|sh)-prompt"[^>]*>([^<]*)<`)

// TestWatchersReadThirdPerson: at every step of random games of each game, in every language,
// a watcher's board words the prompt about the seat that acts (never "your turn", "you drew",
// "choose…") and ends without telling the watcher it won or lost.
func TestWatchersReadThirdPerson(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	for _, gm := range []board.Game{arkhamboard.Game, ritualsboard.Game, shadowsboard.Game} {
		t.Run(gm.Name, func(t *testing.T) {
			rules, _ := games.Lookup(gm.Name)
			seats := []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}}
			for _, l := range []i18n.Lang{i18n.English, i18n.Japanese, i18n.French} {
				i18n.SetLang(l)
				var never []string
				for _, k := range forPlayers[gm.Name] {
					if f := fragment(i18n.T(k)); utf8.RuneCountInString(f) >= 4 {
						never = append(never, f)
					}
				}
				prompts, ends := 0, 0
				for seed := uint64(1); seed <= 3; seed++ {
					g, err := rules.New(engine.Config{Seats: 3})
					if err != nil {
						t.Fatal(err)
					}
					r := rng.FromInt(seed)
					for step := 0; step < 5000; step++ {
						v, err := rules.DecodeView(mustJSON(t, g.View(engine.Observer)))
						if err != nil {
							t.Fatal(err)
						}
						out := html.UnescapeString(app.HTMLString(gm.Board(board.Props{View: v, Seats: seats, Seq: step, Table: "t"})))
						for _, f := range never {
							if strings.Contains(out, f) {
								t.Fatalf("%s step %d: a watcher reads %q, worded for a player:\n%s", l, step, f, out)
							}
						}
						if strings.Contains(out, `class="dock-cards"`) {
							t.Fatalf("step %d: a watcher is shown a drawn or peeked card:\n%s", step, out)
						}
						if m := promptText.FindStringSubmatch(out); m != nil && m[1] != "" {
							prompts++
						}
						st := g.Status()
						if st.Over {
							for _, k := range forWatchers[gm.Name] {
								if strings.Contains(out, i18n.T(k)) {
									ends++
								}
							}
							break
						}
						var m engine.Move
						if st.Deal != nil {
							var k [32]byte
							for i := range k {
								k[i] = byte(r.Uint64())
							}
							m = engine.DealMove(k)
						} else {
							legal := g.Legal(st.Active[r.Intn(len(st.Active))])
							m = legal[r.Intn(len(legal))]
						}
						if err := g.Apply(m); err != nil {
							t.Fatalf("step %d: %v", step, err)
						}
					}
					if !g.Status().Over {
						t.Fatal("the random game did not end")
					}
				}
				if prompts == 0 {
					t.Errorf("%s: no prompt found on any board", l)
				}
				if len(forWatchers[gm.Name]) > 0 && ends != 3 {
					t.Errorf("%s: the watcher's ending shown in %d of 3 games", l, ends)
				}
			}
		})
	}
}

// TestArkhamWatcherPrompt: while a card goes round, the watcher is told who acts and what they
// decide, by name.
func TestArkhamWatcherPrompt(t *testing.T) {
	rules, _ := games.Lookup("arkham")
	g, _ := rules.New(engine.Config{Seats: 3})
	seats := []board.Seat{{Name: "Ann"}, {Name: "Bea"}, {Name: "Cy"}}
	r := rng.FromInt(5)
	seen := map[string]bool{}
	for step := 0; step < 5000 && !g.Status().Over; step++ {
		st := g.Status()
		v, _ := rules.DecodeView(mustJSON(t, g.View(engine.Observer)))
		out := html.UnescapeString(app.HTMLString(arkhamboard.Draw(board.Props{View: v, Seats: seats, Table: "t"})))
		if st.Deal == nil && len(st.Active) == 1 {
			name := seats[st.Active[0]].Name
			m := promptText.FindStringSubmatch(out)
			want := map[string]string{"give": i18n.T("ark.other_gives", name), "respond": i18n.T("ark.other_responds", name), "orb": i18n.T("ark.other_orb", name)}[st.Phase]
			if m == nil || want == "" || m[1] != want {
				t.Fatalf("step %d, phase %s, %s to act: the watcher's prompt is %q", step, st.Phase, name, m)
			}
			seen[st.Phase] = true
		}
		var mv engine.Move
		if st.Deal != nil {
			var k [32]byte
			for i := range k {
				k[i] = byte(r.Uint64())
			}
			mv = engine.DealMove(k)
		} else {
			legal := g.Legal(st.Active[0])
			mv = legal[r.Intn(len(legal))]
		}
		if err := g.Apply(mv); err != nil {
			t.Fatal(err)
		}
	}
	if !seen["give"] || !seen["respond"] {
		t.Errorf("phases seen: %v", seen)
	}
}
