package arkhamboard

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"miskatonic/app/ui/board/boardtest"
)

// TestDockIsTheFocusHome: the dock, which holds the action buttons, is the table's one focus
// home, so a pressed button hands its focus to what surrounds the next ones.
func TestDockIsTheFocusHome(t *testing.T) {
	html := app.HTMLString(&Table{Board: sampleBoard()})
	if err := boardtest.OneFocusHome(html); err != nil {
		t.Fatal(err)
	}
	// From the dock's own tag: go-app writes attributes in map order, so data-focus-home may
	// come before the id.
	dock := html[strings.LastIndex(html[:strings.Index(html, `id="ark-dock"`)], "<"):]
	if home, acts := strings.Index(dock, "data-focus-home"), strings.Index(dock, `class="actions"`); home < 0 || acts < 0 || home > acts {
		t.Fatalf("the dock is not the focus home around the actions: %.300s", dock)
	}
}
