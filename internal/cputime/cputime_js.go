//go:build js

package cputime

import (
	"syscall/js"
	"time"
)

// Used is Node's process CPU time (user+system); 0 outside Node.
func Used() time.Duration {
	p := js.Global().Get("process")
	if p.IsUndefined() || p.Get("cpuUsage").IsUndefined() {
		return 0
	}
	u := p.Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}
