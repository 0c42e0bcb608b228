package table

// The table's own verdict: a rule of fair play broken when no deal is left to carry it.

import (
	"strconv"

	"miskatonic/engine/fair"
	"miskatonic/engine/wire"
)

// Fault is a rule of fair play the host broke that no deal's verdict shows: found when every
// deal of the game was verified already (the final screen changed after the last reveal, a
// verified moment of the game shown again differently). Code (a wire reason code) and Args are
// worded by the reader's catalog like a deal's; Problem is the English detail.
type Fault struct {
	Code    string   `json:"code"`
	Args    []string `json:"args,omitempty"`
	Problem string   `json:"problem,omitempty"`
}

// fault records why as the table's verdict, if it has none yet: the first broken rule is
// the one to tell (later ones follow from it).
func (g *Guest) fault(why reason) {
	if g.st.Fault == nil {
		g.st.Fault = &Fault{Code: why.code, Args: why.args, Problem: why.text}
	}
}

// viewChanged is rule 4 broken at seq: a second, different view for a moment of the game.
func viewChanged(seq int, detail string) *reason {
	return &reason{wire.DealViewChanged, "the host showed a changed view for seq " + strconv.Itoa(seq) + ": " + detail, []string{strconv.Itoa(seq)}}
}

// sameShown says two views for one seq are the same (view, legal moves and status).
func sameShown(a, b fair.Shown) bool { return fair.SameShown(a, b) }
