//go:build js

package cputime

import (
	"syscall/js"
	"time"
)

// Used is Node's process CPU time (user+system). In a browser (no process.cpuUsage) it is
// performance.now(): wall time, which for Go's single-threaded wasm on an idle page is the time
// the page's thread spends, i.e. what a player waits on.
func Used() time.Duration {
	p := js.Global().Get("process")
	if !p.IsUndefined() && !p.Get("cpuUsage").IsUndefined() {
		u := p.Call("cpuUsage")
		return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
	}
	perf := js.Global().Get("performance")
	if perf.IsUndefined() {
		return 0
	}
	return time.Duration(perf.Call("now").Float() * float64(time.Millisecond))
}
