package session

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"miskatonic/engine"
	"miskatonic/engine/wire"
)

// Every way a table fails to be set up or resumed names its problem, whatever its English says.
func TestProblemOfRealFailures(t *testing.T) {
	st := &MemStore{}
	_, err := StartSolo(st, SoloConfig{Name: "Ann", Game: "nosuchgame", Players: 3})
	if got := ProblemOf(err); got != ProblemUnknownGame {
		t.Errorf("unknown game: %q (%v)", got, err)
	}
	_, err = StartSolo(st, SoloConfig{Name: "Ann", Game: "arkham", Players: 99})
	if got := ProblemOf(err); got != ProblemSetup {
		t.Errorf("99 players: %q (%v)", got, err)
	}
	_, err = StartHost(st, HostConfig{Name: "Ann", Game: "nosuchgame"})
	if got := ProblemOf(err); got != ProblemUnknownGame {
		t.Errorf("host of an unknown game: %q (%v)", got, err)
	}
	st.Set(slot(Solo, "arkham"), `{"kind":"solo","game":"arkham","snapshot":"not a table"}`)
	_, _, err = ResumeHost(st, Solo, "arkham")
	if got := ProblemOf(err); got != ProblemSavedBroken {
		t.Errorf("broken save: %q (%v)", got, err)
	}
	if _, ok := st.Get(slot(Solo, "arkham")); ok {
		t.Error("the broken save was kept")
	}
	st.Set(slot(Solo, "arkham"), `{{{`)
	if _, _, err = ResumeHost(st, Solo, "arkham"); ProblemOf(err) != ProblemSavedBroken {
		t.Errorf("unreadable save: %q (%v)", ProblemOf(err), err)
	}
}

func TestProblemOfKinds(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{&JoinError{Problem: ProblemFull, Err: errors.New("every seat is taken")}, ProblemFull},
		{&Error{Problem: ProblemStorage, Err: errors.New("QuotaExceededError")}, ProblemStorage},
		{engine.Errorf(wire.KindState, "table: start", "seat 1 is not ready"), "why.refused.state"},
		{engine.Errorf(engine.Kind("future"), "table", "a kind nobody words"), ProblemInternal},
		{errHands, ProblemNoSeat},
		{errNotHost, ProblemNotHost},
		{errors.New("dial tcp: refused"), ProblemInternal},
	}
	for _, c := range cases {
		if got := ProblemOf(c.err); got != c.want {
			t.Errorf("ProblemOf(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

// Problems lists every Problem constant of this package, so none goes unworded.
func TestProblemsListsEveryConstant(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	listed := Problems()
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(node ast.Node) bool {
			vs, ok := node.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, id := range vs.Names {
				if !strings.HasPrefix(id.Name, "Problem") || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				n++
				if key := strings.Trim(lit.Value, "\"`"); !slices.Contains(listed, key) {
					t.Errorf("%s (%s) is not in Problems()", id.Name, key)
				}
			}
			return true
		})
	}
	if n != len(listed) {
		t.Errorf("%d Problem constants, Problems() lists %d", n, len(listed))
	}
}
