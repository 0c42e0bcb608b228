//go:build !js

package mask

import (
	"syscall"
	"testing"
)

// cpuPerOp reports the process's CPU time per operation beside the wall time: the build machine
// is shared, and CPU time is what a player's device would spend. Call it just before b.Loop and
// defer the result.
func cpuPerOp(b *testing.B) func() {
	start := cpuNanos()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpuNanos()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
