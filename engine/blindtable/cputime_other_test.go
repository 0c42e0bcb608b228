//go:build !(linux || darwin || js)

package blindtable

import "time"

// cpuTime is unavailable here; the benchmark then reports wall-clock figures only.
func cpuTime() time.Duration { return 0 }
