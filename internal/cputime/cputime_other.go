//go:build !(linux || darwin || js)

package cputime

import "time"

// Used is unavailable here; benchmarks then report wall-clock figures only.
func Used() time.Duration { return 0 }
