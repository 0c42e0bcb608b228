//go:build browser

package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestSavedTablesPerGame (issue 24): after some moves of a solo Arkham game, going home and
// choosing Ring of Shadows' "Play against bots" opens Ring of Shadows, not the Arkham table;
// back home both are offered, Arkham resumes its own table, and abandoning Ring of Shadows
// (after a confirmation) leaves Arkham's save alone.
func TestSavedTablesPerGame(t *testing.T) {
	srv := StartApp(t)
	b := NewBrowser(t, "saved-tables", Laptop)
	b.Open(srv.URL + "/solo?game=arkham&pace=fast")
	b.WaitApp()
	b.WaitVisible("#solo-setup")
	typeInto(b, "#player-name", "Ann")
	setSelect(b, "#solo-players", "4")
	b.Click("#solo-start")
	b.WaitVisible(".ark")
	for clicks, deadline := 0, time.Now().Add(time.Minute); clicks < 3 && time.Now().Before(deadline); {
		st := playStep(t, b)
		if st == "over" {
			break
		}
		if len(st) > 6 && st[:6] == "click:" {
			clicks++
		}
		time.Sleep(50 * time.Millisecond)
	}
	savedTable := func(game string) string {
		t.Helper()
		v, err := Eval[string](b, fmt.Sprintf(`(() => { const s = localStorage.getItem("miskatonic.solo.%s");
			return s ? (JSON.parse(s).snapshot || {}).table || "?" : ""; })()`, game))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	arkTable := savedTable("arkham")
	if arkTable == "" {
		t.Fatal("the Arkham game is not saved under its game's key")
	}

	// Home within the page (the Arkham table is still this page's session), then Ring of
	// Shadows' own "Play against bots".
	if _, err := Eval[bool](b, `(() => { const a = document.createElement("a"); a.href = "/"; a.id = "e2e-home";
		document.body.appendChild(a); a.click(); return true; })()`); err != nil {
		t.Fatal(err)
	}
	b.WaitVisible("#resume-solo-arkham")
	b.Click("#home-solo-shadows")
	b.WaitVisible("#solo-setup")
	if n, _ := Eval[int](b, `document.querySelectorAll('.ark').length`); n != 0 {
		t.Fatal("Ring of Shadows' Play against bots opened the Arkham table")
	}
	b.Screenshot("shadows-setup")
	b.Click("#solo-start")
	b.WaitVisible("#sh")
	if savedTable("shadows") == "" || savedTable("arkham") != arkTable {
		t.Fatalf("saves now arkham=%q shadows=%q; Arkham was %q", savedTable("arkham"), savedTable("shadows"), arkTable)
	}

	// A reload of the home page offers both; Arkham resumes its own table.
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.WaitVisible("#resume-solo-shadows")
	b.WaitVisible("#resume-solo-arkham")
	b.Screenshot("home-two-saved")
	b.Click("#resume-solo-arkham")
	b.WaitVisible(".ark")
	if n, _ := Eval[int](b, `document.querySelectorAll('#sh').length`); n != 0 {
		t.Fatal("Arkham's Resume opened Ring of Shadows")
	}
	if got := savedTable("arkham"); got != arkTable {
		t.Fatalf("Arkham resumed table %q, was %q", got, arkTable)
	}

	// Abandon Ring of Shadows: asked first, then only its save goes.
	b.Open(srv.URL + "/")
	b.WaitApp()
	b.Click("#abandon-solo-shadows")
	b.WaitVisible("#abandon-ask-solo-shadows")
	b.Screenshot("abandon-ask")
	b.Click("#abandon-yes-solo-shadows")
	if err := b.Try(poll(`!document.querySelector("#saved-solo-shadows")`, 50*time.Millisecond)); err != nil {
		t.Fatalf("the abandoned game is still offered: %v", err)
	}
	b.WaitVisible("#resume-solo-arkham")
	if savedTable("shadows") != "" || savedTable("arkham") != arkTable {
		t.Fatalf("after abandoning Ring of Shadows: arkham=%q shadows=%q", savedTable("arkham"), savedTable("shadows"))
	}
}
