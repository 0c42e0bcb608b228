package app

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The one visual theme (issue 18): every colour is a variable of base.css's :root, and no
// other sheet carries a palette of its own; the theme's text colours keep WCAG AA contrast
// (4.5:1) on the surfaces they are used on, and control borders 3:1 (WCAG 1.4.11).

var colourLiteral = regexp.MustCompile(`#[0-9a-fA-F]{3,8}\b|\brgba?\(|\bhsla?\(`)

func TestThemeDefinedOnce(t *testing.T) {
	sheets, err := filepath.Glob(filepath.Join("..", "web", "*.css"))
	if err != nil || len(sheets) < 2 {
		t.Fatalf("sheets %v: %v", sheets, err)
	}
	for _, f := range sheets {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if filepath.Base(f) == "base.css" && strings.HasPrefix(strings.TrimSpace(line), "--") {
				continue // the theme itself
			}
			if colourLiteral.MatchString(line) {
				t.Errorf("%s:%d: a colour outside the theme (use a base.css variable): %s", filepath.Base(f), i+1, strings.TrimSpace(line))
			}
		}
	}
}

func TestThemeContrast(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "web", "base.css"))
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^\s*(--[a-z0-9-]+):\s*(#[0-9a-fA-F]{3,6})\s*;`).FindAllStringSubmatch(string(b), -1) {
		vars[m[1]] = m[2]
	}
	surfaces := []string{"--bg", "--bg-sunken", "--bg-row", "--bg-raised", "--bg-card", "--bg-hover", "--btn"}
	cases := []struct {
		fg  string
		on  []string
		min float64
	}{
		{"--text", append(surfaces, "--btn-hover", "--bg-lit", "--sane", "--cursed", "--line", "--warn-deep", "--good-deep"), 4.5},
		{"--muted", append(surfaces, "--bg-lit"), 4.5},
		{"--accent", surfaces, 4.5},
		{"--accent-strong", surfaces, 4.5},
		{"--good", surfaces, 4.5},
		{"--act", surfaces, 4.5},
		{"--danger", append(surfaces, "--problem"), 4.5},
		{"--arcane-text", surfaces, 4.5},
		{"--sane-edge", surfaces, 4.5},
		{"--event", []string{"--event-bg"}, 4.5},
		{"--on-accent", []string{"--accent", "--accent-strong", "--act"}, 4.5},
		{"--on-deep", []string{"--problem", "--alarm", "--arcane-deep"}, 4.5},
		{"--line-strong", []string{"--bg", "--bg-sunken", "--bg-raised"}, 3},
		{"--focus", surfaces, 3},
	}
	for _, c := range cases {
		for _, bg := range c.on {
			fg, ok1 := vars[c.fg]
			back, ok2 := vars[bg]
			if !ok1 || !ok2 {
				t.Errorf("base.css has no colour %s or %s", c.fg, bg)
				continue
			}
			if r := contrast(fg, back); r < c.min {
				t.Errorf("%s (%s) on %s (%s): contrast %.2f, want at least %.1f", c.fg, fg, bg, back, r, c.min)
			}
		}
	}
}

// contrast is WCAG 2's contrast ratio of two #rgb or #rrggbb colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + .05) / (math.Min(la, lb) + .05)
}

func luminance(hex string) float64 {
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	var ch [3]float64
	for i := range ch {
		v, _ := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		c := float64(v) / 255
		if c <= 0.03928 {
			ch[i] = c / 12.92
		} else {
			ch[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*ch[0] + 0.7152*ch[1] + 0.0722*ch[2]
}
