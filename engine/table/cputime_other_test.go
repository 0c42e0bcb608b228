//go:build !linux && !js

package table

import "time"

var start = time.Now()

// threadCPU falls back to wall time where the thread's CPU clock is not at hand.
func threadCPU() time.Duration { return time.Since(start) }
