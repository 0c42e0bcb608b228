//go:build linux || darwin

package ritualsbot

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time: on a shared machine it measures a decision's
// cost better than the wall clock does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
