package app

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every change on the game screen cost a whole-page repaint while body's glow was a fixed
// background (background-attachment: fixed), and every frame of a transition of a colour or
// border runs on the page's main thread: in the three-browser test's trace the two made 12
// paints a move where 4 remain (issue 26). Sheets animate only what the compositor runs alone.

var (
	cssComment    = regexp.MustCompile(`(?s)/\*.*?\*/`)
	cssTransition = regexp.MustCompile(`\btransition(?:-property)?\s*:\s*([^;}]+)`)
	cssFixedBack  = regexp.MustCompile(`\bbackground(?:-attachment)?\s*:[^;}]*\bfixed\b`)
)

// TestNoPaintEveryFrame: no sheet of web/ has a fixed background, and every transition there
// is of transform or opacity only (or none).
func TestNoPaintEveryFrame(t *testing.T) {
	sheets, err := filepath.Glob(filepath.Join("..", "web", "*.css"))
	if err != nil || len(sheets) < 5 {
		t.Fatalf("web/*.css: %d sheets (%v)", len(sheets), err)
	}
	for _, name := range sheets {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		css := cssComment.ReplaceAllString(string(b), "")
		if cssFixedBack.MatchString(css) {
			t.Errorf("%s: a fixed background repaints the whole page with every change; use a fixed layer of its own", name)
		}
		for _, m := range cssTransition.FindAllStringSubmatch(css, -1) {
			for _, part := range strings.Split(m[1], ",") {
				f := strings.Fields(strings.TrimSuffix(strings.TrimSpace(part), "!important"))
				if len(f) == 0 {
					continue
				}
				switch f[0] {
				case "none", "transform", "opacity":
				default:
					t.Errorf("%s: transition of %q runs a frame on the main thread for each step; transition transform or opacity, or change at once", name, f[0])
				}
			}
		}
	}
}
