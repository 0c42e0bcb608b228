//go:build browser

package e2e

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/chromedp/cdproto/profiler"
)

// profileStages splits one page's CPU profile (profilePages) into the stages of a move, in
// milliseconds per move: each sample goes to the first stage its stack names, from the
// innermost frame out (a JSON encoding inside the host's work is JSON, not the host's), and
// separately to the activity that started it, from the outermost frame in (drawing, the host,
// the page's own seat, saving). Go's functions keep their names in the wasm unless it is built
// with -s: `make wasm` strips them (E2E_CPU_PROFILE wants a wasm built without -s -w).
// Sampled wall time, not CPU: on a loaded machine every stage stretches alike.
func profileStages(p *profiler.Profile, moves int) string {
	parent := map[int64]*profiler.ProfileNode{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n
		}
	}
	stage, activity := map[string]float64{}, map[string]float64{}
	total := 0.0
	for i, id := range p.Samples {
		if i+1 >= len(p.TimeDeltas) {
			break
		}
		n := byID[id]
		if n == nil || n.CallFrame.FunctionName == "(idle)" {
			continue
		}
		d := float64(p.TimeDeltas[i+1]) / 1000
		var stack []string // innermost first
		for m := n; m != nil; m = parent[m.ID] {
			stack = append(stack, m.CallFrame.FunctionName)
		}
		total += d
		stage[innerStage(stack)] += d
		activity[outerActivity(stack)] += d
	}
	per := func(m map[string]float64) string {
		keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int { return cmp.Compare(m[b], m[a]) })
		var lines []string
		for _, k := range keys[:min(len(keys), 14)] {
			lines = append(lines, fmt.Sprintf("    %7.2f ms/move %5.1f%%  %s", m[k]/float64(max(1, moves)), 100*m[k]/max(total, 1), k))
		}
		return strings.Join(lines, "\n")
	}
	return fmt.Sprintf("busy %.1f ms/move (sampled, %d moves); by stage:\n%s\n  by what started it:\n%s",
		total/float64(max(1, moves)), moves, per(stage), per(activity))
}

// The wasm's names are mangled for JavaScript: "miskatonic/engine/table.(*Host).loop" shows as
// "miskatonic_engine_table.__Host_.loop", go-app's package as "…go_app_v9_pkg_app.".
const goApp = "go_app_v9_pkg_app."

func has(f string, subs ...string) bool {
	for _, s := range subs {
		if strings.Contains(f, s) {
			return true
		}
	}
	return false
}

// innerStage: the first frame from the leaf out that belongs to a stage of a move.
func innerStage(stack []string) string {
	for _, f := range stack {
		if has(f, "runtime.gcBgMarkWorker", "runtime.gcDrain", "runtime.gcAssist", "runtime.bgsweep", "runtime.bgscavenge", "runtime.markroot") {
			return "Go GC"
		}
	}
	for i, f := range stack {
		switch {
		case f == "(program)":
			return "browser outside JS and wasm (style, layout, paint, event loop, DevTools)"
		case f == "(garbage collector)":
			return "JavaScript GC"
		case has(f, "sigcheck", "ed25519", "edwards25519", "sha512"):
			return "signatures"
		case has(f, "encoding_json"):
			return "JSON"
		case f == "wasm-to-js" && i+1 < len(stack) && has(strings.Join(stack[i+1:], " "), goApp):
			return "go-app's DOM calls (JS)"
		case f == "wasm-to-js":
			return "other JS calls from Go (send, storage, timers)"
		case has(f, goApp+"__Compo_.updateWith"):
			return "go-app: comparing components (reflect)"
		case has(f, ".Render", ".Draw"):
			return "building UI trees (Render, Draw)"
		case has(f, goApp):
			return "go-app: diff and mount"
		case has(f, "miskatonic_engine_"):
			return "engine: " + area(f)
		case has(f, "miskatonic_app_"):
			return "app: " + area(f)
		case has(f, "pion_"):
			return "pion"
		}
	}
	return "other Go or JS: " + stack[0]
}

// outerActivity: the first frame from the root in that names what set the work going.
func outerActivity(stack []string) string {
	for i := len(stack) - 1; i >= 0; i-- {
		f := stack[i]
		switch {
		case f == "(program)" || f == "(garbage collector)":
			return f
		case has(f, goApp+"__engine_.handleFrame", goApp+"__engine_.Consume"):
			return "go-app drawing"
		case has(f, "session.__Session_.saver"):
			return "saving the table"
		case has(f, "miskatonic_engine_table.__Host_"):
			return "the table's host"
		case has(f, "miskatonic_engine_table.__Guest_"):
			return "this page's own seat (table guest)"
		case has(f, "miskatonic_app_rtc", "pion_"):
			return "network"
		case has(f, goApp):
			return "go-app dispatch (event handlers, takes)"
		}
	}
	return "other"
}

func area(f string) string {
	f = f[strings.Index(f, "miskatonic_")+len("miskatonic_"):]
	if j := strings.Index(f, "."); j > 0 {
		f = f[:j]
	}
	return strings.ReplaceAll(f, "_", "/")
}
