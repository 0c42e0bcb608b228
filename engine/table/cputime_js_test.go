//go:build js

package table

import (
	"time"

	"miskatonic/internal/cputime"
)

// threadCPU under Node is the process's CPU time (process.cpuUsage): Go's wasm runs on one
// thread, so it is the work done, not the wait for a core on a busy machine.
func threadCPU() time.Duration { return cputime.Used() }
