//go:build linux || darwin

package cputime

import (
	"syscall"
	"time"
)

// Used is the process's user+system CPU time (0 if unreadable).
func Used() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
