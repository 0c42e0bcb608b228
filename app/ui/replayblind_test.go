package ui

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/i18n"
	"miskatonic/engine/arkham"
	"miskatonic/engine/blindtable"
	"miskatonic/engine/fair"
)

func blindFixture(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "engine", "replay", "blindreplay", "testdata", "arkham-blind-3.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReplayBlindRecord: the replay page opens a host-blind record (the table's signed log),
// verifies it through blindreplay and steps through it on Arkham's own board like any record:
// verified with its deals audited and entries signed, every person's key fingerprint, no seat
// picker (the record holds only what everyone saw), Arkham's view at every step, the summary
// at the end; in every language.
func TestReplayBlindRecord(t *testing.T) {
	defer i18n.SetLang(i18n.Current())
	data := blindFixture(t)
	rec, err := blindtable.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []i18n.Lang{i18n.English, i18n.Japanese, i18n.French} {
		i18n.SetLang(l)
		r := &Replay{}
		r.loadText(string(data))
		if r.err != "" || r.blind == nil {
			t.Fatalf("%s: %s", l, r.err)
		}
		n := r.steps.Len()
		if n != r.blind.Result.Moves || n == 0 {
			t.Fatalf("%s: %d steps of %d moves", l, n, r.blind.Result.Moves)
		}
		out := app.HTMLString(r.player())
		for _, want := range []string{`data-kind="verified"`, `id="replay-blind-public"`,
			html.EscapeString(i18n.In(l, "replay.blind_who")), html.EscapeString(i18n.In(l, "replay.blind_host"))} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: the page lacks %s", l, want)
			}
		}
		if strings.Contains(out, html.EscapeString(i18n.In(l, "replay.host_seat"))) {
			t.Errorf("%s: a host-blind record's host is said to have sealed it", l)
		}
		if strings.Contains(out, `id="replay-seat"`) {
			t.Errorf("%s: a seat picker for a record that holds no seat's own cards", l)
		}
		for s, k := range rec.Config.Identities {
			if !strings.Contains(out, fair.Fingerprint(k)) {
				t.Errorf("%s: seat %d's key fingerprint is not shown", l, s)
			}
		}
		// Every step has the view Arkham's board draws (the boards register in the app, not here).
		for i := 0; i <= n; i++ {
			if v, err := r.steps.View(i, 0); err != nil {
				t.Fatalf("%s: step %d: %v", l, i, err)
			} else if _, ok := v.(*arkham.View); !ok {
				t.Fatalf("%s: step %d: a %T", l, i, v)
			}
		}
		r.at = n
		if out := app.HTMLString(r.player()); !strings.Contains(out, `class="replay-outcome"`) {
			t.Errorf("%s: the end of the record shows no outcome", l)
		}
	}
}

// TestReplayBlindForgeries: a damaged host-blind record is a clear error on the page, and a
// forged one (a chain step's card changed, a signature changed) opens only up to where it fails,
// under a red "not verified" — never verified, never a crash.
func TestReplayBlindForgeries(t *testing.T) {
	data := blindFixture(t)
	flip := func(after string, at int) []byte {
		i := bytes.Index(data, []byte(after))
		out := bytes.Clone(data)
		out[i+len(after)+at] ^= 0x01
		return out
	}
	for _, c := range []struct {
		name    string
		raw     []byte
		unread  bool
		partway bool
	}{
		{name: "cut short", raw: data[:len(data)/3], unread: true},
		{name: "not json", raw: []byte(`{"game":"arkham/blind",`), unread: true},
		{name: "chain card changed", raw: flip(`"deck":[{"c1":"`, 5)},
		{name: "a move's signature changed", raw: bytes.Replace(data, []byte(`"kind":"move","body":{"ply":3,`), []byte(`"kind":"move","body":{"ply":3 ,`), 1), partway: true},
		{name: "too large", raw: append(bytes.Clone(data), bytes.Repeat([]byte(" "), maxBlindRecord)...), unread: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &Replay{}
			r.loadText(string(c.raw))
			if c.unread {
				if r.err == "" || r.steps != nil {
					t.Fatalf("read: %q", r.err)
				}
				return
			}
			if r.err != "" || r.blind == nil {
				t.Fatalf("not opened: %s", r.err)
			}
			out := app.HTMLString(r.player())
			if !strings.Contains(out, `data-kind="failed"`) || strings.Contains(out, `data-verified="true"`) || !strings.Contains(out, `role="alert"`) {
				t.Fatalf("a forged record's banner: %s", out)
			}
			if c.partway && r.steps.Len() == 0 {
				t.Error("no step before the forged move")
			}
			if r.steps.Len() >= r.blind.Result.Moves && r.blind.Result.Moves > 0 {
				t.Error("the steps go past the failure")
			}
			t.Logf("%d steps, then %v", r.steps.Len(), r.blind.Err)
		})
	}
}
