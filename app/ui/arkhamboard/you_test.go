package arkhamboard

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// TestSeatYouOnce: a seat whose player kept the quick game's default name reads "You", not
// "You (you)"; a named player reads "Ann (you)".
func TestSeatYouOnce(t *testing.T) {
	for name, want := range map[string]string{"You": ">You<", "Ann": ">Ann (you)<"} {
		out := html.UnescapeString(app.HTMLString(seatTile(Seat{Name: name, You: true, Sanity: 3}, nil, nil)))
		if !strings.Contains(out, want) || strings.Contains(out, "You (you)") {
			t.Errorf("seat named %q: want %q in %s", name, want, out)
		}
	}
}
