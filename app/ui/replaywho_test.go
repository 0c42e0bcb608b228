package ui

import (
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine"
	"miskatonic/engine/fair"
)

func loadRecord(t *testing.T, name string) engine.Record {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "engine", "replay", "testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.DecodeRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// The replay page of a sealed record shows it verified, with the table code and every
// player's key fingerprint; one from before signed rosters reads "unproven", never verified,
// and shows no code; in every language.
func TestReplayShowsWhoPlayed(t *testing.T) {
	defer i18n.SetLang(i18n.Current())
	for _, l := range []i18n.Lang{i18n.English, i18n.Japanese, i18n.French} {
		i18n.SetLang(l)
		rec := loadRecord(t, "arkham")
		r := &Replay{}
		r.load(rec, nil)
		if r.err != "" {
			t.Fatalf("%s: %s", l, r.err)
		}
		r.own = rec.Proof.Keys[1]
		out := app.HTMLString(r.player())
		if strings.Count(out, `class="replay-you"`) != 1 || !strings.Contains(out, i18n.In(l, "replay.you")) {
			t.Errorf("%s: this device's seat is not pointed out once", l)
		}
		if !strings.Contains(out, `data-kind="verified"`) || !strings.Contains(out, `data-code="`+r.verdict.Code+`"`) || r.verdict.Code == "" {
			t.Fatalf("%s: a sealed record's page lacks its verdict or table code", l)
		}
		for s, k := range rec.Proof.Keys {
			if len(k) > 0 && !strings.Contains(out, fair.Fingerprint(k)) {
				t.Errorf("%s: seat %d's fingerprint is not shown", l, s)
			}
		}
		if !strings.Contains(out, html.EscapeString(i18n.In(l, "replay.host_seat"))) || !strings.Contains(out, html.EscapeString(i18n.In(l, "replay.no_key"))) {
			t.Errorf("%s: the host's seat or the bot's is not marked", l)
		}

		old := &Replay{}
		old.load(loadRecord(t, "arkham-v1"), nil)
		out = app.HTMLString(old.player())
		if !strings.Contains(out, `data-kind="unproven"`) || strings.Contains(out, `data-verified="true"`) ||
			!strings.Contains(out, html.EscapeString(i18n.In(l, "replay.why_unsealed"))) || !strings.Contains(out, html.EscapeString(i18n.In(l, "replay.no_code"))) {
			t.Errorf("%s: an old-format record's page: %s", l, out)
		}
	}
}
