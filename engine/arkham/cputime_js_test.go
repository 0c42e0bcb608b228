//go:build js

package arkham

import (
	"syscall/js"
	"time"
)

// cpuTime is Node's process CPU time (user+system); 0 outside Node.
func cpuTime() time.Duration {
	p := js.Global().Get("process")
	if p.IsUndefined() || p.Get("cpuUsage").IsUndefined() {
		return 0
	}
	u := p.Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}
