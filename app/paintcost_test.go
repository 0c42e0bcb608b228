package app

import (
	"fmt"
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

// webSheets is every sheet of web/ by file name, its comments removed.
func webSheets(t *testing.T) map[string]string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("..", "web", "*.css"))
	if err != nil || len(names) < 5 {
		t.Fatalf("web/*.css: %d sheets (%v)", len(names), err)
	}
	out := map[string]string{}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = cssComment.ReplaceAllString(string(b), "")
	}
	return out
}

// TestNoPaintEveryFrame: no sheet of web/ has a fixed background, and every transition there
// is of transform or opacity only (or none).
func TestNoPaintEveryFrame(t *testing.T) {
	for name, css := range webSheets(t) {
		if cssFixedBack.MatchString(css) {
			t.Errorf("%s: a fixed background repaints the whole page with every change; use a fixed layer of its own", name)
		}
		for _, f := range declParts(css, cssTransition) {
			switch f[0] {
			case "none", "transform", "opacity":
			default:
				t.Errorf("%s: transition of %q runs a frame on the main thread for each step; transition transform or opacity, or change at once", name, f[0])
			}
		}
	}
}

// declParts is, for each declaration re matches in css (its value the first group), each
// comma-separated part of the value as words, !important left out; empty parts are skipped.
func declParts(css string, re *regexp.Regexp) [][]string {
	var out [][]string
	for _, m := range re.FindAllStringSubmatch(css, -1) {
		for _, part := range strings.Split(m[1], ",") {
			if f := strings.Fields(strings.TrimSuffix(strings.TrimSpace(part), "!important")); len(f) > 0 {
				out = append(out, f)
			}
		}
	}
	return out
}

var (
	cssKeyframes = regexp.MustCompile(`@(?:-webkit-)?keyframes\s+([\w-]+)\s*\{`)
	cssProperty  = regexp.MustCompile(`([\w-]+)\s*:`)
)

// keyframesBodies maps each @keyframes of css (comments removed) to its body, braces matched.
func keyframesBodies(css string) (map[string]string, error) {
	out := map[string]string{}
	for _, loc := range cssKeyframes.FindAllStringSubmatchIndex(css, -1) {
		name, depth := css[loc[2]:loc[3]], 1
		i := loc[1]
		for ; i < len(css) && depth > 0; i++ {
			switch css[i] {
			case '{':
				depth++
			case '}':
				depth--
			}
		}
		if depth != 0 {
			return nil, fmt.Errorf("@keyframes %s: no closing brace", name)
		}
		out[name] = css[loc[1] : i-1]
	}
	return out, nil
}

// TestKeyframesCompositorOnly: every @keyframes of web/ animates transform or opacity only, the
// two properties Chromium's compositor animates without the page's main thread. A keyframe of
// any other property (a colour, a shadow, top or width) runs style, paint and a frame on the
// main thread every 16 ms of the animation, on every page that shows the move (issue 26's
// main thread per move; the trace of the three-browser test finds every board animation
// composited, and this keeps it so).
func TestKeyframesCompositorOnly(t *testing.T) {
	seen := 0
	for name, css := range webSheets(t) {
		frames, err := keyframesBodies(css)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for kf, body := range frames {
			seen++
			props := cssProperty.FindAllStringSubmatch(body, -1)
			if len(props) == 0 {
				t.Errorf("%s: @keyframes %s sets no property", name, kf)
			}
			for _, p := range props {
				switch strings.ToLower(p[1]) {
				case "transform", "opacity", "animation-timing-function":
				default:
					t.Errorf("%s: @keyframes %s animates %q, which Chromium runs on the page's main thread every frame; animate transform or opacity", name, kf, p[1])
				}
			}
		}
	}
	if seen < 5 {
		t.Errorf("found %d @keyframes in web/*.css, want the board's (mk-draw, mk-hand, mk-drop, mk-flip, ark-loss, ark-shake, rit-in …)", seen)
	}
}

// TestKeyframesBodies: the parser above finds each block whole and every property in it, so
// TestKeyframesCompositorOnly cannot pass by reading too little.
func TestKeyframesBodies(t *testing.T) {
	css := `.a { color: red; } @keyframes ok { from { transform: none; opacity: 0 } 50% { opacity: .5; } to { opacity: 1 } }
@keyframes bad { 0%, 100% { transform: none; } 50% { box-shadow: 0 0 4px red; } } .b { top: 0; }`
	got, err := keyframesBodies(css)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("found %d blocks, want 2: %q", len(got), got)
	}
	var props []string
	for _, p := range cssProperty.FindAllStringSubmatch(got["bad"], -1) {
		props = append(props, p[1])
	}
	if strings.Join(props, ",") != "transform,box-shadow" {
		t.Errorf("@keyframes bad's properties %q, want transform and box-shadow (and nothing of the rules around it)", props)
	}
	if _, err := keyframesBodies("@keyframes open { from { opacity: 0 }"); err == nil {
		t.Error("an unclosed @keyframes was read without an error")
	}
}

var (
	cssDelay     = regexp.MustCompile(`\banimation-delay\s*:`)
	cssAnimation = regexp.MustCompile(`\banimation(?:-iteration-count)?\s*:\s*([^;}]+)`)
	cssTime      = regexp.MustCompile(`^-?[\d.]+m?s$`)
	cssNumber    = regexp.MustCompile(`^[\d.]+$`)
)

// TestAnimationsNoDelayOneRun: no animation of web/ has a delay or runs more than once. While
// an animation waits out its delay, or between its runs, Chromium ticks it on the page's main
// thread: a reveal of 16 animations on a page doing nothing else took 46–51 style passes and
// 45–55 ms of main thread with the flips' stagger in animation-delay and the shake run twice,
// 9–13 passes and 22–28 ms with the stagger and both shakes inside one run's keyframes (the
// reveal's flips, table.css; the shake, arkham.css), every animation starting and ending with
// the others. A delay written into the shorthand (a second time) counts as one.
func TestAnimationsNoDelayOneRun(t *testing.T) {
	for name, css := range webSheets(t) {
		if cssDelay.MatchString(css) {
			t.Errorf("%s: an animation-delay; hold the first keyframe instead, so the animations of one change start and end together", name)
		}
		for _, one := range declParts(css, cssAnimation) {
			times := 0
			for _, tok := range one {
				switch {
				case cssTime.MatchString(tok):
					if times++; times > 1 {
						t.Errorf("%s: animation %q has a delay; hold the first keyframe instead", name, strings.Join(one, " "))
					}
				case tok == "infinite" || (cssNumber.MatchString(tok) && tok != "1"):
					t.Errorf("%s: animation %q runs %s times; write the repeats into one run's keyframes", name, strings.Join(one, " "), tok)
				}
			}
		}
	}
}
