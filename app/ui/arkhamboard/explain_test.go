package arkhamboard

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
)

// Every card of the game has rule text to show in place, taken from How to play.
func TestEveryCardExplained(t *testing.T) {
	for _, key := range []string{"candelabra", "dagger", "chalice", "grimoire", "idol", "elder-sign", "gate-a", "gate-b",
		"orb", "trapezohedron", "investigator", "student", "cultist", "professor", "cthulhu", "nyarlathotep",
		"yogsothoth", "hastur", "mystery"} {
		k := ruleKey(key)
		if k == "" || i18n.T(k) == k {
			t.Errorf("%s: no rule text (%q)", key, k)
		}
		if h := app.HTMLString(cardFace(Card{Key: key, Kind: kindOfKey(key)}, "m")); !strings.Contains(h, "title=") {
			t.Errorf("%s: no hover text: %s", key, h)
		}
	}
	if ruleKey("back") != "" || ruleKey("hidden") != "" {
		t.Error("a face-down card has rule text")
	}
}

// The reveal says why each loss is what it is, from the rulebook's own counting.
func TestLossWhy(t *testing.T) {
	row := func(survived bool, delta int, dummy bool) ResultRow {
		return ResultRow{Fate: Fate{Survived: survived, Delta: delta}, Dummy: dummy}
	}
	cases := []struct {
		name string
		b    Board
		want string
	}{
		{"three of five failed, a dummy among them", Board{Result: &Result{Rows: []ResultRow{
			row(false, -3, false), row(false, -3, false), row(false, 0, true), row(true, 0, false), row(true, 0, true)}}},
			i18n.T("explain.loss_count", 3)},
		{"doom track", Board{DoomOn: true, Doom: 2, Result: &Result{Rows: []ResultRow{
			row(false, -2, false), row(false, -2, false), row(false, -2, false), row(true, 0, false), row(true, 0, true)}}},
			i18n.T("explain.loss_doom", 2)},
		{"nobody failed", Board{Result: &Result{Rows: []ResultRow{row(true, 0, false), row(true, 1, false)}}},
			i18n.T("explain.none_failed")},
		{"a Great Old One's own count: no general line", Board{Result: &Result{Rows: []ResultRow{
			row(false, -4, false), row(true, 0, false), row(true, 0, false)}}}, ""},
	}
	for _, c := range cases {
		if got := lossWhy(c.b); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
