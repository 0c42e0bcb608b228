//go:build js

package mask

import (
	"syscall/js"
	"testing"
)

// cpuPerOp reports Node's process CPU time per operation beside the wall time (the build
// machine is shared, so wall time overstates what a device spends). Outside Node it reports
// nothing.
func cpuPerOp(b *testing.B) func() {
	start := cpuNanos()
	return func() {
		if b.N > 0 && start >= 0 {
			b.ReportMetric(float64(cpuNanos()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

func cpuNanos() int64 {
	p := js.Global().Get("process")
	if p.IsUndefined() || p.Get("cpuUsage").IsUndefined() {
		return -1
	}
	u := p.Call("cpuUsage")
	return int64(u.Get("user").Float()+u.Get("system").Float()) * 1000
}
