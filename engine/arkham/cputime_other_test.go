//go:build !(linux || darwin || js)

package arkham

import "time"

// cpuTime is unavailable here; the benchmark then reports wall-clock figures only.
func cpuTime() time.Duration { return 0 }
